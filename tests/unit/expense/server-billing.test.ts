import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { PaymentPath } from '../../../domain/payment.js';
import { formatYuan } from '../../../domain/resource.js';
import { LiveStatus, ResidencePaths as P } from '../../../domain/resources/residence.js';
import {
  COST,
  COST_SET,
  DISCOUNT_RULE,
  ExpensePaths,
  PROJECT,
  PROJECT_CHILD,
  RECONCILIATION,
} from '../../../features/expense/api.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

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

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) => {
  const res = await call(h.app, token, method, url, body);
  if (res.body.code !== 0) throw new Error(`${method} ${url}: ${res.body.code} ${res.body.msg}`);
  return res.body.result as Rec;
};
const refused = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  token = admin,
) => (await call(h.app, token, method, url, body)).body;

const account = async (oldmanId: number) => ok('GET', `${COST}/account/${oldmanId}`);
const ledgerOk = async () => {
  const r = await ok('GET', `${RECONCILIATION}/ledger`);
  expect(r.problems).toEqual([]);
  expect(r).toMatchObject({ ok: true, totalFen: 0 });
  return r;
};
const thisMonth = () => new Date().toISOString().slice(0, 7);

async function residents(): Promise<Rec[]> {
  return ((await ok('GET', `${COST}/account?oldmanStatuses=1&pageHelper=0`)) as unknown as Page).list;
}
/** A living elder with no money movements yet (the seed gives money to the first sixty). */
async function freshResident(): Promise<Rec> {
  const list = await residents();
  const fresh = list.find((r) => r.prestore === 0 && r.deposit === 0 && r.receivable === 0);
  if (!fresh) throw new Error('no fresh resident');
  return fresh;
}

describe('charge items and settings', () => {
  it('keeps project names unique, answers the name check, and refuses to delete a project in use', async () => {
    const categories = (await ok('GET', '/pims/web-org/projectCategorys?pageHelper=0')) as unknown as Page;
    expect(categories.list.map((c) => c.projectCategoryName)).toContain('床位费');
    const categoryId = categories.list[0]?.projectCategoryId;
    const created = await ok('POST', PROJECT, {
      projectName: '康复理疗费',
      projectCategoryId: categoryId,
      price: 12050,
      chargeUnit: 3,
      chargeScope: 0,
    });
    const projectId = Number(created.projectId);
    const again = await refused('POST', PROJECT, {
      projectName: '康复理疗费',
      projectCategoryId: categoryId,
      price: 100,
      chargeUnit: 3,
      chargeScope: 0,
    });
    expect(again).toMatchObject({ code: Code.conflict, msg: '项目名称“康复理疗费”已存在' });
    expect(
      await ok('GET', `${PROJECT}/projectName?projectName=${encodeURIComponent('康复理疗费')}`),
    ).toMatchObject({
      available: false,
    });
    expect(
      await ok(
        'GET',
        `${PROJECT}/projectName?projectName=${encodeURIComponent('康复理疗费')}&projectId=${projectId}`,
      ),
    ).toMatchObject({ available: true });
    const child = await ok('POST', PROJECT_CHILD, { projectId, projectChildName: '针灸', price: 8000 });
    expect((await ok('GET', `${PROJECT_CHILD}?projectId=${projectId}`)).total).toBe(1);
    expect(
      await ok('GET', `${PROJECT}/child/projectChildName?projectChildName=${encodeURIComponent('针灸')}`),
    ).toMatchObject({ available: false });
    const inUse = await refused('DELETE', `${PROJECT}/${projectId}`);
    expect(inUse.code).toBe(Code.conflict);
    expect(inUse.msg).toContain('已被费用设置或子项目使用');
    await ok('DELETE', `${PROJECT_CHILD}/${child.projectChildId}`);
    await ok('DELETE', `${PROJECT}/${projectId}`);
    // money never travels as a fraction of a fen
    const fraction = await refused('POST', PROJECT, {
      projectName: '小数',
      projectCategoryId: categoryId,
      price: 10.5,
      chargeUnit: 1,
      chargeScope: 0,
    });
    expect(fraction).toMatchObject({ code: Code.invalidInput, msg: '单价（元）必须是整数' });
  });

  it('refuses a 满免 rule that takes off more than its threshold, and pay-way settings keep one way on', async () => {
    const bad = await refused('POST', DISCOUNT_RULE, {
      discountRuleName: '倒贴',
      ruleType: 2,
      threshold: 1000,
      benefit: 2000,
      startDate: '2026-01-01',
    });
    expect(bad).toMatchObject({ code: Code.invalidInput, msg: '减免金额不能大于满减门槛' });
    const ways = (await ok('GET', `${COST}/set/tradeWay`)) as unknown as {
      tradeWay: number;
      enabled: number;
    }[];
    expect(ways.map((w) => w.tradeWay)).toEqual([2, 3, 4, 5, 8, 7, 10, 11, 12, 13]);
    await ok('POST', `${COST}/set/tradeWay`, {
      tradeWays: ways.map((w) => ({ tradeWay: w.tradeWay, enabled: w.tradeWay === 4 ? 0 : 1 })),
    });
    const shown = (await ok('GET', `${COST}/set/tradeWay/show`)) as unknown as { tradeWay: number }[];
    expect(shown.map((w) => w.tradeWay)).not.toContain(4);
    const none = await refused('POST', `${COST}/set/tradeWay`, {
      tradeWays: ways.map((w) => ({ tradeWay: w.tradeWay, enabled: 0 })),
    });
    expect(none.msg).toBe('至少启用一种支付方式');
  });
});

