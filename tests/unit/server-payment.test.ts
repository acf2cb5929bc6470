import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { Code } from '../../domain/codes.js';
import { type PaymentOrderView, PaymentPath } from '../../domain/payment.js';
import type { ServerPushMessage } from '../../domain/push.js';
import { buildApp } from '../../server/app.js';
import type { SessionUser } from '../../server/auth/tokens.js';
import { openDatabase } from '../../server/db/index.js';
import { ApiFailure } from '../../server/http/failure.js';
import {
  type GatewayResult,
  type PaidOrder,
  type PaymentOptions,
  type PaymentProvider,
  PaymentService,
  registerPaymentPurpose,
  SandboxAuthCode,
} from '../../server/payment/index.js';
import { type PushClient, PushHub } from '../../server/push/hub.js';
import { call, signInAdmin, signInOtherOrg, type TestApp } from '../support/serverHarness.js';

/** A real app over an in-memory database with the sandbox gateway and short payment timings. */
async function startPayApp(payment: PaymentOptions) {
  const dataDir = mkdtempSync(join(tmpdir(), 'eldercare-pay-'));
  const clock = { now: Date.now() };
  const app = await buildApp({
    dataDir,
    databaseFile: ':memory:',
    now: () => clock.now,
    loginRatePerMinute: 1000,
    payment,
  });
  const close = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, clock, close };
}
type PayApp = Awaited<ReturnType<typeof startPayApp>>;

/** The purpose of these tests: records every onPaid and writes a row in its transaction. */
const paid: PaidOrder[] = [];
/** Confirmations of one order (a 付款码 order of an earlier test may still confirm later). */
const paidFor = (payId: string) => paid.filter((p) => p.payId === payId);
let failNextOnPaid = false;
const unregister = registerPaymentPurpose('testBill', {
  async validate(_trx, intent) {
    if (intent.purposeRef === 'settled') throw new ApiFailure(Code.conflict, '该账单已结清');
  },
  async onPaid(trx, order) {
    await trx
      .insertInto('configEntry')
      .values({ orgId: order.orgId, configKey: `paid:${order.payId}`, value: String(order.amountFen) })
      .execute();
    if (failNextOnPaid) {
      failNextOnPaid = false;
      throw new Error('账本暂不可用');
    }
    paid.push(order);
  },
});

const WECHAT_CODE = '134567890123456789';
const ALIPAY_CODE = '2876543210987654';
const SILENT_CODE = `13456789012345${SandboxAuthCode.silentSuffix}`;

let h: PayApp;
let admin: string;
beforeAll(async () => {
  h = await startPayApp({ timeoutMs: 60_000, sandboxMicroConfirmMs: 300 });
  admin = (await signInAdmin(h.app)).token;
});
afterAll(async () => {
  await h.close();
  unregister();
});
afterEach(() => {
  paid.length = 0;
  failNextOnPaid = false;
});

let keys = 0;
const key = () => `test-key-${++keys}-${Date.now()}`;
const qrBody = (over: Record<string, unknown> = {}) => ({
  amount: '12.30',
  payWay: 10,
  purpose: 'testBill',
  purposeRef: 7,
  subject: '2026年11月护理费',
  idempotencyKey: key(),
  ...over,
});
const microBody = (over: Record<string, unknown> = {}) => ({
  ...qrBody({ payWay: 12 }),
  authCode: WECHAT_CODE,
  ...over,
});

const post = (app: TestApp, token: string, url: string, body: unknown) => call(app, token, 'POST', url, body);
const order = (res: { body: { result: unknown } }) => res.body.result as PaymentOrderView;
const get = async (app: TestApp, token: string, payId: string) =>
  order(await call(app, token, 'GET', PaymentPath.payorder(payId)));
const rows = (app: TestApp) => app.services.db.selectFrom('paymentOrder').selectAll().execute();
const paidMarks = (app: TestApp, payId: string) =>
  app.services.db.selectFrom('configEntry').selectAll().where('configKey', '=', `paid:${payId}`).execute();

