import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, selectElder, signIn } from '../support.js';

test.use({ viewport: { width: 1366, height: 768 } });
type Rec = Record<string, unknown>;

async function api(page: Page, url: string): Promise<Rec> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.fetch(url, { headers: { authorization: token } });
  const body = (await res.json()) as { code: number; msg: string; result: Rec };
  expect(body.code, body.msg).toBe(0);
  return body.result;
}

/** A row's step that carries a form: the dialog, its fields filled, 保存, the toast. */
async function formStep(page: Page, row: Locator, label: string, fields: Record<string, string>) {
  await row.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${label}：`) });
  for (const [name, value] of Object.entries(fields))
    await dialog.getByLabel(name, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.bp6-toast').getByText(`已${label}`)).toBeVisible();
}

test('不良事件: a fall is reported for an elder, investigated, rectified and closed; the closed event is read-only', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  // a resident with no adverse event yet, and no namesake
  const residents = (await api(page, '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0')).list as Rec[];
  const events = (await api(page, '/pims/web-org/quality/adverseEvent?pageHelper=0')).list as Rec[];
  const taken = new Set(events.map((e) => Number(e.oldmanId)));
  const count = (n: unknown) => residents.filter((r) => r.oldmanName === n).length;
  const elder = residents.find((r) => !taken.has(Number(r.oldmanId)) && count(r.oldmanName) === 1);
  const name = String(elder?.oldmanName);

  await page.goto('/index.html#/administration/adverseEvent/records');
  const screen = page.getByTestId('page-adverse-events');
  await expect(screen.getByTestId('resource-table')).toBeVisible();
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('resource-form-adverseEvent');
  await form.getByLabel('事件类型', { exact: true }).selectOption({ label: '跌倒' });
  await selectElder(form.getByLabel('长者', { exact: true }), name);
  // an hour ago on the home's wall clock (the browser's zone), as a datetime-local input takes it
  const hourAgo = await page.evaluate(() => {
    const d = new Date(Date.now() - 3_600_000);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
  await form.getByLabel('发生时间').fill(hourAgo);
  await form.getByLabel('发生地点').fill('2楼卫生间');
  await form.getByLabel('伤害程度').selectOption({ label: '轻度伤害' });
  await form.getByLabel('事件经过').fill('长者如厕起身时滑倒，右手掌擦伤。');
  await form.getByLabel('即时处置措施').fill('扶起检查，消毒包扎，通知医生和家属。');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);

  const row = screen.getByRole('group', { name: `跌倒·${name}` });
  await expect(screen.getByTestId('resource-table').getByText('已上报').first()).toBeVisible();
  await expect(row.getByRole('button', { name: '结案', exact: true })).toBeDisabled();
  await row.getByRole('button', { name: '开始调查', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '开始调查' }).click();
  await expect(page.locator('.bp6-toast').getByText('已开始调查')).toBeVisible();
  await formStep(page, row, '提交整改', {
    原因分析: '卫生间地面有水渍，长者未呼叫护理员。',
    整改措施: '卫生间加铺防滑垫，夜班增加巡视。',
  });
  await formStep(page, row, '结案', { 结案结论: '一般不良事件，整改已落实。' });

  // closed: every step greyed, the record read-only
  for (const label of ['删除', '编辑', '开始调查', '提交整改', '结案'])
    await expect(row.getByRole('button', { name: label, exact: true })).toBeDisabled();
  await row.getByRole('button', { name: '查看', exact: true }).click();
  const detail = page.getByTestId('page-adverse-event-detail');
  await expect(detail.getByTestId('adverse-status')).toHaveText('已结案');
  await expect(detail.getByText('一般不良事件，整改已落实。', { exact: true })).toBeVisible();
  await expect(detail.getByText('卫生间地面有水渍，长者未呼叫护理员。', { exact: true })).toBeVisible();
  await expect(detail.getByRole('button', { name: '结案', exact: true })).toBeDisabled();
  // each step wrote its row of 调查与整改记录 (issue #37)
  const log = detail.getByTestId('resource-table');
  await expect(log.getByText('开始调查', { exact: true }).first()).toBeVisible();
  await expect(log.getByText(/^提交整改。原因分析：卫生间地面有水渍/).first()).toBeVisible();
  await expect(log.getByText(/^结案。.*结案结论：一般不良事件，整改已落实。$/).first()).toBeVisible();
  await expect(detail.getByRole('button', { name: '新增', exact: true })).toHaveCount(0);
});