describe('accounts: every trade a double entry, to the fen', () => {
  it('takes a prepayment with a receipt, refunds, transfers, remits, and voids a trade back to where it was', async () => {
    const a = await freshResident();
    const others = (await residents()).filter((r) => r.oldmanId !== a.oldmanId);
    const b = others[0] as Rec;
    const bBefore = Number((await account(Number(b.oldmanId))).prestore);
    const paid = await ok('POST', `${COST}/account/1/1`, { oldmanId: a.oldmanId, amount: 123456, payWay: 2 });
    expect(paid.receiptNo).toMatch(/^SJ\d{8}\d{4}$/);
    expect(paid.printUrl).toBe(`${COST}/receipt/print?txIds=${paid.txId}`);
    expect(await account(Number(a.oldmanId))).toMatchObject({ prestore: 123456 });

    // refunding more than the account holds is refused and changes nothing
    const tooMuch = await refused('POST', `${COST}/account/4/0`, {
      oldmanId: a.oldmanId,
      amount: 123457,
      payWay: 2,
      fromType: 1,
    });
    expect(tooMuch.code).toBe(Code.insufficientBalance);
    expect(tooMuch.msg).toBe('预存款余额不足：现有 1,234.56 元');
    expect(await account(Number(a.oldmanId))).toMatchObject({ prestore: 123456 });

    await ok('POST', `${COST}/account/4/0`, { oldmanId: a.oldmanId, amount: 456, payWay: 2, fromType: 1 });
    await ok('PUT', `${COST}/account/transfer`, {
      oldmanId: a.oldmanId,
      accountNumTo: b.oldmanId,
      amount: 3000,
      tradeType: 1,
    });
    await ok('PUT', `${COST}/account/remit`, { oldmanId: a.oldmanId, fromType: 1, toType: 2, amount: 20000 });
    expect(await account(Number(a.oldmanId))).toMatchObject({ prestore: 100000, deposit: 20000 });
    expect(await account(Number(b.oldmanId))).toMatchObject({ prestore: bBefore + 3000 });

    const statement = (await ok('GET', `${COST}/account/${a.oldmanId}/1?pageSize=10`)) as unknown as Page;
    expect(statement.list.map((r) => [r.amount, r.balance])).toEqual([
      [-20000, 100000],
      [-3000, 120000],
      [-456, 123000],
      [123456, 123456],
    ]);
    // the transfer is voided: both elders are back, and the void itself cannot be voided
    const transfer = statement.list[1] as Rec;
    const voided = await ok('DELETE', `${COST}/account/obsolete/${transfer.txId}`);
    expect(await account(Number(b.oldmanId))).toMatchObject({ prestore: bBefore });
    expect(await account(Number(a.oldmanId))).toMatchObject({ prestore: 103000 });
    const twice = await refused('DELETE', `${COST}/account/obsolete/${transfer.txId}`);
    expect(twice).toMatchObject({ code: Code.tradeVoided, msg: '该交易已作废' });
    const reversal = await refused('DELETE', `${COST}/account/obsolete/${voided.txId}`);
    expect(reversal.code).not.toBe(0);
    await ledgerOk();
  });

  it('exports the accounts of the filters, every page, with balances in yuan; a nurse gets only her departments', async () => {
    const a = await freshResident();
    await ok('POST', `${COST}/account/1/0`, { oldmanId: a.oldmanId, amount: 100050, payWay: 2 });
    const living = (await ok('GET', `${COST}/account?oldmanStatuses=1&pageSize=5`)) as unknown as Page;
    const file = async (token = admin) =>
      (
        await h.app.inject({
          method: 'GET',
          url: `${COST}/account?oldmanStatuses=1&export=csv`,
          headers: { authorization: token },
        })
      ).body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    const lines = await file();
    expect(lines[0]).toBe(
      '姓名,入住状态,床位,预存款（元）,入院押金（元）,医疗押金（元）,预订金（元）,待缴（元）',
    );
    // the header, every elder of the filters, and their 合计 last
    expect(lines).toHaveLength(living.total + 2);
    const row = lines.find((l) => l.startsWith(`${String(a.oldmanName)},`));
    expect(row).toMatch(/^[^,]+,在住,[^,]*,1000\.50,0\.00,0\.00,0\.00,0\.00$/);
    const prestoreFen = (line: string) => Math.round(Number(line.split(',')[3]) * 100);
    const total = lines.at(-1) ?? '';
    expect(total).toMatch(/^合计,,,/);
    expect(prestoreFen(total)).toBe(lines.slice(1, -1).reduce((s, l) => s + prestoreFen(l), 0));
    expect(prestoreFen(total)).toBeGreaterThanOrEqual(100050);
    // the list answers the same 合计 over every elder of the filters, whatever the page
    const sums = ((await ok('GET', `${COST}/account?oldmanStatuses=1&pageSize=5`)) as { sums?: Rec }).sums;
    expect(sums?.prestore).toBe(prestoreFen(total));
    const nurseLines = await file((await signInNurse(h.app)).token);
    expect(nurseLines.length).toBeGreaterThan(1);
    expect(nurseLines.length).toBeLessThan(lines.length);
  });

  it('a prepayment reaching a 满赠 rule brings the gift, and voiding the prepayment takes the gift back', async () => {
    const a = await freshResident();
    const paid = await ok('POST', `${COST}/account/1/0`, {
      oldmanId: a.oldmanId,
      amount: 1000000,
      payWay: 3,
    });
    expect(paid.gift).toBe(30000);
    expect(await account(Number(a.oldmanId))).toMatchObject({ prestore: 1030000 });
    await ok('DELETE', `${COST}/account/obsolete/${paid.txId}`);
    expect(await account(Number(a.oldmanId))).toMatchObject({ prestore: 0 });
    await ledgerOk();
  });

  it('a batch payment is all or nothing', async () => {
    const list = (await residents()).slice(0, 3);
    const before = await Promise.all(list.map((r) => account(Number(r.oldmanId))));
    const bad = await refused('POST', `${COST}/account/2/batch`, {
      tradeType: 1,
      items: [
        { oldmanId: list[0]?.oldmanId, amount: 1000 },
        { oldmanId: list[1]?.oldmanId, amount: 2000 },
        { oldmanId: 999999, amount: 3000 },
      ],
    });
    expect(bad).toMatchObject({ code: Code.notFound, msg: '长者不存在' });
    expect(await Promise.all(list.map((r) => account(Number(r.oldmanId))))).toEqual(before);
    const done = await ok('POST', `${COST}/account/2/batch`, {
      tradeType: 2,
      items: list.map((r) => ({ oldmanId: r.oldmanId, amount: 50000 })),
    });
    expect(done).toMatchObject({ count: 3, total: 150000 });
    const after = await Promise.all(list.map((r) => account(Number(r.oldmanId))));
    expect(after.map((r, i) => Number(r.deposit) - Number(before[i]?.deposit))).toEqual([
      50000, 50000, 50000,
    ]);
  });

  it('enforces authority and organisation on the server', async () => {
    const nurse = (await signInNurse(h.app)).token;
    const other = (await signInOtherOrg(h.app)).token;
    const a = await freshResident();
    const paid = await ok('POST', `${COST}/account/1/0`, { oldmanId: a.oldmanId, amount: 500, payWay: 2 });
    const byNurse = await call(h.app, nurse, 'DELETE', `${COST}/account/obsolete/${paid.txId}`);
    expect(byNurse.body.code).toBe(Code.noAuthority);
    const otherOrg = await refused(
      'POST',
      `${COST}/account/1/0`,
      { oldmanId: a.oldmanId, amount: 500, payWay: 2 },
      other,
    );
    expect(otherOrg).toMatchObject({ code: Code.notFound, msg: '长者不存在' });
    const noElder = await refused('GET', `${COST}/account/${a.oldmanId}`, undefined, other);
    expect(noElder.code).toBe(Code.notFound);
    expect(await account(Number(a.oldmanId))).toMatchObject({ prestore: 500 });
  });
});