/** A push client of the organisation that records what it is sent. */
function listen(app: TestApp, orgId: number) {
  const sent: ServerPushMessage[] = [];
  const client: PushClient = {
    socket: { send: (text: string) => sent.push(JSON.parse(text)), close() {} } as unknown as WebSocket,
    token: 'test',
    user: { orgId } as SessionUser,
    wantsPositions: false,
    pendingPositions: new Map(),
  };
  app.services.hub.add(client);
  return { sent, stop: () => app.services.hub.remove(client) };
}
const orgOf = async (app: TestApp, loginName: string) =>
  (
    await app.services.db
      .selectFrom('users')
      .select('orgId')
      .where('loginName', '=', loginName)
      .executeTakeFirstOrThrow()
  ).orgId;

describe('createPay and the sandbox scan (pay ways 10/11)', () => {
  it('creates a pending order with a code URL; the simulated scan pays it once and pushes the change', async () => {
    const orgId = await orgOf(h.app, 'admin');
    const push = listen(h.app, orgId);
    const other = listen(h.app, orgId + 1000);
    const created = await post(h.app, admin, PaymentPath.createPay, qrBody());
    expect(created.body.code).toBe(0);
    const o = order(created);
    expect(o).toMatchObject({
      amount: '12.30',
      amountFen: 1230,
      payWay: 10,
      payWayName: '微信扫码',
      status: 'pending',
      statusName: '待支付',
      purpose: 'testBill',
      purposeRef: 7,
      subject: '2026年11月护理费',
      provider: 'sandbox',
      paidAt: null,
    });
    expect(o.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=SBX\d+$/);
    expect(o.payId).toMatch(/^YH\d{20}$/);
    expect(await get(h.app, admin, o.payId)).toMatchObject({ status: 'pending' });
    const log = await h.app.services.db
      .selectFrom('operationLog')
      .select('operationName')
      .where('path', '=', PaymentPath.createPay)
      .execute();
    expect(log.map((l) => l.operationName)).toContain('微信扫码收款12.30元');

    const scanned = await post(h.app, admin, PaymentPath.sandboxScan(o.payId), {});
    expect(order(scanned)).toMatchObject({ status: 'paid', statusName: '已支付' });
    expect(paidFor(o.payId)).toHaveLength(1);
    expect(paidFor(o.payId)[0]).toMatchObject({
      payId: o.payId,
      amountFen: 1230,
      purposeRef: 7,
      orgId,
      payWay: 10,
    });
    expect(await paidMarks(h.app, o.payId)).toHaveLength(1);
    expect(await get(h.app, admin, o.payId)).toMatchObject({ status: 'paid' });
    expect(push.sent.filter((m) => m.type === 'payment.updated').map((m) => m.data)).toContainEqual(
      expect.objectContaining({ payId: o.payId, status: 'paid' }),
    );
    expect(other.sent).toHaveLength(0);
    push.stop();
    other.stop();

    const again = await post(h.app, admin, PaymentPath.sandboxScan(o.payId), {});
    expect(again.body).toMatchObject({ code: Code.paymentState, msg: '该订单不在待扫码状态' });
    expect(paidFor(o.payId)).toHaveLength(1);
  });

  it('answers Alipay code URLs and records a failed scan with its reason', async () => {
    const o = order(await post(h.app, admin, PaymentPath.createPay, qrBody({ payWay: 11 })));
    expect(o.codeUrl).toMatch(/^https:\/\/qr\.alipay\.com\/sandbox\/SBX\d+$/);
    const failed = await post(h.app, admin, PaymentPath.sandboxScan(o.payId), {
      result: 'fail',
      reason: '用户取消支付',
    });
    expect(order(failed)).toMatchObject({
      status: 'failed',
      statusName: '已失败',
      failReason: '用户取消支付',
    });
    expect(paidFor(o.payId)).toHaveLength(0);
  });

  it('a customer who walks away: the sandbox gateway closes the trade, nothing is paid, the code cannot be scanned again', async () => {
    const o = order(await post(h.app, admin, PaymentPath.createPay, qrBody()));
    const closed = await post(h.app, admin, PaymentPath.sandboxScan(o.payId), { result: 'closed' });
    expect(order(closed)).toMatchObject({ status: 'closed', statusName: '已关闭（超时）' });
    expect(paidFor(o.payId)).toHaveLength(0);
    const late = await post(h.app, admin, PaymentPath.sandboxScan(o.payId), {});
    expect(late.body).toMatchObject({ code: Code.paymentState });
    const bad = await post(h.app, admin, PaymentPath.sandboxScan(o.payId), { result: 'gone' });
    expect(bad.body).toMatchObject({
      code: Code.invalidInput,
      msg: expect.stringContaining('扫码结果应为success、fail或closed'),
    });
  });

  it('same idempotency key twice gives one order and one onPaid; another amount with it is refused', async () => {
    const body = qrBody();
    const [a, b] = await Promise.all([
      post(h.app, admin, PaymentPath.createPay, body),
      post(h.app, admin, PaymentPath.createPay, body),
    ]);
    expect(order(a).payId).toBe(order(b).payId);
    const again = order(await post(h.app, admin, PaymentPath.createPay, body));
    expect(again.payId).toBe(order(a).payId);
    expect((await rows(h.app)).filter((r) => r.idempotencyKey === body.idempotencyKey)).toHaveLength(1);
    await post(h.app, admin, PaymentPath.sandboxScan(again.payId), {});
    const afterPaid = order(await post(h.app, admin, PaymentPath.createPay, body));
    expect(afterPaid).toMatchObject({ payId: again.payId, status: 'paid' });
    expect(paidFor(again.payId)).toHaveLength(1);
    for (const change of [{ amount: '12.31' }, { payWay: 11 }, { purposeRef: 8 }]) {
      const conflict = await post(h.app, admin, PaymentPath.createPay, { ...body, ...change });
      expect(conflict.body).toMatchObject({
        code: Code.paymentKeyConflict,
        msg: '该幂等键已用于另一笔支付（金额、方式或用途不同）',
      });
    }
  });

  it('applies a confirmation once when it arrives many times and the order is polled at once', async () => {
    const o = order(await post(h.app, admin, PaymentPath.createPay, qrBody({ amount: 88 })));
    const confirm = { payId: o.payId, state: 'SUCCESS' as const, amountFen: 8800, providerTradeNo: 'WX1' };
    await Promise.all([
      ...Array.from({ length: 5 }, () => h.app.services.payments.settle(confirm)),
      ...Array.from({ length: 5 }, () => call(h.app, admin, 'GET', PaymentPath.payorder(o.payId))),
    ]);
    expect(paidFor(o.payId)).toHaveLength(1);
    expect(await paidMarks(h.app, o.payId)).toHaveLength(1);
    expect(await get(h.app, admin, o.payId)).toMatchObject({ status: 'paid', providerTradeNo: 'WX1' });
  });

  it('fails an order the gateway reports with another amount, without onPaid', async () => {
    const o = order(await post(h.app, admin, PaymentPath.createPay, qrBody()));
    await h.app.services.payments.settle({ payId: o.payId, state: 'SUCCESS', amountFen: 1 });
    expect(await get(h.app, admin, o.payId)).toMatchObject({
      status: 'failed',
      failReason: '支付金额与订单不符，请人工核对',
    });
    expect(paidFor(o.payId)).toHaveLength(0);
  });

  it('rolls back a confirmation whose onPaid throws and applies it once on the next query', async () => {
    const o = order(await post(h.app, admin, PaymentPath.createPay, qrBody()));
    failNextOnPaid = true;
    await post(h.app, admin, PaymentPath.sandboxScan(o.payId), {});
    const stuck = await h.app.services.db
      .selectFrom('paymentOrder')
      .selectAll()
      .where('payId', '=', o.payId)
      .executeTakeFirstOrThrow();
    expect(stuck).toMatchObject({ status: 'pending', lastError: '入账失败：账本暂不可用' });
    expect(await paidMarks(h.app, o.payId)).toHaveLength(0);
    expect(await get(h.app, admin, o.payId)).toMatchObject({ status: 'paid' });
    expect(paidFor(o.payId)).toHaveLength(1);
    expect(await paidMarks(h.app, o.payId)).toHaveLength(1);
  });
});

