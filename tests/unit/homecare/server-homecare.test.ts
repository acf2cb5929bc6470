import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { HOMECARE_WEB as WEB } from '../../../domain/statuses/homecare.js';
import { CostAccountPaths as AP } from '../../../features/homecare/resources/accounts.js';
import { ServeOrderPaths as OP } from '../../../features/homecare/resources/orders.js';
import { forgetAuthorizations } from '../../../server/auth/tokens.js';
import { reconcile as reconcileOrg } from '../../../server/ledger/ledger.js';
import { idCard } from '../../support/idCards.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin = '';
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const db = () => h.app.services.db;
const get = async (url: string, token = admin) => (await call(h.app, token, 'GET', url)).body.result as Rec;
const list = async (url: string, token = admin) => (await call(h.app, token, 'GET', url)).body.result as Page;
async function ok(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) {
  const res = await call(h.app, token, method, url, payload);
  expect(res.body.msg).toBe('成功');
  return res.body.result as Rec;
}
const count = async (table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.id(table)}`.execute(db())).rows[0]?.n);
/** Row counts of every home-care table and the ledger: what a refusal must leave as it was. */
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(
      [
        'homeOldman',
        'homeCostAccount',
        'serveOrder',
        'serveAfterOrder',
        'serveOrderOperateLog',
        'ledgerTx',
        'ledgerEntry',
        'operationLog',
      ].map(async (t) => [t, await count(t)] as const),
    ),
  );
const orderStatus = async (orderId: number) =>
  (await get(`${WEB}/serveOrder/${orderId}`)) as { serveStatus: number } & Rec;

/** The demo institution's book. */
async function reconcile() {
  const org = await db().selectFrom('org').select('orgId').orderBy('orgId').executeTakeFirstOrThrow();
  return reconcileOrg(db(), org.orgId);
}
/** What the home-care calls of a test added to each kind of account (billing's seed has its own trades). */
async function bookDelta(base: Awaited<ReturnType<typeof reconcile>>) {
  const now = await reconcile();
  const kinds = new Set([...Object.keys(base.byKind), ...Object.keys(now.byKind)]) as Set<
    keyof typeof now.byKind
  >;
  return Object.fromEntries([...kinds].map((k) => [k, (now.byKind[k] ?? 0) - (base.byKind[k] ?? 0)]));
}
const badIdCard = (() => {
  const id = idCard('1946-04-03', 22);
  return `${id.slice(0, 17)}${id[17] === '1' ? '2' : '1'}`;
})();

async function deptIdOf(name: string) {
  const d = await db()
    .selectFrom('dept')
    .select('deptId')
    .where('deptName', '=', name)
    .orderBy('deptId')
    .executeTakeFirst();
  return d?.deptId ?? 0;
}
async function seededProject(name: string) {
  const rows = (await list(`${WEB}/serveProject?pageHelper=0`)).list;
  return rows.find((r) => r.projectName === name) as Rec & {
    projectId: number;
    price: number;
    typeId: number;
  };
}
async function seededElder(name: string) {
  const rows = (await list(`${WEB}/oldmanBase?pageHelper=0`)).list;
  return rows.find((r) => r.oldmanName === name) as Rec & { oldmanId: number; deptId: number };
}
async function openAccount(oldmanId: number) {
  return Number((await ok('POST', `${WEB}/costAccount`, { oldmanId })).accountId);
}
/** The staff who serve home-care orders (the 派单 dropdown). */
const carers = async () => (await list(`${OP.nursingWorkers}?carer=1`)).list;
async function carerId() {
  return Number((await carers())[0]?.nursingId);
}

describe('home elders, areas, projects (engine resources)', () => {
  it('seeds the demo institution and adds an elder from the ID card, in the user’s department', async () => {
    expect((await list(`${WEB}/serveProjectType?pageHelper=0`)).total).toBe(3);
    expect((await list(`${WEB}/oldmanBase?pageHelper=0`)).total).toBe(6);
    const deptId = await deptIdOf('护理一部');
    const { oldmanId } = await ok('POST', `${WEB}/oldmanBase`, {
      oldmanName: '冯奶奶',
      oldmanIdcard: idCard('1946-04-03', 22),
      phone: '13900001111',
      deptId,
    });
    expect(await get(`${WEB}/oldmanBase/${oldmanId}`)).toMatchObject({
      birthday: '1946-04-03',
      sex: 1,
      deptName: '护理一部',
    });
    await ok('PUT', `${WEB}/oldmanBase/extend`, { oldmanId, livingAlone: 1, serviceNeeds: '每周助浴' });
    expect(await get(`${WEB}/oldmanBase/extend?oldmanId=${oldmanId}`)).toMatchObject({
      livingAlone: 1,
      serviceNeeds: '每周助浴',
    });
    const noAccount = (await list(`${WEB}/oldmanBase/noAccount`)).list.map((r) => r.oldmanId);
    expect(noAccount).toContain(oldmanId);
    await openAccount(Number(oldmanId));
    expect((await list(`${WEB}/oldmanBase/noAccount`)).list.map((r) => r.oldmanId)).not.toContain(oldmanId);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const before = await snapshot();
    const cases: [string, Rec, string][] = [
      [
        `${WEB}/oldmanBase`,
        { oldmanName: '', oldmanIdcard: idCard('1946-04-03', 22), phone: '13900001111' },
        '请填写姓名',
      ],
      [
        `${WEB}/oldmanBase`,
        { oldmanName: '甲', oldmanIdcard: badIdCard, phone: '13900001111' },
        '身份证号：校验位不正确',
      ],
      [
        `${WEB}/serveOrder`,
        { oldmanId: 1, projectId: 99999, quantity: 1, serveTime: '2026-03-01 09:00:00' },
        '服务项目不存在',
      ],
      [
        `${WEB}/serveOrder`,
        { oldmanId: 1, projectId: 1, quantity: 0, serveTime: '2026-03-01 09:00:00' },
        '数量不能小于1',
      ],
      [
        `${WEB}/serveOrder`,
        { oldmanId: 1, projectId: 1, quantity: 1, serveTime: '明天' },
        '预约服务时间格式应为YYYY-MM-DD HH:mm:ss',
      ],
      [AP.topUpBalance, { accountIds: [], amountFen: 100, tradeWay: 'CASH' }, '请选择账户'],
      [AP.topUpBalance, { accountIds: [1], amountFen: 1.5, tradeWay: 'CASH' }, '金额须精确到分（整数分）'],
      [AP.topUpBalance, { accountIds: [1], amountFen: 100, tradeWay: 'BITCOIN' }, '请选择支付方式'],
    ];
    for (const [url, payload, msg] of cases) {
      const res = await call(h.app, admin, 'POST', url, payload);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: Code.invalidInput, msg });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('shelves and unshelves every project of a type; an unshelved project cannot be ordered', async () => {
    const bath = await seededProject('助浴服务');
    const done = await ok('PUT', `${WEB}/serveProject/shelves/${bath.typeId}`, { onShelf: 0 });
    expect(done.updated).toBe(3);
    expect((await list(`${WEB}/serveProject?onShelf=1&pageHelper=0`)).total).toBe(3);
    const elder = await seededElder('沈阿婆');
    const res = await call(h.app, admin, 'POST', `${WEB}/serveOrder`, {
      oldmanId: elder.oldmanId,
      projectId: bath.projectId,
      quantity: 1,
      serveTime: '2026-03-01 09:00:00',
    });
    expect(res.body).toMatchObject({ code: Code.invalidInput, msg: '服务项目“助浴服务”已下架' });
    await ok('PUT', `${WEB}/serveProject/shelves/${bath.typeId}`, { onShelf: 1 });
    expect((await list(`${WEB}/serveProject?onShelf=1&pageHelper=0`)).total).toBe(6);
  });
});

describe('service orders through the machine', () => {
  async function newOrder(elderName = '沈阿婆', project = '助浴服务', quantity = 2) {
    const elder = await seededElder(elderName);
    const p = await seededProject(project);
    const { orderId } = await ok('POST', `${WEB}/serveOrder`, {
      oldmanId: elder.oldmanId,
      projectId: p.projectId,
      quantity,
      serveTime: '2026-03-02 09:30:00',
    });
    return { orderId: Number(orderId), elder, project: p };
  }

  it('runs create → pay → distribute → receive → start → over → after-sale → audit, money to the fen', async () => {
    const base = await reconcile();
    const { orderId, elder, project } = await newOrder();
    const accountId = await openAccount(elder.oldmanId);
    const order = await orderStatus(orderId);
    expect(order).toMatchObject({ serveStatus: 1, amount: project.price * 2, duration: 120, source: 'WEB' });
    expect(String(order.orderNo)).toMatch(/^FW\d{12}$/);
    // Not enough balance: refused with 10501, nothing written.
    const before = await snapshot();
    const short = await call(h.app, admin, 'PUT', OP.pay, { orderId, payWay: 'BALANCE' });
    expect(short.body.code).toBe(Code.insufficientBalance);
    expect(await snapshot()).toEqual(before);
    await ok('POST', AP.topUpBalance, { accountIds: [accountId], amountFen: 20_000, tradeWay: 'WECHAT' });
    await ok('PUT', OP.pay, { orderId, payWay: 'BALANCE' });
    expect(await get(`${WEB}/costAccount/${accountId}`)).toMatchObject({
      balance: 20_000 - project.price * 2,
    });
    const nursingId = await carerId();
    await ok('PUT', OP.distribute, { orderId, nursingId });
    for (const step of [OP.receive, OP.start, OP.over]) await ok('PUT', step, { orderId });
    expect(await orderStatus(orderId)).toMatchObject({ serveStatus: 9, nursingId });
    const { afterOrderId } = await ok('POST', OP.afterSales, { orderId, reason: '服务时间不足' });
    expect(await orderStatus(orderId)).toMatchObject({ serveStatus: 9, afterSaleStatus: 'START' });
    const tooMuch = await call(h.app, admin, 'PUT', OP.audit, {
      afterOrderId,
      refundFen: project.price * 2 + 1,
      auditRemark: '全额退款',
    });
    expect(tooMuch.body.code).toBe(Code.invalidInput);
    await ok('PUT', OP.audit, { afterOrderId, refundFen: 3000, auditRemark: '退部分费用' });
    expect(await orderStatus(orderId)).toMatchObject({ serveStatus: 13, afterSaleStatus: 'END' });
    expect(await get(`${WEB}/serveAfterOrder/detail/${afterOrderId}`)).toMatchObject({
      afterStatus: 'END',
      refundFen: 3000,
    });
    expect(await get(`${WEB}/costAccount/${accountId}`)).toMatchObject({
      balance: 20_000 - project.price * 2 + 3000,
    });
    const log = (await list(`${WEB}/ServeOrderOperateLog?orderId=${orderId}&pageHelper=0`)).list;
    expect(log.map((r) => r.actionName)).toEqual([
      '创建工单',
      '支付',
      '派单',
      '接单',
      '开始服务',
      '完成服务',
      '申请售后',
      '售后审核',
    ]);
    expect(log.map((r) => r.toStatus)).toEqual([1, 3, 5, 5, 7, 9, 9, 13]);
    const book = await reconcile();
    expect(book).toMatchObject({ ok: true, totalFen: 0 });
    expect(await bookDelta(base)).toMatchObject({
      homeBalance: 20_000 - project.price * 2 + 3000,
      income: project.price * 2 - 3000,
      cash: 20_000,
    });
    expect(await get(`${OP.totalDuration}?oldmanId=${elder.oldmanId}`)).toEqual({
      orders: 1,
      totalDuration: 120,
    });
  });

  it('refuses what the machine does not allow, changing nothing', async () => {
    const base = await reconcile();
    const { orderId } = await newOrder();
    const nursingId = await carerId();
    const before = await snapshot();
    const refusals: [string, Rec, string][] = [
      [OP.distribute, { orderId, nursingId }, '当前工单状态为待支付，不能派单'],
      [OP.receive, { orderId }, '当前工单状态为待支付，不能接单'],
      [OP.over, { orderId }, '当前工单状态为待支付，不能完成服务'],
    ];
    for (const [url, payload, msg] of refusals) {
      const res = await call(h.app, admin, 'PUT', url, payload);
      expect(res.body).toMatchObject({ code: Code.serveOrderState, msg });
    }
    const after = await call(h.app, admin, 'POST', OP.afterSales, { orderId, reason: '不满意' });
    expect(after.body).toMatchObject({
      code: Code.serveOrderState,
      msg: '当前工单状态为待支付，不能申请售后',
    });
    expect(await snapshot()).toEqual(before);
    await ok('PUT', OP.pay, { orderId, payWay: 'CASH' });
    await ok('PUT', OP.cancel, { orderId, note: '家属取消' });
    const again = await call(h.app, admin, 'PUT', OP.abolish, { orderId });
    expect(again.body).toMatchObject({ code: Code.serveOrderState, msg: '当前工单状态为已取消，不能作废' });
    // The cash payment was reversed: the book balances and nothing is left as income.
    const book = await reconcile();
    expect(book).toMatchObject({ ok: true, totalFen: 0 });
    expect(await bookDelta(base)).toMatchObject({ income: 0, cash: 0 });
  });

  it('abolishes an order in service and returns the balance payment; a paid order cannot be edited or deleted', async () => {
    const { orderId, elder, project } = await newOrder('钱老伯', '上门助餐', 3);
    const accountId = await openAccount(elder.oldmanId);
    await ok('POST', AP.topUpBalance, { accountIds: [accountId], amountFen: 10_000, tradeWay: 'CASH' });
    await ok('PUT', OP.pay, { orderId });
    const edit = await call(h.app, admin, 'PUT', `${WEB}/serveOrder`, {
      orderId,
      oldmanId: elder.oldmanId,
      projectId: project.projectId,
      quantity: 1,
      serveTime: '2026-03-02 09:30:00',
    });
    expect(edit.body).toMatchObject({ code: Code.serveOrderState, msg: '只有待支付的工单可以修改' });
    const del = await call(h.app, admin, 'DELETE', `${WEB}/serveOrder/${orderId}`);
    expect(del.body.code).toBe(Code.serveOrderState);
    await ok('PUT', OP.distribute, { orderId, nursingId: await carerId() });
    await ok('PUT', OP.receive, { orderId });
    await ok('PUT', OP.start, { orderId });
    await ok('PUT', OP.abolish, { orderId, note: '长者住院' });
    expect(await orderStatus(orderId)).toMatchObject({ serveStatus: 10 });
    expect(await get(`${WEB}/costAccount/${accountId}`)).toMatchObject({ balance: 10_000 });
    expect((await reconcile()).ok).toBe(true);
  });

  it('makes weekly orders from a rule on demand, skipping days already made', async () => {
    const elder = await seededElder('孙奶奶');
    const p = await seededProject('居家保洁');
    const { ruleId } = await ok('POST', `${WEB}/serveOrderGenRule`, {
      ruleName: '每周一三五保洁',
      oldmanId: elder.oldmanId,
      projectId: p.projectId,
      quantity: 1,
      weekdays: '5,1,3',
      serveClock: '09:00',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(await get(`${WEB}/serveOrderGenRule/${ruleId}`)).toMatchObject({ weekdays: '1,3,5', enabled: 1 });
    // 2026-03-02 is a Monday: Mon, Wed, Fri of two weeks.
    const first = await ok('POST', OP.generate, { ruleId, fromDate: '2026-03-02', toDate: '2026-03-15' });
    expect(first).toMatchObject({ created: 6, skipped: 0 });
    const second = await ok('POST', OP.generate, { ruleId, fromDate: '2026-03-09', toDate: '2026-03-20' });
    expect(second).toMatchObject({ created: 3, skipped: 3 });
    const orders = (await list(`${WEB}/serveOrder?oldmanId=${elder.oldmanId}&pageHelper=0`)).list;
    expect(orders.map((o) => String(o.serveTime).slice(0, 10)).sort()).toEqual([
      '2026-03-02',
      '2026-03-04',
      '2026-03-06',
      '2026-03-09',
      '2026-03-11',
      '2026-03-13',
      '2026-03-16',
      '2026-03-18',
      '2026-03-20',
    ]);
    const bad = await call(h.app, admin, 'POST', `${WEB}/serveOrderGenRule`, {
      ruleName: '坏规则',
      oldmanId: elder.oldmanId,
      projectId: p.projectId,
      quantity: 1,
      weekdays: '8',
      serveClock: '09:00',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '每周服务日应为1–7的数字，逗号分隔' });
  });

  it('closes unpaid orders past the organisation’s limit when the list is read', async () => {
    const { orderId } = await newOrder();
    await ok('PUT', OP.orgConfig, { payTimeoutMinutes: 30, afterSaleDays: 30 });
    expect(await get(OP.orgConfig)).toEqual({ payTimeoutMinutes: 30, afterSaleDays: 30 });
    h.clock.now += 31 * 60_000;
    await list(`${WEB}/serveOrder`);
    expect(await orderStatus(orderId)).toMatchObject({ serveStatus: 13 });
    const log = (await list(`${WEB}/ServeOrderOperateLog?orderId=${orderId}&pageHelper=0`)).list;
    expect(log.at(-1)).toMatchObject({ action: 'close', operatorName: '系统' });
  });
});

describe('permissions and data departments', () => {
  it('answers 401 without a token or authority and 10301 outside the user’s departments', async () => {
    const nurse = (await signInNurse(h.app)).token;
    expect((await call(h.app, null, 'GET', `${WEB}/serveOrder`)).status).toBe(401);
    // The nurse sees only 护理一部: three of the six seeded elders.
    expect((await list(`${WEB}/oldmanBase?pageHelper=0`, nurse)).total).toBe(3);
    const far = await seededElder('吴阿姨');
    const res = await call(h.app, nurse, 'GET', `${WEB}/oldmanBase/${far.oldmanId}`);
    expect(res.body.code).toBe(Code.deptNotAllowed);
    const order = await call(h.app, nurse, 'POST', `${WEB}/serveOrder`, {
      oldmanId: far.oldmanId,
      projectId: (await seededProject('上门助餐')).projectId,
      quantity: 1,
      serveTime: '2026-03-02 09:30:00',
    });
    expect(order.body.code).toBe(Code.deptNotAllowed);
    const near = await seededElder('沈阿婆');
    const { orderId } = await ok(
      'POST',
      `${WEB}/serveOrder`,
      {
        oldmanId: near.oldmanId,
        projectId: (await seededProject('上门助餐')).projectId,
        quantity: 1,
        serveTime: '2026-03-02 09:30:00',
      },
      nurse,
    );
    const abolish = await call(h.app, nurse, 'PUT', OP.abolish, { orderId });
    expect(abolish.body).toMatchObject({ code: Code.noAuthority, msg: '权限不足' });
    expect(await orderStatus(Number(orderId))).toMatchObject({ serveStatus: 1 });
    // Another organisation sees none of it.
    const other = (await signInOtherOrg(h.app)).token;
    expect((await list(`${WEB}/oldmanBase?pageHelper=0`, other)).total).toBe(0);
    expect((await call(h.app, other, 'GET', `${WEB}/serveOrder/${orderId}`)).body.code).toBe(Code.notFound);
  });

  it('lets only the assigned carer (or the office) receive an order in the app', async () => {
    const nurse = await signInNurse(h.app);
    const nurseEmp = await db()
      .selectFrom('users')
      .select('empId')
      .where('userId', '=', nurse.userId)
      .executeTakeFirstOrThrow();
    const elder = await seededElder('沈阿婆');
    const { orderId } = await ok('POST', `${WEB}/serveOrder`, {
      oldmanId: elder.oldmanId,
      projectId: (await seededProject('上门助餐')).projectId,
      quantity: 1,
      serveTime: '2026-03-02 09:30:00',
    });
    await ok('PUT', OP.pay, { orderId, payWay: 'CASH' });
    const someoneElse = (await carers()).find((c) => c.nursingId !== nurseEmp.empId);
    await ok('PUT', OP.distribute, { orderId, nursingId: someoneElse?.nursingId });
    // The nurse may dispatch too in the demo roles, so she acts for the office here; a carer-only role is refused.
    await sql`delete from roleAuthority where code = 'homecare:serverWorkorder:distribute' and roleId in
      (select roleId from userRole where userId = ${nurse.userId})`.execute(db());
    forgetAuthorizations(db());
    const { token } = await signInNurse(h.app);
    const refused = await call(h.app, token, 'PUT', OP.receive, { orderId });
    expect(refused.body).toMatchObject({ code: Code.serveOrderState, msg: '该工单不是派给您的' });
    await ok('PUT', OP.distribute, { orderId, nursingId: nurseEmp.empId });
    await ok('PUT', OP.receive, { orderId }, token);
    expect(await orderStatus(Number(orderId))).toMatchObject({ serveStatus: 5, nursingId: nurseEmp.empId });
  });
});

describe('cost accounts on the ledger', () => {
  it('moves balance and deposit with every call, voids a trade, and the book reconciles to the fen', async () => {
    const base = await reconcile();
    const a = await seededElder('沈阿婆');
    const b = await seededElder('钱老伯');
    const accA = await openAccount(a.oldmanId);
    const accB = await openAccount(b.oldmanId);
    const dup = await call(h.app, admin, 'POST', `${WEB}/costAccount`, { oldmanId: a.oldmanId });
    expect(dup.body.code).toBe(Code.conflict);
    const batch = await ok('POST', AP.topUpBalance, {
      accountIds: [accA, accB],
      amountFen: 10_001,
      tradeWay: 'CASH',
    });
    expect((batch.tradeIds as number[]).length).toBe(2);
    await ok('POST', AP.topUpDeposit, { accountId: accA, amountFen: 50_000, tradeWay: 'BANK_CARD' });
    await ok('POST', AP.transferBalance, { accountId: accA, toAccountId: accB, amountFen: 1 });
    await ok('POST', AP.remitBalance, { accountId: accB, amountFen: 2 });
    await ok('POST', AP.transferDeposit, { accountId: accA, amountFen: 10_000 });
    await ok('POST', AP.withdrawDeposit, { accountId: accA, amountFen: 5_000, tradeWay: 'CASH' });
    const { tradeId } = await ok('POST', AP.withdrawBalance, {
      accountId: accB,
      amountFen: 3_000,
      tradeWay: 'WECHAT',
    });
    expect(await get(`${WEB}/costAccount/${accA}`)).toMatchObject({ balance: 20_000, deposit: 35_000 });
    expect(await get(`${WEB}/costAccount/${accB}`)).toMatchObject({ balance: 7_000, deposit: 2 });
    // Overdraw: 10501, nothing written.
    const before = await snapshot();
    const over = await call(h.app, admin, 'POST', AP.withdrawBalance, {
      accountId: accB,
      amountFen: 7_001,
      tradeWay: 'CASH',
    });
    expect(over.body.code).toBe(Code.insufficientBalance);
    expect(await snapshot()).toEqual(before);
    await ok('PUT', AP.voidTrade.replace(':tradeId', String(tradeId)));
    expect(await get(`${WEB}/costAccount/${accB}`)).toMatchObject({ balance: 10_000 });
    const twice = await call(h.app, admin, 'PUT', AP.voidTrade.replace(':tradeId', String(tradeId)));
    expect(twice.body.code).toBe(Code.tradeVoided);
    const lines = await list(`${AP.trades}?accountId=${accB}`);
    expect(lines.list[0]).toMatchObject({
      txType: 'homeVoid',
      amountFen: 3_000,
      balanceAfterFen: 10_000,
      reversal: true,
    });
    expect(lines.list.find((l) => l.tradeId === tradeId)).toMatchObject({ voided: true, amountFen: -3_000 });
    const last = await list(`${AP.last}?accountId=${accA}`);
    expect(last.list.length).toBeGreaterThan(0);
    const book = await reconcile();
    expect(book).toMatchObject({ ok: true, totalFen: 0 });
    expect(await bookDelta(base)).toMatchObject({ homeBalance: 30_000, homeDeposit: 35_002, cash: 65_002 });
    // 注销 only when empty; then recovery.
    const seal = await call(h.app, admin, 'DELETE', `${WEB}/costAccount/${accA}`);
    expect(seal.body.code).toBe(Code.homeAccountState);
    await ok('POST', AP.withdrawBalance, { accountId: accA, amountFen: 20_000, tradeWay: 'CASH' });
    await ok('POST', AP.withdrawDeposit, { accountId: accA, amountFen: 35_000, tradeWay: 'CASH' });
    await ok('DELETE', `${WEB}/costAccount/${accA}`);
    const sealed = await call(h.app, admin, 'POST', AP.topUpBalance, {
      accountIds: [accA],
      amountFen: 100,
      tradeWay: 'CASH',
    });
    expect(sealed.body).toMatchObject({ code: Code.homeAccountState, msg: '沈阿婆的账户已注销' });
    await ok('PUT', AP.recovery.replace(':id', String(accA)));
    expect(await get(`${WEB}/costAccount/${accA}`)).toMatchObject({ accountStatus: 0, balance: 0 });
  });
});

describe('home elder import', () => {
  async function upload(name: string, text: string, mode: string) {
    const form = new FormData();
    form.append('mode', mode);
    form.append('file', new Blob([new TextEncoder().encode(text)]), name);
    const encoded = new Response(form);
    const res = await h.app.inject({
      method: 'POST',
      url: `${WEB}/oldmanBase/import`,
      headers: { authorization: admin, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    return res.json() as { code: number; msg: string; result: Rec & { problems: Rec[] } };
  }

  it('checks every row, imports all-or-nothing or the valid rows, and serves its template', async () => {
    const good = idCard('1939-08-08', 41);
    const csv = [
      '姓名*,身份证号*,联系电话*,所属部门*,服务区域,详细地址,护理等级,能力等级,独居',
      `严奶奶,${good},13911112222,护理一部,西湖街道,文三路 1 号,,,是`,
      `许老伯,${badIdCard},13911113333,护理一部,,,,,`,
      `何阿姨,${idCard('1941-01-01', 42)},13911114444,护理一部,火星,,,,`,
      `重复,${good},13911115555,护理二部,,,,,`,
    ].join('\n');
    const before = await snapshot();
    const check = await upload('居家.csv', csv, 'check');
    expect(check.result).toMatchObject({ total: 4, valid: 1, imported: 0 });
    expect(check.result.problems).toEqual([
      { row: 3, oldmanName: '许老伯', reason: '身份证号：校验位不正确' },
      { row: 4, oldmanName: '何阿姨', reason: '服务区域“火星”不存在' },
      { row: 5, oldmanName: '重复', reason: '与第2行身份证号重复' },
    ]);
    expect((await upload('居家.csv', csv, 'all')).result.imported).toBe(0);
    expect({ ...(await snapshot()), operationLog: before.operationLog }).toEqual(before);
    expect((await upload('居家.csv', csv, 'valid')).result.imported).toBe(1);
    const row = (await list(`${WEB}/oldmanBase?keyword=${good}`)).list[0];
    expect(row).toMatchObject({ oldmanName: '严奶奶', areaName: '西湖街道', livingAlone: 1, sex: 0 });
    const again = await upload('居家.csv', csv, 'check');
    expect(again.result.problems[0]).toMatchObject({ row: 2, reason: '该身份证号已有居家长者' });
    const template = await h.app.inject({
      method: 'GET',
      url: `${WEB}/download?type=oldmanBase&format=csv`,
      headers: { authorization: admin },
    });
    expect(template.statusCode).toBe(200);
    expect(template.body).toContain('姓名*,身份证号*,联系电话*,所属部门*,服务区域');
  });
});