describe('monthly bills', () => {
  it('generates a month once for every resident, pays from the balance, anti-settles and voids', async () => {
    const month = thisMonth();
    const preview = await ok('GET', `${COST}/payBack/addBill?billMonth=${month}`);
    expect(Number(preview.count)).toBeGreaterThan(50);
    const made = await ok('POST', `${COST}/payBack/addBill`, { billMonth: month });
    expect(made.created).toBe(preview.count);
    expect(made.payableSum).toBe(preview.payableSum);
    const again = await ok('POST', `${COST}/payBack/addBill`, { billMonth: month });
    expect(again.created).toBe(0);

    const bills = (await ok(
      'GET',
      `${COST}/payBack?billMonth=${month}&billStatus=0&pageSize=100`,
    )) as unknown as Page;
    const bill = bills.list[0] as Rec;
    const detail = await ok('GET', `${COST}/payBack/detail/${bill.billId}`);
    const items = detail.items as Rec[];
    expect(items.map((i) => i.projectName)).toEqual(expect.arrayContaining(['床位费', '伙食费']));
    expect(items.reduce((s, i) => s + Number(i.amountFen), 0)).toBe(bill.payableFen);

    // an unpaid bill gets a line, its total follows; then it is paid from the prepaid balance
    const projects = (await ok('GET', `${PROJECT}?pageHelper=0`)) as unknown as Page;
    const escort = projects.list.find((p) => p.projectName === '陪护费') as Rec;
    const added = await ok('POST', `${COST}/payBack/project/3`, {
      billId: bill.billId,
      projectId: escort.projectId,
      quantity: 2,
    });
    expect(added.payableFen).toBe(Number(bill.payableFen) + 30000);
    const before = await account(Number(bill.oldmanId));
    await ok('POST', `${COST}/account/1/0`, {
      oldmanId: bill.oldmanId,
      amount: Number(added.payableFen),
      payWay: 2,
    });
    const paid = await ok('POST', `${COST}/payBack/payBatch`, { billIds: [bill.billId], payWay: 1 });
    expect(paid.count).toBe(1);
    expect(await account(Number(bill.oldmanId))).toMatchObject({
      prestore: Number(before.prestore),
      receivable: Number(before.receivable) - Number(added.payableFen),
    });
    const payAgain = await refused('POST', `${COST}/payBack/payBatch`, { billIds: [bill.billId], payWay: 2 });
    expect(payAgain).toMatchObject({ code: Code.billState, msg: '账单已缴费，不能缴费' });
    const voidPaid = await refused('DELETE', `${COST}/payBack/${bill.billId}`);
    expect(voidPaid).toMatchObject({ code: Code.billState, msg: '账单已缴费，不能作废账单' });

    await ok('PUT', `${COST}/payBack/antiSettle`, { billId: bill.billId });
    expect((await ok('GET', `${COST}/payBack/detail/${bill.billId}`)).billStatus).toBe(0);
    await ok('DELETE', `${COST}/payBack/${bill.billId}`);
    expect((await ok('GET', `${COST}/payBack/detail/${bill.billId}`)).billStatus).toBe(3);
    // a voided month can be billed again for that elder
    const redo = await ok('POST', `${COST}/payBack/addBill`, {
      billMonth: month,
      oldmanIds: [bill.oldmanId],
    });
    expect(redo.created).toBe(1);
    await ledgerOk();
  });

  it('exports the bills of the filters, every page, as CSV or Excel; a bad format or another organisation gets nothing', async () => {
    const month = thisMonth();
    await ok('POST', `${COST}/payBack/addBill`, { billMonth: month });
    const unpaid = (await ok(
      'GET',
      `${COST}/payBack?billMonth=${month}&billStatus=0&pageHelper=0`,
    )) as unknown as Page;
    const first = unpaid.list[0] as Rec;
    await ok('POST', `${COST}/payBack/payBatch`, { billIds: [first.billId], payWay: 2 });
    const file = (format: string, token = admin, query = `billMonth=${month}`) =>
      h.app.inject({
        method: 'GET',
        url: `${COST}/payBack?${query}&export=${format}`,
        headers: { authorization: token },
      });

    const csv = await file('csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    // named by the month it covers, not the day it was made (issue #42 point 6)
    expect(decodeURIComponent(String(csv.headers['content-disposition']))).toContain(`费用账单_${month}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('账单月份,长者,费用合计（元）,优惠（元）,应缴（元）,状态,支付方式,缴费时间');
    // every bill of the month, not one page of it, and the 合计 of 应缴 last
    expect(lines).toHaveLength(unpaid.total + 2);
    const payableFen = (line: string) => Math.round(Number(line.split(',')[4]) * 100);
    expect(lines.at(-1)).toMatch(/^合计,/);
    expect(payableFen(lines.at(-1) ?? '')).toBe(lines.slice(1, -1).reduce((s, l) => s + payableFen(l), 0));
    const paid = lines.find((l) => l.includes(String(first.oldmanName)));
    expect(paid).toContain(`${month},${String(first.oldmanName)},`);
    expect(paid).toContain(',已缴费,现金,');
    expect(paid).toContain(`,${(Number(first.payableFen) / 100).toFixed(2)},`);

    const onlyUnpaid = await file('csv', admin, `billMonth=${month}&billStatus=0`);
    expect(onlyUnpaid.body.trim().split('\r\n')).toHaveLength(unpaid.total + 1);

    const xlsx = await file('xlsx');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const bad = (await file('pdf')).json();
    expect(bad.code).toBe(Code.invalidInput);
    expect(bad.msg).toContain('导出格式只能是xlsx或csv');
    const other = await file('csv', (await signInOtherOrg(h.app)).token);
    expect(
      other.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('charges a monthly item by the days present when the elder arrived within the month', async () => {
    const a = await freshResident();
    const month = '2026-02';
    // arrived on 15 February: 14 of 28 days
    await h.app.services.db
      .updateTable('oldman')
      .set({ checkInDate: '2026-02-15', nursingLevel: '全护理' })
      .where('oldmanId', '=', Number(a.oldmanId))
      .execute();
    const made = await ok('POST', `${COST}/payBack/addBill`, { billMonth: month, oldmanIds: [a.oldmanId] });
    expect(made.created).toBe(1);
    const bills = (await ok('GET', `${COST}/payBack/${a.oldmanId}`)) as unknown as Page;
    const detail = await ok('GET', `${COST}/payBack/detail/${bills.list[0]?.billId}`);
    const byName = Object.fromEntries((detail.items as Rec[]).map((i) => [i.projectName, i]));
    expect(byName.床位费).toMatchObject({ days: 14, amountFen: 90000 });
    expect(byName.伙食费).toMatchObject({ days: 14, amountFen: 45000 });
    expect(byName['护理费（全护理）']).toMatchObject({ days: 14, amountFen: 75000 });
    expect(detail.payableFen).toBe(210000);
  });

  it('an elder-specific charge comes from the cost settings', async () => {
    const a = await freshResident();
    const projects = (await ok('GET', `${PROJECT}?pageHelper=0`)) as unknown as Page;
    const single = projects.list.find((p) => p.projectName === '单人间差价') as Rec;
    await ok('POST', COST_SET, {
      oldmanId: a.oldmanId,
      projectId: single.projectId,
      quantity: 1,
      price: 66600,
    });
    const profile = await ok('GET', `/pims/web-pi/oldmans/proFile/${a.oldmanId}/costProject`);
    expect((profile.items as Rec[]).find((i) => i.projectName === '单人间差价')).toMatchObject({
      amountFen: 66600,
    });
    expect(profile.costSettings as Rec[]).toHaveLength(1);
    await ok('POST', `${COST}/payBack/addBill`, { billMonth: '2026-03', oldmanIds: [a.oldmanId] });
    const bills = (await ok('GET', `${COST}/payBack/${a.oldmanId}`)) as unknown as Page;
    const detail = await ok('GET', `${COST}/payBack/detail/${bills.list[0]?.billId}`);
    expect((detail.items as Rec[]).find((i) => i.projectName === '单人间差价')).toMatchObject({
      amountFen: 66600,
    });
  });
});

describe('scanned-code payment of bills (pay ways 10–13 through the payment provider)', () => {
  it('a bill is paid when the sandbox customer scans; a wrong amount or a paid bill is refused at once', async () => {
    const a = await freshResident();
    await ok('POST', `${COST}/payBack/addBill`, { billMonth: '2026-05', oldmanIds: [a.oldmanId] });
    const bills = (await ok('GET', `${COST}/payBack/${a.oldmanId}`)) as unknown as Page;
    const bill = bills.list[0] as Rec;
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    const wrong = await refused('POST', PaymentPath.createPay, {
      amount: yuan(Number(bill.payableFen) - 1),
      payWay: 10,
      purpose: 'bill',
      purposeRef: { billIds: [bill.billId] },
    });
    expect(wrong.msg).toBe(`支付金额应为账单合计 ${formatYuan(Number(bill.payableFen))} 元`);
    const order = await ok('POST', PaymentPath.createPay, {
      amount: yuan(Number(bill.payableFen)),
      payWay: 10,
      purpose: 'bill',
      purposeRef: { billIds: [bill.billId] },
    });
    expect((await ok('GET', `${COST}/payBack/detail/${bill.billId}`)).billStatus).toBe(0);
    await ok('POST', PaymentPath.sandboxScan(String(order.payId)), {});
    const paid = await ok('GET', `${COST}/payBack/detail/${bill.billId}`);
    expect(paid).toMatchObject({ billStatus: 1, payWay: 10 });
    const receipts = (await ok('GET', `${COST}/receipt?oldmanId=${a.oldmanId}`)) as unknown as Page;
    expect(receipts.list[0]).toMatchObject({ payWayName: '微信扫码', amount: bill.payableFen });
    const again = await refused('POST', PaymentPath.createPay, {
      amount: yuan(Number(bill.payableFen)),
      payWay: 11,
      purpose: 'bill',
      purposeRef: { billIds: [bill.billId] },
    });
    expect(again).toMatchObject({ code: Code.billState, msg: '只有待缴费账单可以扫码支付' });
    await ledgerOk();
  });
});

describe('check-out settlement through settlementMachine', () => {
  it('is refused while the elder lives here; after moving out it settles, and revoking puts everything back', async () => {
    const a = await freshResident();
    const id = Number(a.oldmanId);
    await ok('POST', `${COST}/account/2/0`, { oldmanId: id, amount: 500000, payWay: 8 });
    await ok('POST', `${COST}/account/1/0`, { oldmanId: id, amount: 80000, payWay: 2 });
    await ok('POST', `${COST}/payBack/addBill`, { billMonth: '2026-04', oldmanIds: [id] });
    const check = await ok('POST', `${COST}/settle/check`, { oldmanId: id });
    expect(check).toMatchObject({ canSettle: false, reason: '长者尚未退住，请先办理退住或取消预订' });
    const early = await refused('POST', `${COST}/settle/${id}`, { payWay: 2 });
    expect(early).toMatchObject({
      code: Code.settlementRefused,
      msg: '长者尚未退住，请先办理退住或取消预订',
    });

    const quit = P.status
      .replace(':oldmanId', String(id))
      .replace(':oldmanStatusNew', String(LiveStatus.quit));
    await ok('PUT', quit, { date: new Date().toISOString().slice(0, 10), note: '回家' });
    const preview = await ok('GET', `${COST}/settle/${id}/bill`);
    expect(preview).toMatchObject({ canSettle: true, prestoreFen: 80000, depositFen: 500000 });
    const billFen = Number(preview.billFen);
    expect(billFen).toBeGreaterThan(0);
    const awaiting = (await ok('GET', `${ExpensePaths.settleAwaiting}?pageSize=100`)) as unknown as Page;
    expect(awaiting.list.map((r) => r.oldmanId)).toContain(id);

    const done = await ok('POST', `${COST}/settle/${id}`, {
      payWay: 2,
      extraItems: [{ projectName: '物品损坏赔偿', amount: 5000 }],
    });
    expect(done.refundFen).toBe(580000 - billFen - 5000);
    expect(await account(id)).toMatchObject({ prestore: 0, deposit: 0, receivable: 0 });
    const bills = (await ok('GET', `${COST}/payBack/${id}`)) as unknown as Page;
    expect(bills.list.every((b) => b.billStatus === 2)).toBe(true);
    const twice = await refused('POST', `${COST}/settle/${id}`, { payWay: 2 });
    expect(twice).toMatchObject({ code: Code.settlementRefused, msg: '该长者已结算，如需重新结算请先撤销' });

    await ok('PUT', `${COST}/settle/revokeSettle`, { settleId: done.settleId });
    expect(await account(id)).toMatchObject({ prestore: 80000, deposit: 500000, receivable: billFen });
    const back = (await ok('GET', `${COST}/payBack/${id}`)) as unknown as Page;
    expect(back.list.every((b) => b.billStatus === 0)).toBe(true);
    const revokeAgain = await refused('PUT', `${COST}/settle/revokeSettle`, { settleId: done.settleId });
    expect(revokeAgain).toMatchObject({ code: Code.settlementRefused, msg: '该长者尚未结算' });
    const records = await ok('GET', `${COST}/settle/${id}/detail`);
    expect((records.records as Rec[])[0]).toMatchObject({ settleStatus: 0, extraFen: 5000 });
    await ledgerOk();
  });
});

describe('reports read the book', () => {
  it('payment summary, balances, receivables and receipts agree with the trades', async () => {
    const a = await freshResident();
    await ok('POST', `${COST}/account/1/0`, { oldmanId: a.oldmanId, amount: 77700, payWay: 4 });
    const summary = (await ok('GET', `${RECONCILIATION}/payment?pageHelper=0`)) as unknown as Page & {
      sums: Rec;
    };
    const alipay = summary.list.find((r) => r.payWayName === '支付宝（线下）') as Rec;
    expect(alipay).toMatchObject({ inFen: 77700, outFen: 0, netFen: 77700, count: 1 });
    const balance = (await ok(
      'GET',
      `${RECONCILIATION}/balance?pageHelper=0&keyword=${encodeURIComponent(String(a.oldmanName))}`,
    )) as unknown as Page;
    expect(balance.list.find((r) => r.oldmanId === a.oldmanId)).toMatchObject({ balance: 77700 });
    const receivable = (await ok('GET', `${RECONCILIATION}/receivalbe?pageHelper=0`)) as unknown as Page & {
      sums: Rec;
    };
    const accounts = (await residents()).reduce((s, r) => s + Number(r.receivable), 0);
    expect(receivable.sums.balance).toBeGreaterThanOrEqual(accounts);
    const receipts = (await ok('GET', `${COST}/receipt?oldmanId=${a.oldmanId}`)) as unknown as Page;
    expect(receipts.list[0]).toMatchObject({
      amount: 77700,
      payWayName: '支付宝（线下）',
      txTypeName: '收款',
    });
    const print = await h.app.inject({
      method: 'GET',
      url: `${COST}/receipt/print?txIds=${receipts.list[0]?.txId}`,
      headers: { authorization: admin },
    });
    expect(print.headers['content-type']).toContain('text/html');
    expect(print.body).toContain('777.00 元');
    const unknown = await refused('GET', `${RECONCILIATION}/nope`);
    expect(unknown).toMatchObject({ code: Code.notFound, msg: '报表不存在' });

    // a report is a list: sorted as asked, paged, its money added up over every row
    const all = (await ok('GET', `${RECONCILIATION}/balance?pageHelper=0`)) as unknown as Page & {
      sums: Rec;
    };
    const top = (await ok(
      'GET',
      `${RECONCILIATION}/balance?pageSize=2&sortField=balance&sortOrder=desc`,
    )) as unknown as Page & { sums: Rec };
    const richest = [...all.list].sort((x, y) => Number(y.balance) - Number(x.balance)).slice(0, 2);
    expect(top.list.map((r) => r.balance)).toEqual(richest.map((r) => r.balance));
    expect(top.total).toBe(all.total);
    expect(top.sums.balance).toBe(all.list.reduce((sum, r) => sum + Number(r.balance), 0));
    // its file ends with the 合计 row; a running balance is not added up
    const file = await h.app.inject({
      method: 'GET',
      url: `${RECONCILIATION}/advance?export=csv&keyword=${encodeURIComponent(String(a.oldmanName))}`,
      headers: { authorization: admin },
    });
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('时间,长者,摘要,支付方式,发生额（元）,余额（元）,经办人');
    expect(lines.at(-1)).toBe('合计,,,,777.00,,');
  });

  it('payment reminders go to the family by SMS with the unpaid sum', async () => {
    const list = (await ok('GET', `${COST}/remind?pageSize=100`)) as unknown as Page;
    expect(list.total).toBeGreaterThan(0);
    const debtor = list.list[0] as Rec;
    const noPhone = await refused('POST', `${COST}/remind/send/${debtor.oldmanId}`, { remindTemplate: 1 });
    expect(noPhone.msg).toBe('该长者没有登记家属电话，无法发送');
    await ok('POST', '/pims/web-pi/family', {
      oldmanId: debtor.oldmanId,
      familyName: '王军',
      relation: 2,
      phone: '13800138000',
      isGuardian: 1,
    });
    const withPhone = { oldmanId: debtor.oldmanId, familyPhone: '13800138000' };
    const preview = await ok('GET', `${COST}/remind/send/${withPhone.oldmanId}/2`);
    expect(preview.content).toContain('未缴');
    await ok('POST', `${COST}/remind/send/${withPhone.oldmanId}`, { remindTemplate: 2 });
    expect(h.sms.some((m) => m.phoneNum === withPhone.familyPhone && m.text === preview.content)).toBe(true);
  });
});