describe('microPay (pay ways 12/13)', () => {
  it('answers 支付中 at once and becomes paid when the gateway confirms', async () => {
    const res = await post(h.app, admin, PaymentPath.microPay, microBody({ amount: '0.01' }));
    const o = order(res);
    expect(o).toMatchObject({ status: 'paying', statusName: '支付中', amountFen: 1, codeUrl: null });
    await vi.waitFor(async () => expect(await get(h.app, admin, o.payId)).toMatchObject({ status: 'paid' }), {
      timeout: 3000,
      interval: 20,
    });
    expect(paidFor(o.payId)).toHaveLength(1);
    const stored = (await rows(h.app)).find((r) => r.payId === o.payId);
    expect(stored?.authCode).toBe('134567************');
    // the same key again: the same paid order, no second charge
    const again = order(
      await post(h.app, admin, PaymentPath.microPay, {
        ...microBody(),
        idempotencyKey: o.idempotencyKey,
        amount: '0.01',
      }),
    );
    expect(again).toMatchObject({ payId: o.payId, status: 'paid' });
    expect(paidFor(o.payId)).toHaveLength(1);
  });

  it('takes Alipay codes on 13 and refuses a code of the other wallet', async () => {
    const ok = order(
      await post(h.app, admin, PaymentPath.microPay, microBody({ payWay: 13, authCode: ALIPAY_CODE })),
    );
    expect(ok).toMatchObject({ status: 'paying', payWayName: '支付宝付款码' });
    const wrong = order(
      await post(h.app, admin, PaymentPath.microPay, microBody({ payWay: 13, authCode: WECHAT_CODE })),
    );
    expect(wrong).toMatchObject({ status: 'failed', failReason: '付款码无效，请顾客刷新付款码后重试' });
  });

  it('records 余额不足 for a code ending in 0000', async () => {
    const o = order(
      await post(
        h.app,
        admin,
        PaymentPath.microPay,
        microBody({ authCode: `13456789012345${SandboxAuthCode.insufficientSuffix}` }),
      ),
    );
    expect(o).toMatchObject({ status: 'failed', statusName: '已失败', failReason: '余额不足' });
    expect(paidFor(o.payId)).toHaveLength(0);
  });

  it('a scan is refused for a 付款码 order', async () => {
    const o = order(await post(h.app, admin, PaymentPath.microPay, microBody({ authCode: SILENT_CODE })));
    const res = await post(h.app, admin, PaymentPath.sandboxScan(o.payId), {});
    expect(res.body.code).toBe(Code.paymentState);
  });
});

