import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type accountKinds, shownBalance } from '../../../domain/ledger.js';
import { PaymentPath } from '../../../domain/payment.js';
import { COST, RECONCILIATION } from '../../../features/expense/api.js';
import { call, signInAdmin, startTestApp } from '../../support/serverHarness.js';

/**
 * A receipt is a money document: what it says was paid must be what the ledger moved, for every
 * pay way (issue #23: a bill paid from the balance printed 0.00 元).
 */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterAll(async () => {
  await h.close();
});

const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
  const res = await call(h.app, admin, method, url, body);
  if (res.body.code !== 0) throw new Error(`${method} ${url}: ${res.body.code} ${res.body.msg}`);
  return res.body.result as Rec;
};
const yuan = (fen: number) => (fen / 100).toFixed(2);
/** Money as a printed receipt shows it (domain/resource.ts formatYuan, written out again here). */
const printedYuan = (fen: number) => yuan(fen).replace(/\B(?=(\d{3})+\.)/g, ',');

/** Living elders with no money yet, one per case (the seed gives money to the first sixty). */
let freshPool: Rec[] = [];
async function freshResident(): Promise<Rec> {
  if (!freshPool.length) {
    const all = (await ok('GET', `${COST}/account?oldmanStatuses=1&pageHelper=0`)) as unknown as Page;
    freshPool = all.list.filter((r) => r.prestore === 0 && r.deposit === 0 && r.receivable === 0);
  }
  const next = freshPool.shift();
  if (!next) throw new Error('no fresh resident left');
  return next;
}

/** The ledger's own lines of a trade, by account kind, as shown amounts (fen). */
async function ledgerLines(txId: number) {
  const rows = await h.app.services.db
    .selectFrom('ledgerEntry as e')
    .innerJoin('ledgerAccount as a', 'a.accountId', 'e.accountId')
    .select(['a.kind', 'a.ownerType', 'e.amountFen'])
    .where('e.txId', '=', txId)
    .execute();
  return rows.map((r) => ({
    kind: r.kind as keyof typeof accountKinds,
    ownerType: r.ownerType,
    shown: shownBalance(r.kind as keyof typeof accountKinds, r.amountFen),
  }));
}

/** The receipt of a trade as 历史收据 lists it and as it prints. */
async function receiptOf(oldmanId: number, txId: number) {
  const list = (await ok('GET', `${COST}/receipt?oldmanId=${oldmanId}&pageHelper=0`)) as unknown as Page;
  const row = list.list.find((r) => r.txId === txId);
  expect(row, `trade ${txId} has a receipt`).toBeDefined();
  const printed = await h.app.inject({
    method: 'GET',
    url: `${COST}/receipt/print?txIds=${txId}`,
    headers: { authorization: admin },
  });
  const amount = /<th>金额<\/th><td>([\d.,-]+) 元<\/td>/.exec(printed.body)?.[1];
  const payWay = /<th>支付方式<\/th><td>([^<]*)<\/td>/.exec(printed.body)?.[1];
  return { listed: Number(row?.amount), printed: amount, payWay, row: row as Rec };
}

async function unpaidBill(oldmanId: number, month: string): Promise<Rec> {
  await ok('POST', `${COST}/payBack/addBill`, { billMonth: month, oldmanIds: [oldmanId] });
  const bills = (await ok('GET', `${COST}/payBack/${oldmanId}`)) as unknown as Page;
  const bill = bills.list.find((b) => b.billMonth === month);
  if (!bill) throw new Error('no bill made');
  expect(Number(bill.payableFen)).toBeGreaterThan(0);
  return bill;
}

const offlineWays = [
  [1, '余额'],
  [2, '现金'],
  [3, '微信（线下）'],
  [4, '支付宝（线下）'],
  [5, '银联（线下）'],
  [8, '转账'],
  [7, '其他'],
] as const;

