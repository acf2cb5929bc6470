import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { formatYuan } from '../../../domain/resource.js';
import { COST, RECONCILIATION } from '../../../features/expense/api.js';
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
  await h.close();
});

const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  (await call(h.app, admin, method, url, body)).body;
const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const res = await send(method, url, body);
  if (res.code !== 0) throw new Error(`${method} ${url}: ${res.code} ${res.msg}`);
  return res.result as Rec;
};
/** What 费用管理 › 长者账户 shows for one elder (the same answer the screen reads). */
const screen = async (oldmanId: number) => ok('GET', `${COST}/account/${oldmanId}`);

describe('作废 a prepayment the elder has since spent (issue #36 point 6)', () => {
  it('is refused in the figures of 长者账户, naming the bill that used the money, and writes nothing', async () => {
    const list = (await ok('GET', `${COST}/account?oldmanStatuses=1&pageHelper=0`)) as unknown as Page;
    const elder = list.list.find((r) => r.prestore === 0 && r.deposit === 0 && r.receivable === 0) as Rec;
    const oldmanId = Number(elder.oldmanId);
    const name = String(elder.oldmanName);

    // 10,000 元 by cash: the seeded 满赠 rule credits 300 元 with it
    const paid = await ok('POST', `${COST}/account/1/0`, { oldmanId, amount: 1000000, payWay: 2 });
    expect(paid.gift).toBe(30000);
    await ok('POST', `${COST}/payBack/addBill`, { billMonth: '2026-03', oldmanIds: [oldmanId] });
    const bill = ((await ok('GET', `${COST}/payBack/${oldmanId}`)) as unknown as Page).list[0] as Rec;
    const payable = Number(bill.payableFen);
    expect(payable).toBeGreaterThan(0);
    await ok('POST', `${COST}/payBack/payBatch`, { billIds: [bill.billId], payWay: 1 });

    const before = await screen(oldmanId);
    expect(before.prestore).toBe(1030000 - payable);
    const ledgerBefore = await ok('GET', `${RECONCILIATION}/ledger`);

    const refused = await send('DELETE', `${COST}/account/obsolete/${paid.txId}`);
    expect(refused.code).toBe(Code.insufficientBalance);
    // the balance named is the one 长者账户 shows, and what the void would take back adds up to it
    expect(refused.msg).toContain(`现有 ${formatYuan(Number(before.prestore))} 元`);
    expect(refused.msg).toContain('10,300.00 元');
    expect(refused.msg).toContain('满赠 300.00 元');
    // the reason: the bill, as the clerk reads it in 月度账单 (elder, month, amount)
    expect(refused.msg).toContain(`${name} 2026-03 月账单 ${formatYuan(payable)} 元`);
    expect(refused.msg).toBe(
      `预存款余额不足，不能作废：作废要扣回 10,300.00 元（收款 10,000.00 元，满赠 300.00 元），` +
        `长者账户现有 ${formatYuan(Number(before.prestore))} 元；` +
        `其中已用于缴纳 ${name} 2026-03 月账单 ${formatYuan(payable)} 元，请先反结算该账单`,
    );

    // all or nothing: the gift is not taken back on its own, no trade was written
    expect(await screen(oldmanId)).toEqual(before);
    const ledgerAfter = await ok('GET', `${RECONCILIATION}/ledger`);
    expect(ledgerAfter).toMatchObject({
      ok: true,
      trades: ledgerBefore.trades,
      entries: ledgerBefore.entries,
    });

    // once the bill is anti-settled the money is back and the void goes through, gift and all
    await ok('PUT', `${COST}/payBack/antiSettle`, { billId: bill.billId });
    await ok('DELETE', `${COST}/account/obsolete/${paid.txId}`);
    expect(await screen(oldmanId)).toMatchObject({ prestore: 0 });
  });
});