describe('timeout', () => {
  it('closes an unpaid order when its time is up (timer), at the gateway too', async () => {
    const t = await startPayApp({ timeoutMs: 300, sandboxMicroConfirmMs: 30 });
    try {
      const token = (await signInAdmin(t.app)).token;
      const silent = order(
        await post(t.app, token, PaymentPath.microPay, microBody({ authCode: SILENT_CODE })),
      );
      const qr = order(await post(t.app, token, PaymentPath.createPay, qrBody()));
      expect(silent.status).toBe('paying');
      await vi.waitFor(
        async () => {
          const [a, b] = await Promise.all([
            t.app.services.db
              .selectFrom('paymentOrder')
              .selectAll()
              .where('payId', '=', silent.payId)
              .executeTakeFirstOrThrow(),
            t.app.services.db
              .selectFrom('paymentOrder')
              .selectAll()
              .where('payId', '=', qr.payId)
              .executeTakeFirstOrThrow(),
          ]);
          expect([a.status, b.status]).toEqual(['closed', 'closed']);
        },
        { timeout: 4000, interval: 50 },
      );
      expect(await get(t.app, token, silent.payId)).toMatchObject({
        status: 'closed',
        statusName: '已关闭（超时）',
        failReason: '超时未支付，订单已关闭',
      });
      const late = await post(t.app, token, PaymentPath.sandboxScan(qr.payId), {});
      expect(late.body.code).toBe(Code.paymentState);
      expect([...paidFor(silent.payId), ...paidFor(qr.payId)]).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('closes an order read after its expiry even without a timer', async () => {
    const o = order(await post(h.app, admin, PaymentPath.createPay, qrBody()));
    h.clock.now += 61_000;
    try {
      expect(await get(h.app, admin, o.payId)).toMatchObject({ status: 'closed' });
    } finally {
      h.clock.now -= 61_000;
    }
  });
});

describe('who may see and act', () => {
  it('another organisation cannot read or scan the order; no token is refused', async () => {
    const o = order(await post(h.app, admin, PaymentPath.createPay, qrBody()));
    const { token: other } = await signInOtherOrg(h.app);
    const read = await call(h.app, other, 'GET', PaymentPath.payorder(o.payId));
    expect(read.body).toMatchObject({ code: Code.paymentNotFound, msg: '支付订单不存在', result: null });
    const scan = await post(h.app, other, PaymentPath.sandboxScan(o.payId), {});
    expect(scan.body.code).toBe(Code.paymentNotFound);
    expect(await get(h.app, admin, o.payId)).toMatchObject({ status: 'pending' });
    const anonymous = await call(h.app, null, 'POST', PaymentPath.createPay, qrBody());
    expect(anonymous.body.code).toBe(Code.loginExpired);
  });
});

describe('input', () => {
  it('refuses bad input with five-digit codes and Chinese messages, and writes nothing', async () => {
    const before = (await rows(h.app)).length;
    const cases: [string, Record<string, unknown>, number, string][] = [
      [PaymentPath.createPay, { amount: undefined }, Code.invalidInput, '请填写支付金额'],
      [PaymentPath.createPay, { amount: '0.001' }, Code.invalidInput, '支付金额应为元，最多两位小数'],
      [PaymentPath.createPay, { amount: 0.1 + 0.2 }, Code.invalidInput, '支付金额应为元，最多两位小数'],
      [PaymentPath.createPay, { amount: '1e3' }, Code.invalidInput, '支付金额应为元，最多两位小数'],
      [PaymentPath.createPay, { amount: '0' }, Code.invalidInput, '支付金额必须大于0'],
      [PaymentPath.createPay, { amount: '-5' }, Code.invalidInput, '支付金额必须大于0'],
      [PaymentPath.createPay, { amount: '100000.01' }, Code.invalidInput, '单笔支付金额不能超过100,000.00元'],
      [
        PaymentPath.createPay,
        { payWay: 12 },
        Code.invalidInput,
        '扫码支付方式应为10（微信扫码）或11（支付宝扫码）',
      ],
      [PaymentPath.createPay, { purpose: '' }, Code.invalidInput, '支付用途格式不正确'],
      [
        PaymentPath.createPay,
        { idempotencyKey: 'short' },
        Code.invalidInput,
        '幂等键应为8～64位字母、数字、下划线或连字符',
      ],
      [
        PaymentPath.createPay,
        { purpose: 'nothingRegistered' },
        Code.paymentPurposeUnknown,
        '不支持的支付用途：nothingRegistered',
      ],
      [PaymentPath.createPay, { purposeRef: 'settled' }, Code.conflict, '该账单已结清'],
      [PaymentPath.microPay, { payWay: 12, authCode: '12ab' }, Code.invalidInput, '付款码应为16～24位数字'],
      [
        PaymentPath.microPay,
        { payWay: 10, authCode: WECHAT_CODE },
        Code.invalidInput,
        '付款码支付方式应为12（微信付款码）或13（支付宝付款码）',
      ],
    ];
    for (const [url, over, code, msg] of cases) {
      const res = await post(h.app, admin, url, qrBody(over));
      expect(res.body, JSON.stringify(over)).toMatchObject({ code, msg });
    }
    const badId = await call(h.app, admin, 'GET', PaymentPath.payorder('x'));
    expect(badId.body).toMatchObject({ code: Code.invalidInput, msg: '支付单号格式不正确' });
    expect((await rows(h.app)).length).toBe(before);
  });

  it('converts yuan to fen exactly', async () => {
    const cases: [string | number, number, string][] = [
      ['0.1', 10, '0.10'],
      [0.2, 20, '0.20'],
      ['0.30', 30, '0.30'],
      [1234.5, 123450, '1234.50'],
      [' 19.99 ', 1999, '19.99'],
      ['100000.00', 10_000_000, '100000.00'],
    ];
    for (const [amount, fen, text] of cases) {
      const o = order(await post(h.app, admin, PaymentPath.createPay, qrBody({ amount })));
      expect(o, String(amount)).toMatchObject({ amountFen: fen, amount: text });
    }
  });
});

describe('a gateway other than the sandbox', () => {
  /** A real gateway's stand-in: refuses to create, answers a 付款码 payment at once. */
  function fakeGateway(): PaymentProvider & { notify?: (r: GatewayResult) => Promise<void> } {
    const gateway: PaymentProvider & { notify?: (r: GatewayResult) => Promise<void> } = {
      name: 'fakepay',
      sandbox: false,
      create: async () => {
        throw new Error('connect ETIMEDOUT');
      },
      micro: async (o) => ({
        payId: o.payId,
        state: 'SUCCESS',
        amountFen: o.amountFen,
        providerTradeNo: 'FP1',
      }),
      query: async (payId) => ({ payId, state: 'NOTPAY' }),
      close: async (payId) => ({ payId, state: 'CLOSED' }),
      onNotify(listener) {
        gateway.notify = listener;
      },
      stop() {},
    };
    return gateway;
  }

  it('plugs in through the provider interface: its refusal fails the order, a scan is refused', async () => {
    const db = await openDatabase(':memory:');
    const log = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;
    const gateway = fakeGateway();
    const payments = new PaymentService(
      { db, hub: new PushHub(null), log, now: Date.now },
      { provider: gateway },
    );
    payments.start();
    const user = { orgId: 1, userId: 1, loginName: 'admin' } as SessionUser;
    const req = { method: 'POST', url: PaymentPath.createPay, ip: '127.0.0.1' } as FastifyRequest;
    const input = { amount: 500, payWay: 10 as const, purpose: 'testBill', purposeRef: 1 };
    try {
      await expect(
        payments.createPay(user, { ...input, idempotencyKey: 'fake-key-1' }, req),
      ).rejects.toMatchObject({
        code: Code.paymentProviderError,
        message: '支付通道暂不可用，请稍后重试',
      });
      const failed = await db.selectFrom('paymentOrder').selectAll().executeTakeFirstOrThrow();
      expect(failed).toMatchObject({ status: 'failed', failReason: '支付通道不可用', provider: 'fakepay' });
      await expect(
        payments.sandboxScan(user, failed.payId, { result: 'success' }, req),
      ).rejects.toMatchObject({
        code: Code.paymentNotSandbox,
      });
      const micro = await payments.microPay(
        user,
        { ...input, payWay: 12, authCode: WECHAT_CODE, idempotencyKey: 'fake-key-2' },
        req,
      );
      expect(micro).toMatchObject({ status: 'paid', providerTradeNo: 'FP1', provider: 'fakepay' });
      expect(paidFor(micro.payId)).toHaveLength(1);
      // the gateway's callback arriving after the synchronous answer changes nothing
      await gateway.notify?.({ payId: micro.payId, state: 'SUCCESS', amountFen: 500 });
      expect(paidFor(micro.payId)).toHaveLength(1);
    } finally {
      payments.stop();
      await db.destroy();
    }
  });
});
