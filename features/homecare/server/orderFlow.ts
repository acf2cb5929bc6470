import { sql } from 'kysely';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { type AccountRef, raise } from '../../../domain/ledger.js';
import { ServeStatus } from '../../../domain/statuses/homecare.js';
import {
  orderFieldsOf,
  type ServiceOrderEvent,
  serviceOrderEvents,
  serviceOrderTransition,
} from '../../../machines/serviceOrderMachine.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { postTrade, reverseTrade } from '../../../server/ledger/ledger.js';
import { type Ctx, loadRow, type Row } from '../../../server/resources/engine.js';
import { payWayLabel, serveOrderResource } from '../resources/orders.js';

/** Local time as the rest of the records store it: YYYY-MM-DD HH:mm:ss. */
const stampOf = (ms: number) => localDateTime(ms);
export const stamp = (ctx: Ctx) => stampOf(ctx.services.now());

/** Who did it, for the order's own log. */
export async function operatorName(ctx: Ctx): Promise<string> {
  const emp = await ctx.db
    .selectFrom('emp')
    .select('empName')
    .where('empId', '=', ctx.user.empId)
    .executeTakeFirst();
  return emp?.empName ?? ctx.user.loginName;
}

/** One ServeOrderOperateLog row, in the caller's transaction. */
export async function writeOrderLog(
  db: Db,
  entry: {
    orgId: number;
    orderId: number;
    action: string;
    actionName: string;
    fromStatus: number | null;
    toStatus: number;
    note?: string | undefined;
    operatorName: string;
    userId: number | null;
    time: string;
  },
) {
  await sql`insert into serveOrderOperateLog (orgId, orderId, action, actionName, fromStatus, toStatus, note,
    operatorName, createTime, updateTime, createBy) values (${entry.orgId}, ${entry.orderId}, ${entry.action},
    ${entry.actionName}, ${entry.fromStatus}, ${entry.toStatus}, ${entry.note ?? ''}, ${entry.operatorName},
    ${entry.time}, ${entry.time}, ${entry.userId})`.execute(db);
}

/** The house's account where money of a trade way lands, and the income of a project type. */
export const cashAccount = (way: string): AccountRef => ({
  ownerType: 'org',
  ownerId: 0,
  kind: 'cash',
  sub: way,
});
export const incomeAccount = (projectTypeId: number): AccountRef => ({
  ownerType: 'org',
  ownerId: 0,
  kind: 'income',
  sub: `homecare:${projectTypeId}`,
});
export const balanceAccount = (oldmanId: number): AccountRef => ({
  ownerType: 'homeOldman',
  ownerId: oldmanId,
  kind: 'homeBalance',
});
export const depositAccount = (oldmanId: number): AccountRef => ({
  ownerType: 'homeOldman',
  ownerId: oldmanId,
  kind: 'homeDeposit',
});

/** The elder's open cost account, or a refusal (paying from the balance needs one). */
async function openAccountOf(ctx: Ctx, oldmanId: number) {
  const found =
    await sql<Row>`select accountId, accountStatus from homeCostAccount where orgId = ${ctx.user.orgId}
    and oldmanId = ${oldmanId}`.execute(ctx.db);
  const account = found.rows[0];
  if (!account) throw new ApiFailure(Code.homeAccountState, '该长者还没有居家账户，请先开户');
  if (Number(account.accountStatus) === 1)
    throw new ApiFailure(Code.homeAccountState, '该长者的居家账户已注销');
  return account;
}

interface StepOptions {
  note?: string | undefined;
  /** Extra columns written with the new status (times, pay fields). */
  extra?(order: Row): Promise<Row> | Row;
}

/**
 * One workflow step of an order: the machine decides whether the event is allowed from the stored
 * fields (a refusal changes nothing), then the new fields, the step's own columns and the order's
 * log row are written in the route's transaction.
 */
