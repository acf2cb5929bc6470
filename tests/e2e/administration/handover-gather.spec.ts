import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, NURSE, signIn } from '../support.js';

/**
 * Issue #37 point 4: the nurse's 新增 交接班 starts from the shift now and herself; the record gathers
 * an abnormal reading of the shift, 记入交代 takes it into the elder's note; the receiver acknowledges
 * the elder (已知晓) before 接班确认 is taken.
 */
test.use({ viewport: { width: 1366, height: 768 } });
type Rec = Record<string, unknown>;

async function api(page: Page, method: 'GET' | 'POST', url: string, data?: Rec): Promise<Rec> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.fetch(url, { method, headers: { authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; result: Rec };
  expect(body.code, body.msg).toBe(0);
  return body.result;
}

test('交接班: 新增 starts from the shift now; a reading of the shift is taken into a note; the receiver knows each elder, then confirms', async ({
  page,
  browser,
}) => {
  await signIn(page, NURSE);
  const me = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').empInfo);
  const residents = (await api(page, 'GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0'))
    .list as Rec[];
  const count = (n: unknown) => residents.filter((r) => r.oldmanName === n).length;
  const elder = residents.find((r) => count(r.oldmanName) === 1 && r.bedId != null);
  const name = String(elder?.oldmanName);
  const shift = await api(page, 'GET', '/pims/web-org/quality/handover/gather');
  // a high blood pressure measured in this shift, a minute ago or at its start when it began less than a
  // minute ago (a run at 07:00 put the reading in the night shift); each run its own reading
  const systolic = 181 + (Date.now() % 60);
  const minuteAgo = await page.evaluate(() => {
    const d = new Date(Date.now() - 60_000);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
  });
  const shiftFrom = String(shift.from);
  await api(page, 'POST', '/pims/web-yh/piOldmanSign', {
    oldmanId: elder?.oldmanId,
    signType: 1,
    measureTime: [minuteAgo, shiftFrom].sort()[1],
    systolic,
    diastolic: 100,
    recorder: '李秀英',
  });

  await page.goto('/index.html#/administration/shiftExchange/records');
  const screen = page.getByTestId('page-handovers');
  await expect(screen.getByTestId('resource-table')).toBeVisible();
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('resource-form-handover');
  await expect(form.getByLabel('交班人', { exact: true })).toHaveValue(String(me.empId));
  await expect(form.getByLabel('交班日期', { exact: true })).toHaveValue(String(shift.handoverDate));
  await expect(form.getByLabel('交班班次', { exact: true })).toHaveValue(String(shift.fromShift));
  await expect(form.getByLabel('接班班次', { exact: true })).toHaveValue(String(shift.toShift));
  await expect(form.getByLabel('护理部门', { exact: true })).toHaveValue(String(shift.deptId));
  await form.getByLabel('接班人', { exact: true }).selectOption({ label: '王建国' });
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);

  const mine = (await api(page, 'GET', '/pims/web-org/quality/handover?pageHelper=0')).list as Rec[];
  const handoverId = Math.max(...mine.map((r) => Number(r.handoverId)));
  await page.goto(`/index.html#/administration/shiftExchange/detail?id=${handoverId}`);
  const detail = page.getByTestId('page-handover-detail');
  const gathered = detail.getByTestId('handover-gathered');
  // the reading, and the alarm it raised, are both the shift's
  await expect(
    gathered
      .getByRole('table', { name: '未处理告警' })
      .getByRole('row')
      .filter({ hasText: `血压${systolic}/100mmHg` }),
  ).toHaveCount(1);
  const reading = gathered
    .getByRole('table', { name: '异常体征' })
    .getByRole('row')
    .filter({ hasText: `血压${systolic}/100mmHg` });
  await expect(reading.getByRole('cell', { name: name, exact: true })).toBeVisible();
  await reading.getByRole('button', { name: '记入交代' }).click();
  await expect(page.locator('.bp6-toast').getByText(`已记入${name}的交代`)).toBeVisible();
  await expect(
    detail.getByTestId('resource-detail-handover').locator('dd[data-field="itemCount"]'),
  ).toHaveText('1');
  await expect(
    detail
      .getByTestId('resource-table')
      .getByText(new RegExp(`血压${systolic}/100mmHg`))
      .first(),
  ).toBeVisible();

  // the receiver: 接班确认 waits for 已知晓 on each elder
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const receiver = await context.newPage();
  await signIn(receiver, ADMIN);
  await receiver.goto(`/index.html#/administration/shiftExchange/detail?id=${handoverId}`);
  const theirs = receiver.getByTestId('page-handover-detail');
  await theirs.getByRole('button', { name: '接班确认', exact: true }).click();
  await expect(
    receiver.locator('.bp6-toast').getByText('还有1位长者的交代未确认知晓，请逐一确认后再接班'),
  ).toBeVisible();
  await theirs.getByRole('button', { name: '已知晓', exact: true }).click();
  await expect(receiver.locator('.bp6-toast').getByText('已确认知晓')).toBeVisible();
  await expect(theirs.getByRole('button', { name: '已知晓', exact: true })).toBeDisabled();
  await theirs.getByRole('button', { name: '接班确认', exact: true }).click();
  await expect(receiver.locator('.bp6-toast').getByText('已接班确认')).toBeVisible();
  await expect(theirs.getByRole('heading', { name: /（已接班）$/ })).toBeVisible();
  // the giver sees nothing left to write, and no 已知晓 of her own
  await page.reload();
  await expect(detail.getByRole('heading', { name: /（已接班）$/ })).toBeVisible();
  await expect(detail.getByTestId('handover-gathered')).toHaveCount(0);
  await expect(detail.getByRole('button', { name: '已知晓', exact: true })).toHaveCount(0);
  await context.close();
});
