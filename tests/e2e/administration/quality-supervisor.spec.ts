import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { NURSE, selectElder, signIn } from '../support.js';

/** 护理一部's 护士长 (issue #37 point 8): the department head the report reaches. */
const HEAD_NURSE = { loginName: 'hushizhang01', password: 'Hushizhang@2026' };

/**
 * Issue #37 point 5: the nurse reports an adverse event and cannot close it; the supervisor finds it
 * in the bell, investigates, rectifies and closes it, and reads each step in 调查与整改记录.
 */
test.use({ viewport: { width: 1366, height: 768 } });
type Rec = Record<string, unknown>;

async function api(page: Page, url: string): Promise<Rec> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.fetch(url, { headers: { authorization: token } });
  const body = (await res.json()) as { code: number; msg: string; result: Rec };
  expect(body.code, body.msg).toBe(0);
  return body.result;
}

/** A step that carries a form: the dialog, its fields filled, 保存, the toast. */
async function formStep(page: Page, where: Locator, label: string, fields: Record<string, string>) {
  await where.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${label}：`) });
  for (const [name, value] of Object.entries(fields))
    await dialog.getByLabel(name, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.bp6-toast').getByText(`已${label}`)).toBeVisible();
}

test('不良事件: the nurse reports and cannot 结案; the supervisor sees the bell, investigates, closes and reads the log', async ({
  page,
  browser,
}) => {
  await signIn(page, NURSE);
  // a resident of her department with no adverse event yet, and no namesake
  const residents = (await api(page, '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0')).list as Rec[];
  const events = (await api(page, '/pims/web-org/quality/adverseEvent?pageHelper=0')).list as Rec[];
  const taken = new Set(events.map((e) => Number(e.oldmanId)));
  const count = (n: unknown) => residents.filter((r) => r.oldmanName === n).length;
  const elder = residents.find((r) => !taken.has(Number(r.oldmanId)) && count(r.oldmanName) === 1);
  const name = String(elder?.oldmanName);
  const place = `护理站旁 ${Date.now() % 100000}`;

  await page.goto('/index.html#/administration/adverseEvent/records');
  const screen = page.getByTestId('page-adverse-events');
  await expect(screen.getByTestId('resource-table')).toBeVisible();
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('resource-form-adverseEvent');
  await form.getByLabel('事件类型', { exact: true }).selectOption({ label: '跌倒' });
  await selectElder(form.getByLabel('长者', { exact: true }), name);
  const hourAgo = await page.evaluate(() => {
    const d = new Date(Date.now() - 3_600_000);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
  await form.getByLabel('发生时间').fill(hourAgo);
  await form.getByLabel('发生地点').fill(place);
  await form.getByLabel('伤害程度').selectOption({ label: '轻度伤害' });
  await form.getByLabel('事件经过').fill('长者起身时滑倒，左膝擦伤。');
  await form.getByLabel('即时处置措施').fill('扶起检查，消毒包扎，通知医生和家属。');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);

  // the reporting nurse investigates and rectifies, but holds no 结案: no such button, here or on the record
  const row = screen.getByRole('group', { name: `跌倒·${name}` });
  await expect(row.getByRole('button', { name: '开始调查', exact: true })).toBeEnabled();
  await expect(row.getByRole('button', { name: '结案', exact: true })).toHaveCount(0);
  await row.getByRole('button', { name: '查看', exact: true }).click();
  const mine = page.getByTestId('page-adverse-event-detail');
  await expect(mine.getByTestId('adverse-status')).toHaveText('已上报');
  await expect(mine.getByRole('button', { name: '开始调查', exact: true })).toBeEnabled();
  await expect(mine.getByRole('button', { name: '结案', exact: true })).toHaveCount(0);

  // the supervisor (护理一部's 护士长) finds it in the bell
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const head = await context.newPage();
  await signIn(head, HEAD_NURSE);
  await head.getByTestId('bell').click();
  const title = `不良事件上报：跌倒·${name}（轻度伤害）`;
  await expect(head.getByTestId('bell-panel').getByRole('button', { name: title }).first()).toBeVisible();
  await head.keyboard.press('Escape');

  await head.goto('/index.html#/administration/adverseEvent/records');
  const list = head.getByTestId('page-adverse-events');
  await expect(list.getByTestId('resource-table')).toBeVisible();
  await list
    .getByRole('group', { name: `跌倒·${name}` })
    .first()
    .getByRole('button', { name: '查看', exact: true })
    .click();
  const detail = head.getByTestId('page-adverse-event-detail');
  await expect(detail.getByText(place, { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: '开始调查', exact: true }).click();
  await expect(head.locator('.bp6-toast').getByText('已开始调查')).toBeVisible();
  await expect(detail.getByTestId('adverse-status')).toHaveText('调查中');
  await formStep(head, detail, '提交整改', {
    原因分析: '长者起身过快，床旁无扶手。',
    整改措施: '床旁加装扶手，起身前先坐一分钟。',
  });
  await formStep(head, detail, '结案', { 结案结论: '一般不良事件，已整改。' });
  await expect(detail.getByTestId('adverse-status')).toHaveText('已结案');

  // 调查与整改记录: one row per step, by the one who took it
  const log = detail.getByTestId('resource-table');
  await expect(log.getByText('开始调查', { exact: true }).first()).toBeVisible();
  await expect(log.getByText(/^提交整改。原因分析：长者起身过快/).first()).toBeVisible();
  await expect(log.getByText(/^结案。.*结案结论：一般不良事件，已整改。$/).first()).toBeVisible();
  await expect(log.getByText('赵淑芬', { exact: true }).first()).toBeVisible();
  await expect(log.getByText('尚无调查与整改记录')).toHaveCount(0);
  await context.close();
});
