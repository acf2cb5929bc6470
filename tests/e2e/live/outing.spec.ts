import { expect, type Locator, type Page } from '@playwright/test';
import { localDateTime } from '../../../domain/clock.js';
import { outingEvents } from '../../../machines/outingMachine.js';
import { test } from '../fixtures.js';
import { mapDrawn, openMapCard, showFloor } from '../realtime.js';
import { ADMIN, selectElder, signIn } from '../support.js';

const SHOTS = process.env.E2E_SHOTS ? '.tmp' : null;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/outing-${name}.png`, fullPage: true });
};

type Rec = Record<string, unknown>;

// an office screen: the lists' operation column is in view without scrolling
test.use({ viewport: { width: 1920, height: 1080 } });

/** A GET of the API with the page's session. */
async function api(page: Page, url: string): Promise<Rec> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.get(url, { headers: { authorization: token } });
  const body = (await res.json()) as { code: number; result: Rec };
  expect(body.code).toBe(0);
  return body.result;
}

/** A PUT or POST of the API with the page's session. */
async function send(page: Page, method: 'PUT' | 'POST', url: string, data: Rec = {}): Promise<Rec> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.fetch(url, { method, headers: { authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; result: Rec };
  expect(body.msg).toBe('成功');
  return body.result;
}

/** The home's time `minutes` from now (the server runs on this machine's clock and zone). */
const at = (minutes: number) => localDateTime(Date.now() + minutes * 60_000);

/** An outing registered and passed by the API, planned from `from` to `until` minutes from now. */
async function approvedOuting(page: Page, oldmanId: unknown, from: number, until: number) {
  const { outId } = await send(page, 'POST', '/pims/web-org/oldmanOut', {
    oldmanId,
    outReason: 2,
    destination: '儿子家',
    expectedOutTime: at(from),
    expectedReturnTime: at(until),
    companionName: '王建国',
    companionPhone: '13912345678',
    relation: 2,
  });
  await send(page, 'PUT', `/pims/web-org/oldmanOutAudit/pass/${String(outId)}`);
  return Number(outId);
}

/** Registers an outing for an elder through the 新增 form of 外出登记. */
async function registerOuting(page: Page, screen: Locator, elderName: string, destination: string) {
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('resource-form-outing');
  await selectElder(form.getByLabel('外出长者', { exact: true }), elderName);
  await form.getByLabel('外出事由', { exact: true }).selectOption({ label: '就医' });
  await form.getByLabel('外出地点').fill(destination);
  await form.getByLabel('陪同人', { exact: true }).fill('王建国');
  await form.getByLabel('陪同人电话').fill('13912345678');
  await form.getByLabel('与长者关系').selectOption({ label: '儿子' });
  await shot(page, 'form');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);
}

/** The operation cell of an elder's row (Table2 has no row elements: the cell is a named group). */
const rowOf = (screen: Locator, elderName: string) => screen.getByRole('group', { name: elderName });

/** Opens a row's step, fills its note and confirms it. */
async function runStep(page: Page, row: Locator, label: string, note = '') {
  await row.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  if (note) await dialog.getByRole('textbox', { name: /意见|原因|情况|备注/ }).fill(note);
  const step = Object.values(outingEvents).find((e) => e.label === label);
  if (!step) throw new Error(`no outing step ${label}`);
  await dialog.getByRole('button', { name: step.confirm, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.bp6-toast').getByText(step.done)).toBeVisible();
}

test('outing: registered for a resident, passed by the audit, the elder goes out and comes back', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const [elder] = (await api(page, '/pims/web-pi/oldmans?oldmanStatuses=1&pageSize=1')).list as Rec[];
  const name = String(elder?.oldmanName);

  await page.goto('/index.html#/oldman/oldmanOutList');
  const register = page.getByTestId('page-outing-register');
  await expect(register.getByText('暂无数据')).toBeVisible();
  await registerOuting(page, register, name, '市第一人民医院');
  const table = register.getByTestId('resource-table');
  await expect(table.getByText('待审核')).toBeVisible();
  // Waiting for the audit: the machine offers no 确认外出 yet.
  await expect(rowOf(register, name).getByRole('button', { name: '确认外出' })).toHaveCount(0);
  await expect(rowOf(register, name).getByRole('button', { name: '取消外出' })).toBeVisible();
  await shot(page, 'registered');

  await page.goto('/index.html#/live/Outing/audit');
  const audit = page.getByTestId('page-outing-audit');
  await expect(audit.getByRole('tab', { name: '待审核' })).toHaveAttribute('aria-selected', 'true');
  await runStep(page, rowOf(audit, name), '审核通过', '同意，按时返院');
  await expect(audit.getByText('暂无数据')).toBeVisible();

  await page.goto('/index.html#/live/Outing/register');
  await expect(register.getByTestId('resource-table').getByText('待外出')).toBeVisible();
  await runStep(page, rowOf(register, name), '确认外出');
  await expect(register.getByTestId('resource-table').getByText('外出中')).toBeVisible();
  await expect(rowOf(register, name).getByRole('button', { name: '延期' })).toBeVisible();
  await shot(page, 'out');
  await runStep(page, rowOf(register, name), '返院登记', '精神良好');
  await expect(register.getByTestId('resource-table').getByText('已返院')).toBeVisible();
  await expect(rowOf(register, name).getByRole('button', { name: '返院登记' })).toHaveCount(0);

  await rowOf(register, name).getByRole('button', { name: '查看' }).click();
  const history = page.getByTestId('outing-history');
  await expect(history.getByRole('row')).toHaveCount(5);
  for (const step of ['登记外出', '审核通过', '确认外出', '返院登记'])
    await expect(history.getByText(step, { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('同意，按时返院')).toHaveCount(2);
  await shot(page, 'detail');

  const stored = (await api(page, '/pims/web-org/oldmanOut?pageHelper=0')).list as Rec[];
  expect(stored).toMatchObject([
    { oldmanName: name, outStatus: 4, destination: '市第一人民医院', returnRemark: '精神良好' },
  ]);
});

test('outing: a declined outing ends with the audit opinion and offers nothing more', async ({ page }) => {
  await signIn(page, ADMIN);
  const elders = (await api(page, '/pims/web-pi/oldmans?oldmanStatuses=1&pageSize=3')).list as Rec[];
  const name = String(elders[2]?.oldmanName);

  await page.goto('/index.html#/live/Outing/register');
  const register = page.getByTestId('page-outing-register');
  await registerOuting(page, register, name, '儿子家');

  await page.goto('/index.html#/oldman/outCheckList');
  const audit = page.getByTestId('page-outing-audit');
  const row = rowOf(audit, name);
  await row.getByRole('button', { name: '审核驳回', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '审核驳回' });
  // Declining needs an opinion: the button waits for one.
  await expect(dialog.getByRole('button', { name: '驳回', exact: true })).toBeDisabled();
  await dialog.getByRole('textbox', { name: /意见/ }).fill('近期血压不稳，暂缓外出');
  await dialog.getByRole('button', { name: '驳回', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);

  await audit.getByRole('tab', { name: '全部' }).click();
  await expect(audit.getByTestId('resource-table').getByText('已驳回')).toBeVisible();
  await shot(page, 'declined');

  await page.goto('/index.html#/live/Outing/register');
  await expect(register.getByTestId('resource-table').getByText('已驳回')).toBeVisible();
  for (const label of ['编辑', '确认外出', '取消外出', '延期', '返院登记'])
    await expect(rowOf(register, name).getByRole('button', { name: label, exact: true })).toHaveCount(0);
  const stored = (await api(page, '/pims/web-org/oldmanOut?outStatus=2')).list as Rec[];
  expect(stored).toMatchObject([{ oldmanName: name, auditOpinion: '近期血压不稳，暂缓外出' }]);
});

test('outing: one past its return is a reminder on the workbench until the return is registered', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const elders = (await api(page, '/pims/web-pi/oldmans?oldmanStatuses=1&pageSize=6')).list as Rec[];
  const elder = elders[4] as Rec;
  const name = String(elder.oldmanName);
  // Left two and a half hours ago, expected back an hour ago.
  const outId = await approvedOuting(page, elder.oldmanId, -180, -60);
  await send(page, 'PUT', `/pims/web-org/oldmanOut/affirm/${outId}`, { actualOutTime: at(-150) });

  await page.goto('/index.html#/home');
  const reminders = page.getByTestId('workbench-reminders');
  const item = reminders.getByTestId('remind-item').filter({ hasText: name });
  await expect(item).toContainText('超时未返院');
  await expect(item).toContainText(`预计返院 ${at(-60).slice(0, 16)}`);
  await expect(item).toContainText(/已超时 1小时/);
  await shot(page, 'reminder');

  await item.getByRole('button', { name: `处理${name}的外出` }).click();
  const register = page.getByTestId('page-outing-register');
  // the elder named with the bed, as everywhere an elder is chosen
  await expect(register.getByTestId('outing-one-elder')).toContainText(`只显示${name}（`);
  await expect(register.getByTestId('outing-one-elder')).toContainText('的外出登记');
  await expect(rowOf(register, name).getByTestId('outing-overdue')).toBeVisible();
  await runStep(page, rowOf(register, name), '返院登记', '已平安返院');
  await expect(register.getByTestId('resource-table').getByText('已返院')).toBeVisible();

  await page.goto('/index.html#/home');
  await expect(reminders).toBeVisible();
  await expect(reminders.getByTestId('remind-item').filter({ hasText: name })).toHaveCount(0);
});

test('outing: the map card and the bed card show 外出中 as soon as the elder leaves, without a reload', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const residents = new Map(
    ((await api(page, '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0')).list as Rec[]).map((e) => [
      Number(e.oldmanId),
      String(e.oldmanName),
    ]),
  );
  const [building] = (await api(page, '/loms/web-lo/pnt/building')) as unknown as { buildingId: number }[];
  const devices = (await api(page, '/loms/web-lo/pnt/device/list/rt')) as unknown as Rec[];
  const watch = devices.findLast(
    (d) => d.buildingId === building?.buildingId && d.floorNo === 1 && residents.has(Number(d.oldmanId)),
  );
  if (!watch) throw new Error('no resident with a watch on the first floor');

  await page.goto('/index.html#/yunmuIot/elderPosition/realTime');
  await expect(page.getByTestId('health-light')).toHaveAttribute('data-state', 'ok');
  await mapDrawn(page);
  // the floor's other markers walk too: click when none is on hers
  const sameFloor = devices
    .filter((d) => d.buildingId === building?.buildingId && d.floorNo === 1)
    .map((d) => Number(d.deviceId));
  await showFloor(page, building?.buildingId ?? 0, 1);
  const card = await openMapCard(page, Number(watch.deviceId), String(watch.oldmanName), sameFloor);
  await expect(card.getByTestId('elder-outing')).toHaveCount(0);
  const outId = await approvedOuting(page, watch.oldmanId, -10, 120);
  await send(page, 'PUT', `/pims/web-org/oldmanOut/affirm/${outId}`);
  await expect(card.getByTestId('elder-outing')).toHaveText('外出中', { timeout: 3_000 });
  await shot(page, 'map-card-out');
  await send(page, 'PUT', `/pims/web-org/oldmanOut/back/${outId}`);
  await expect(card.getByTestId('elder-outing')).toHaveCount(0, { timeout: 3_000 });

  // A bed card not lit by an alarm (an alarm's colour wins over 外出中).
  await page.goto('/index.html#/yunmuIot/bedCards');
  const quiet = page.locator(
    '[data-testid="bed-card"]:is([data-tone="ok"],[data-tone="away"],[data-tone="silent"])',
  );
  await expect(quiet.first()).toBeVisible();
  const candidates = await quiet.evaluateAll((cards) =>
    cards.map((c) => Number(c.getAttribute('data-oldman-id'))),
  );
  const oldmanId = candidates.reverse().find((id) => residents.has(id) && id !== Number(watch.oldmanId));
  if (!oldmanId) throw new Error('no quiet bed card of a resident');
  const bed = page.locator(`[data-testid="bed-card"][data-oldman-id="${oldmanId}"]`);
  const bedOut = await approvedOuting(page, oldmanId, -10, 120);
  await send(page, 'PUT', `/pims/web-org/oldmanOut/affirm/${bedOut}`);
  // sooner than the cards' 5 s poll
  await expect(bed).toHaveAttribute('data-tone', 'outing', { timeout: 3_000 });
  await expect(bed).toContainText('外出中');
  await shot(page, 'bed-card-out');
  await send(page, 'PUT', `/pims/web-org/oldmanOut/back/${bedOut}`);
  await expect(bed).not.toHaveAttribute('data-tone', 'outing', { timeout: 3_000 });
});
