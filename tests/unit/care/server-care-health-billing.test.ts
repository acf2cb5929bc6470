import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COST, RECONCILIATION } from '../../../features/expense/api.js';
import { prorate } from '../../../features/expense/server/monthBill.js';
import { call, signInAdmin, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin: string;
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  vi.useRealTimers();
  await h.close();
});

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await call(h.app, admin, method, url, body);
  if (res.body.code !== 0) throw new Error(`${method} ${url}: ${res.body.code} ${res.body.msg}`);
  return res.body.result as Rec;
};
/** The home's wall clock on a day of March 2026 (the care-level changes are dated by it). */
const onDay = (day: string) => vi.setSystemTime(new Date(`${day}T10:00:00`));

describe('care-level changes prorate month-end bills (issue #12)', () => {
  it('charges each day at that day’s level and fee, and the book still balances to 0 fen', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onDay('2026-03-05');
    const accounts = (await ok('GET', `${COST}/account?oldmanStatuses=1&pageHelper=0`)) as unknown as Page;
    const elder = accounts.list.find((r) => r.receivable === 0 && r.prestore === 0) as Rec;
    await h.app.services.db
      .updateTable('oldman')
      .set({ checkInDate: '2026-01-01', nursingLevel: '全护理' })
      .where('oldmanId', '=', Number(elder.oldmanId))
      .execute();
    const levels = (await ok('GET', '/pims/web-org/levels?pageHelper=0')) as unknown as Page;
    const full = levels.list.find((l) => l.levelName === '全护理') as Rec;
    const special = levels.list.find((l) => l.levelName === '特级护理') as Rec;
    const oldFee = Number(full.monthlyFee);
    const newFee = oldFee + 30000;

    // 11 March: the level's fee rises (days 1–10 at the old fee, 11–20 at the new)
    onDay('2026-03-11');
    await ok('PUT', '/pims/web-org/levels', { ...full, monthlyFee: newFee });
    // 21 March: the elder moves up to 特级护理 on the profile's health section (days 21–31)
    onDay('2026-03-21');
    await ok('PUT', '/pims/web-pi/oldmans/proFile/health', {
      oldmanId: elder.oldmanId,
      nursingLevel: '特级护理',
    });
    // renaming a level elders hold would cut their bills loose from it
    const rename = await call(h.app, admin, 'PUT', '/pims/web-org/levels', {
      ...full,
      monthlyFee: newFee,
      levelName: '全护',
    });
    expect(rename.body.msg).toMatch(/^护理等级“全护理”有\d+位长者正在使用，不能改名$/);

    onDay('2026-04-01');
    await ok('POST', `${COST}/payBack/addBill`, { billMonth: '2026-03', oldmanIds: [elder.oldmanId] });
    const bills = (await ok('GET', `${COST}/payBack/${elder.oldmanId}`)) as unknown as Page;
    const detail = await ok('GET', `${COST}/payBack/detail/${bills.list[0]?.billId}`);
    const care = (detail.items as Rec[]).filter((i) => String(i.projectName).startsWith('护理费'));
    expect(care.map((i) => [i.projectName, i.days, i.amountFen])).toEqual([
      ['护理费（全护理）', 10, prorate(oldFee, 10, 31)],
      ['护理费（全护理）', 10, prorate(newFee, 10, 31)],
      ['护理费（特级护理）', 11, prorate(Number(special.monthlyFee), 11, 31)],
    ]);
    // April has no change: one whole-month line at the new level
    await ok('POST', `${COST}/payBack/addBill`, { billMonth: '2026-04', oldmanIds: [elder.oldmanId] });
    const april = (await ok('GET', `${COST}/payBack/${elder.oldmanId}?billMonth=2026-04`)) as unknown as Page;
    const aprilBill = april.list.find((b) => b.billMonth === '2026-04') as Rec;
    const aprilDetail = await ok('GET', `${COST}/payBack/detail/${aprilBill.billId}`);
    expect(
      (aprilDetail.items as Rec[])
        .filter((i) => String(i.projectName).startsWith('护理费'))
        .map((i) => [i.projectName, i.days, i.amountFen]),
    ).toEqual([['护理费（特级护理）', null, Number(special.monthlyFee)]]);

    const ledger = await ok('GET', `${RECONCILIATION}/ledger`);
    expect(ledger.problems).toEqual([]);
    expect(ledger).toMatchObject({ ok: true, totalFen: 0 });
  });

  it('records nothing when the fee or level does not change', async () => {
    const levels = (await ok('GET', '/pims/web-org/levels?pageHelper=0')) as unknown as Page;
    await ok('PUT', '/pims/web-org/levels', { ...(levels.list[0] as Rec), remark: '说明改了' });
    const n = await h.app.services.db
      .selectFrom('careLevelFeeChange' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number((n as { n: number } | undefined)?.n)).toBe(0);
  });
});