describe('a bill payment receipt says what the ledger took, for every pay way', () => {
  for (const [payWay, name] of offlineWays) {
    it(`${name} (${payWay})`, async () => {
      const elder = await freshResident();
      const id = Number(elder.oldmanId);
      // money first, so that the balance can pay (and the cash ways leave it untouched)
      await ok('POST', `${COST}/account/1/0`, { oldmanId: id, amount: 500_000, payWay: 2 });
      const bill = await unpaidBill(id, '2026-02');
      const fen = Number(bill.payableFen);
      const paid = await ok('POST', `${COST}/payBack/3/1`, { billId: bill.billId, payWay });
      const txId = Number(paid.txId);
      const lines = await ledgerLines(txId);
      // the ledger: the receivable went down by the bill, paid from the prepaid account or a cash account
      expect(lines.find((l) => l.kind === 'receivable')?.shown).toBe(-fen);
      if (payWay === 1) {
        expect(lines.find((l) => l.kind === 'prestore')?.shown).toBe(-fen);
        expect(lines.some((l) => l.kind === 'cash')).toBe(false);
      } else expect(lines.find((l) => l.kind === 'cash')?.shown).toBe(fen);
      const receipt = await receiptOf(id, txId);
      expect(receipt.listed).toBe(fen);
      expect(receipt.printed).toBe(printedYuan(fen));
      expect(receipt.payWay).toBe(name);
      expect(receipt.row).toMatchObject({ txTypeName: '账单缴费', payWayName: name });
    });
  }

  it('扫码 and 付款码 (10–13): the receipt is the bill the gateway paid', async () => {
    for (const payWay of [10, 11, 12, 13] as const) {
      const elder = await freshResident();
      const id = Number(elder.oldmanId);
      const bill = await unpaidBill(id, '2026-02');
      const fen = Number(bill.payableFen);
      const body = { amount: yuan(fen), payWay, purpose: 'bill', purposeRef: { billIds: [bill.billId] } };
      if (payWay <= 11) {
        const order = await ok('POST', PaymentPath.createPay, body);
        await ok('POST', PaymentPath.sandboxScan(String(order.payId)), {});
      } else {
        const authCode = payWay === 12 ? '134567890123456789' : '2876543210987654';
        await ok('POST', PaymentPath.microPay, { ...body, authCode });
      }
      const paidBill = await vi.waitFor(
        async () => {
          const detail = await ok('GET', `${COST}/payBack/detail/${bill.billId}`);
          expect(detail.billStatus).toBe(1);
          return detail;
        },
        { timeout: 3000, interval: 20 },
      );
      const txId = Number(paidBill.payTxId);
      const lines = await ledgerLines(txId);
      expect(lines.find((l) => l.kind === 'cash')?.shown).toBe(fen);
      const receipt = await receiptOf(id, txId);
      expect(receipt.listed).toBe(fen);
      expect(receipt.printed).toBe(printedYuan(fen));
    }
  });
});

describe('receipts of money into and out of an account', () => {
  it('a prepayment and a refund print what the cash account moved, for every offline pay way', async () => {
    for (const [payWay, name] of offlineWays.filter(([w]) => w !== 1)) {
      const elder = await freshResident();
      const id = Number(elder.oldmanId);
      const got = await ok('POST', `${COST}/account/2/0`, { oldmanId: id, amount: 123_456, payWay });
      const back = await ok('POST', `${COST}/account/4/0`, {
        oldmanId: id,
        amount: 23_456,
        payWay,
        fromType: 2,
      });
      for (const [txId, fen] of [
        [Number(got.txId), 123_456],
        [Number(back.txId), 23_456],
      ] as const) {
        const cash = (await ledgerLines(txId)).find((l) => l.kind === 'cash')?.shown;
        expect(Math.abs(cash ?? 0)).toBe(fen);
        const receipt = await receiptOf(id, txId);
        expect(receipt.listed).toBe(fen);
        expect(receipt.printed).toBe(printedYuan(fen));
        expect(receipt.payWay).toBe(name);
      }
    }
    const book = await ok('GET', `${RECONCILIATION}/ledger`);
    expect(book).toMatchObject({ ok: true, totalFen: 0 });
  });
});

describe('a printed bill says whether it is paid (issue #23)', () => {
  it('待缴费 before, 已缴费 with when and how after', async () => {
    const elder = await freshResident();
    const id = Number(elder.oldmanId);
    const bill = await unpaidBill(id, '2026-03');
    const print = async () =>
      (
        await h.app.inject({
          method: 'GET',
          url: `${COST}/payBack/print/${String(bill.billId)}`,
          headers: { authorization: admin },
        })
      ).body;
    expect(await print()).toContain('状态：<b>待缴费</b>');
    await ok('POST', `${COST}/payBack/3/0`, { billId: bill.billId, payWay: 3 });
    const paid = await print();
    expect(paid).toContain('状态：<b>已缴费</b>');
    expect(paid).toMatch(/（\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 微信（线下）缴费）/);
  });
});
