import { expect, type Page } from '@playwright/test';
import { today } from '../../../domain/clock.js';
import { BedMapStatus, LiveStatus, ResidencePaths } from '../../../domain/resources/residence.js';
import { COST } from '../../../features/expense/api.js';
import { idCard } from '../../support/idCards.js';

/** What the path-test drivers share: a signed-in API call, a fresh resident, the 退住结算 screen. */
export type Rec = Record<string, unknown>;

/** The token of the signed-in console. */
export const tokenOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token as string);

/** A call with the console's token; the answer must be code 0 (the server's message when not). */
export async function call(
  page: Page,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
): Promise<Rec> {
  const res = await page.request.fetch(url, { method, headers: { authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; result: Rec };
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(0);
  return body.result;
}

/**
 * A resident with no money in yet (the seed leaves most so; bills of other tests may be waiting),
 * given a prepayment and, when asked, a deposit. One a path moved out is no longer listed.
 */
export async function residentWithMoney(
  page: Page,
  token: string,
  money: { prepaidFen: number; depositFen?: number },
  /** Only a resident who had checked in by this day (a bill of an earlier month is theirs to pay). */
  checkedInBy = '9999-12-31',
) {
  const accounts = (await call(page, token, 'GET', `${COST}/account?oldmanStatuses=1&pageHelper=0`))
    .list as Rec[];
  const elders = (await call(page, token, 'GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0'))
    .list as Rec[];
  const early = new Set(
    elders
      .filter((e) => e.checkInDate && String(e.checkInDate) <= checkedInBy)
      .map((e) => Number(e.oldmanId)),
  );
  const elder = accounts.find((a) => a.prestore === 0 && a.deposit === 0 && early.has(Number(a.oldmanId)));
  if (!elder) throw new Error('no resident without money left');
  const oldmanId = Number(elder.oldmanId);
  await call(page, token, 'POST', `${COST}/account/1/0`, { oldmanId, amount: money.prepaidFen, payWay: 2 });
  if (money.depositFen)
    await call(page, token, 'POST', `${COST}/account/2/0`, { oldmanId, amount: money.depositFen, payWay: 8 });
  return { oldmanId, oldmanName: String(elder.oldmanName) };
}

/** Moves the elder out (2) or back to waiting (3) through the residence call. */
export const moveElder = (page: Page, token: string, oldmanId: number, status: number, note: string) =>
  call(page, token, 'PUT', `/pims/web-pi/oldmans/live/${oldmanId}/${status}`, {
    date: today(),
    note,
  });

/**
 * 退住结算 on one tab, narrowed to the elder by name (全部部门 may list more than a page): the screen,
 * and the rows the narrowed list was answered with.
 */
export async function openSettle(page: Page, tab: '待结算' | '结算记录', oldmanName: string) {
  await page.goto('/index.html#/expense/settle');
  const screen = page.getByTestId('page-expense-settle');
  await expect(screen).toBeVisible();
  await screen.getByRole('tab', { name: tab }).click();
  const list = screen.getByTestId(
    tab === '待结算' ? 'resource-list-settleAwaiting' : 'resource-list-settlement',
  );
  await expect(list.getByTestId('resource-table').or(list.getByText('暂无数据'))).toBeVisible();
  const answered = page.waitForResponse(
    (res) => new URL(res.url()).searchParams.get('keyword') === oldmanName,
  );
  await screen.getByLabel('关键字').fill(oldmanName);
  await screen.getByRole('button', { name: '查询' }).click();
  const body = (await (await answered).json()) as { code: number; result: { list: Rec[] } };
  expect(body.code).toBe(0);
  return { screen, rows: body.result.list };
}

/** The elder's latest settlement on 结算记录: its row (the buttons) and its status. */
export async function settleRecord(page: Page, oldmanId: number) {
  const detail = await call(page, await tokenOf(page), 'GET', `${COST}/settle/${oldmanId}/detail`);
  const settleId = String((detail.records as Rec[])[0]?.settleId);
  const screen = page.getByTestId('page-expense-settle');
  return {
    row: screen.getByTestId(`row-${settleId}`),
    status: screen.getByTestId(`settle-status-${settleId}`),
  };
}

/** 结算 on the elder's row of 待结算, paid out in cash. */
export async function settleAtCheckout(page: Page, elder: { oldmanId: number; oldmanName: string }) {
  const { screen } = await openSettle(page, '待结算', elder.oldmanName);
  await screen.getByTestId(`row-${elder.oldmanId}`).getByRole('button', { name: '结算' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(elder.oldmanName);
  await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  await dialog.getByRole('button', { name: '确认结算' }).click();
  await expect(dialog.getByTestId('settle-done')).toBeVisible();
  await dialog.getByRole('button', { name: '完成' }).click();
}

/** 撤销结算 on the elder's latest record of 结算记录. */
export async function revokeSettlement(page: Page, elder: { oldmanId: number; oldmanName: string }) {
  await openSettle(page, '结算记录', elder.oldmanName);
  const record = await settleRecord(page, elder.oldmanId);
  await record.row.getByRole('button', { name: '撤销结算' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '撤销结算' }).click();
  await expect(record.status).toContainText('已撤销');
}

let elderSeq = 0;
/**
 * A new elder of 护理一部, named `${prefix}` and a stamp so that a path's records are its own. Newest
 * first, it would head every list of elders: it is left 已取消 (a bed reserved and the reservation
 * cancelled), a status no other spec takes its elders from (they take the first 在住 or 待入住 ones).
 */
export async function newElder(page: Page, token: string, prefix: string) {
  const depts = (await call(
    page,
    token,
    'GET',
    '/passport/web-rbac/logins/getDataDeptInfoList',
  )) as unknown as Rec[];
  const deptId = depts.find((d) => d.deptName === '护理一部')?.deptId;
  elderSeq += 1;
  const stamp = (Date.now() % 1_000_000) + elderSeq;
  // a valid ID-card number nobody else has: the day of birth and the sequence come from the stamp
  const birth = `1937-${String(1 + (stamp % 12)).padStart(2, '0')}-${String(1 + (Math.floor(stamp / 12) % 28)).padStart(2, '0')}`;
  const oldmanName = `${prefix}${stamp}`;
  const made = await call(page, token, 'POST', '/pims/web-pi/oldmans/proFile', {
    oldmanName,
    oldmanIdcard: idCard(birth, Math.floor(stamp / 336) % 1000),
    deptId,
  });
  const oldmanId = Number(made.oldmanId);
  const date = today();
  const { bedId } = await freeBed(page, token);
  await call(page, token, 'PUT', `/pims/web-pi/oldmans/live/${oldmanId}/${LiveStatus.reserved}`, {
    bedId,
    date,
  });
  await call(page, token, 'PUT', `/pims/web-pi/oldmans/live/${oldmanId}/${LiveStatus.cancelled}`, { date });
  return { oldmanId, oldmanName };
}

type Room = {
  buildingId: number;
  floorId: number;
  roomId: number;
  beds: { bedId: number; mapStatus: number }[];
};

/** The last free bed of the house (other specs take the first ones, or a bed they freed). */
export async function freeBed(page: Page, token: string) {
  const rooms = (await call(page, token, 'GET', ResidencePaths.bedInfos)) as unknown as Room[];
  const free = rooms.flatMap((room) =>
    room.beds.filter((b) => b.mapStatus === BedMapStatus.free).map((b) => ({ room, bedId: b.bedId })),
  );
  const last = free.at(-1);
  if (!last) throw new Error('no free bed left');
  return last;
}

/** An hour ago on the home's clock, as the API writes times (a 受理时间 may not be in the future). */
export function anHourAgo() {
  const at = new Date(Date.now() - 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:00`;
}

/** The first member of the staff (who handles a complaint), or the first but one (`except`). */
export async function aStaffMember(page: Page, token: string, except?: number) {
  const staff = (await call(page, token, 'GET', '/ptms/web-pt/patrol/plan/executor')).list as Rec[];
  const first = staff.find((s) => Number(s.nursingId) !== except);
  if (!first) throw new Error('the seed has no staff');
  return Number(first.nursingId);
}