export async function stepOrder(
  ctx: Ctx,
  orderId: number,
  event: ServiceOrderEvent,
  options: StepOptions = {},
) {
  const order = await loadRow(ctx, serveOrderResource, orderId);
  const result = serviceOrderTransition(orderFieldsOf(order), event);
  if (!result.ok) throw new ApiFailure(Code.serveOrderState, result.reason);
  const time = stamp(ctx);
  const extra = (await options.extra?.(order)) ?? {};
  const values: Row = {
    serveStatus: result.next.serveStatus,
    nursingId: result.next.nursingId,
    afterSaleStatus: result.next.afterSaleStatus,
    ...extra,
    updateTime: time,
  };
  await sql`update serveOrder set ${sql.join(
    Object.entries(values).map(([k, v]) => sql`${sql.id(k)} = ${v as string | number | null}`),
  )} where orderId = ${orderId}`.execute(ctx.db);
  await writeOrderLog(ctx.db, {
    orgId: ctx.user.orgId,
    orderId,
    action: event.type,
    actionName: serviceOrderEvents[event.type].label,
    fromStatus: Number(order.serveStatus),
    toStatus: result.next.serveStatus,
    note: options.note,
    operatorName: await operatorName(ctx),
    userId: ctx.user.userId,
    time,
  });
  ctx.describe(`${serviceOrderEvents[event.type].label}服务工单：${String(order.orderNo)}`);
  return { order, next: result.next, time };
}

/** Pays an order: from the elder's balance, or money taken in by a trade way; both become income. */
export async function payOrder(ctx: Ctx, orderId: number, payWay: string, note?: string) {
  return stepOrder(
    ctx,
    orderId,
    { type: 'pay' },
    {
      note: note ?? `支付方式：${payWayLabel(payWay)}`,
      async extra(order) {
        const amount = Number(order.amount ?? 0);
        const oldmanId = Number(order.oldmanId);
        if (payWay === 'BALANCE') await openAccountOf(ctx, oldmanId);
        const from =
          payWay === 'BALANCE'
            ? { account: balanceAccount(oldmanId), amountFen: raise('homeBalance', -amount) }
            : { account: cashAccount(payWay), amountFen: raise('cash', amount) };
        const trade = await postTrade(ctx.db, {
          orgId: ctx.user.orgId,
          txType: 'homeOrderPay',
          payWay,
          oldmanId,
          memo: `支付服务工单 ${String(order.orderNo)}`,
          refType: 'serveOrder',
          refId: orderId,
          operatorId: ctx.user.userId,
          operatorName: await operatorName(ctx),
          lines: [
            from,
            { account: incomeAccount(Number(order.projectTypeId)), amountFen: raise('income', amount) },
          ],
        });
        return { payWay, payTxId: trade.txId, payTime: stamp(ctx) };
      },
    },
  );
}

/** Cancel or abolish: a paid order's payment is reversed (the money goes back the way it came). */
export async function endOrder(ctx: Ctx, orderId: number, type: 'cancel' | 'abolish', note?: string) {
  return stepOrder(
    ctx,
    orderId,
    { type },
    {
      note,
      async extra(order) {
        if (order.payTxId !== null && order.payTxId !== undefined)
          await reverseTrade(ctx.db, ctx.user.orgId, Number(order.payTxId), {
            txType: 'homeOrderRefund',
            memo: `${serviceOrderEvents[type].label}服务工单 ${String(order.orderNo)}，退回支付`,
            operatorId: ctx.user.userId,
            operatorName: await operatorName(ctx),
          });
        return {};
      },
    },
  );
}

/** Orders unpaid for longer than the organisation allows are closed (orgConfig.payTimeoutMinutes). */
export async function closeOverdue(db: Db, orgId: number, minutes: number, nowMs: number) {
  if (minutes <= 0) return 0;
  const before = stampOf(nowMs - minutes * 60_000);
  const overdue = await sql<{ orderId: number }>`select orderId from serveOrder where orgId = ${orgId}
    and serveStatus = ${ServeStatus.pendingPayment} and createTime < ${before}`.execute(db);
  const time = stampOf(nowMs);
  for (const { orderId } of overdue.rows) {
    const result = serviceOrderTransition(
      {
        serveStatus: ServeStatus.pendingPayment,
        nursingId: null,
        received: false,
        paid: false,
        afterSaleStatus: null,
      },
      { type: 'close' },
    );
    if (!result.ok) continue;
    await sql`update serveOrder set serveStatus = ${result.next.serveStatus}, updateTime = ${time}
      where orderId = ${orderId}`.execute(db);
    await writeOrderLog(db, {
      orgId,
      orderId,
      action: 'close',
      actionName: serviceOrderEvents.close.label,
      fromStatus: ServeStatus.pendingPayment,
      toStatus: result.next.serveStatus,
      note: `超过${minutes}分钟未支付，自动关闭`,
      operatorName: '系统',
      userId: null,
      time,
    });
  }
  return overdue.rows.length;
}
