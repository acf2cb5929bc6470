import { sql } from 'kysely';
import type { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { raise } from '../../../domain/ledger.js';
import { HomecareAuthority as A, AfterSaleStatus, ServeStatus } from '../../../domain/statuses/homecare.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { postTrade } from '../../../server/ledger/ledger.js';
import {
  type Ctx,
  insertRow,
  loadRow,
  type ResourceHooks,
  type Row,
  updateRow,
} from '../../../server/resources/engine.js';
import {
  afterSaleAudited,
  afterSaleOpened,
  orderAmount,
  orderCreate,
  orderCreated,
  orderDuration,
  orderMoved,
  ordersGenerated,
} from '../api.js';
import {
  afterSalesSchema,
  auditSchema,
  distributeSchema,
  generateSchema,
  orderStepSchema,
  paySchema,
  ServeOrderPaths,
  serveAfterOrderResource,
  serveOrderGenRuleResource,
  serveOrderResource,
  statsQuerySchema,
} from '../resources/orders.js';
import { dispatchableCarer } from './carers.js';
import { homeElder, inHomeElderDept, readOrgConfig } from './elders.js';
import {
  balanceAccount,
  cashAccount,
  closeOverdue,
  endOrder,
  incomeAccount,
  operatorName,
  payOrder,
  stamp,
  stepOrder,
  writeOrderLog,
} from './orderFlow.js';

const def = serveOrderResource;

/** FW + day + four-digit number of the day: FW202611230001. */
async function nextOrderNo(ctx: Ctx) {
  const day = stamp(ctx).slice(0, 10).replaceAll('-', '');
  const last = await sql<{ orderNo: string }>`select orderNo from serveOrder where orgId = ${ctx.user.orgId}
    and orderNo like ${`FW${day}%`} order by orderNo desc limit 1`.execute(ctx.db);
  const n = Number(last.rows[0]?.orderNo.slice(10) ?? 0) + 1;
  return `FW${day}${String(n).padStart(4, '0')}`;
}

async function projectOf(ctx: Ctx, projectId: number) {
  const found = await sql<Row>`select * from serveProject where projectId = ${projectId}
    and orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const project = found.rows[0];
  if (!project) throw new ApiFailure(Code.invalidInput, '服务项目不存在');
  return project;
}

export const orderHooks: ResourceHooks = {
  // Unpaid orders past the organisation's limit are closed before a list is read.
  async beforeList(ctx) {
    const { payTimeoutMinutes } = await readOrgConfig(ctx.db, ctx.user.orgId);
    if (payTimeoutMinutes > 0)
      await closeOverdue(ctx.db, ctx.user.orgId, payTimeoutMinutes, ctx.services.now());
  },
  async prepare(ctx, row, existing) {
    if (existing && Number(existing.serveStatus) !== ServeStatus.pendingPayment)
      throw new ApiFailure(Code.serveOrderState, '只有待支付的工单可以修改');
    await inHomeElderDept(ctx, row);
    const projectId = Number(row.projectId ?? existing?.projectId);
    const project = await projectOf(ctx, projectId);
    if (Number(project.onShelf) !== 1 && (!existing || Number(existing.projectId) !== projectId))
      throw new ApiFailure(Code.invalidInput, `服务项目“${String(project.projectName)}”已下架`);
    const quantity = Number(row.quantity ?? existing?.quantity ?? 1);
    row.projectTypeId = Number(project.typeId);
    row.price = Number(project.price);
    row.amount = Number(project.price) * quantity;
    row.duration = Number(project.duration) * quantity;
    if (!row.address) {
      const elder = await homeElder(ctx, Number(row.oldmanId ?? existing?.oldmanId));
      row.address = elder.address ?? null;
    }
    if (!existing) {
      row.orderNo = await nextOrderNo(ctx);
      row.serveStatus = ServeStatus.pendingPayment;
      row.source = row.source ?? 'WEB';
    }
  },
  async beforeRemove(ctx, row) {
    const status = Number(row.serveStatus);
    if (
      status !== ServeStatus.pendingPayment &&
      status !== ServeStatus.cancelled &&
      status !== ServeStatus.closed
    )
      throw new ApiFailure(
        Code.serveOrderState,
        `工单${String(row.orderNo)}已进入服务流程，只能作废不能删除`,
      );
    if (row.payTxId !== null && row.payTxId !== undefined)
      throw new ApiFailure(Code.serveOrderState, `工单${String(row.orderNo)}有支付记录，不能删除`);
    await sql`delete from serveOrderOperateLog where orderId = ${Number(row.orderId)}`.execute(ctx.db);
  },
};

/** Creates an order (console or rule) with its first log row. */
async function createOrder(ctx: Ctx, body: Row, note = '新建工单') {
  const orderId = await insertRow(ctx, def, orderHooks, body);
  await writeOrderLog(ctx.db, {
    orgId: ctx.user.orgId,
    orderId,
    action: 'create',
    actionName: '创建工单',
    fromStatus: null,
    toStatus: ServeStatus.pendingPayment,
    note,
    operatorName: await operatorName(ctx),
    userId: ctx.user.userId,
    time: stamp(ctx),
  });
  return orderId;
}

export const ruleHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    await inHomeElderDept(ctx, row);
    const weekdays = row.weekdays ?? existing?.weekdays;
    if (typeof weekdays === 'string') {
      if (!/^[1-7](,[1-7]){0,6}$/.test(weekdays))
        throw new ApiFailure(Code.invalidInput, '每周服务日应为1–7的数字，逗号分隔');
      row.weekdays = [...new Set(weekdays.split(','))].sort().join(',');
    }
    const clock = row.serveClock;
    if (typeof clock === 'string' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(clock))
      throw new ApiFailure(Code.invalidInput, '服务时刻格式应为HH:mm');
    const start = String(row.startDate ?? existing?.startDate ?? '');
    const end = String(row.endDate ?? existing?.endDate ?? '');
    if (start && end && end < start) throw new ApiFailure(Code.invalidInput, '结束日期不能早于开始日期');
    if (row.projectId !== undefined && row.projectId !== null) await projectOf(ctx, Number(row.projectId));
    if (!existing && (row.enabled === undefined || row.enabled === null)) row.enabled = 1;
  },
};

export const evaluationHooks: ResourceHooks = {
  async prepare(ctx, row) {
    const order = await loadRow(ctx, def, Number(row.orderId));
    const status = Number(order.serveStatus);
    if (status !== ServeStatus.completed && status !== ServeStatus.closed)
      throw new ApiFailure(Code.serveOrderState, '只有已完成的工单可以评价');
    const seen = await sql`select 1 from serveOrderEvaluation where orderId = ${Number(row.orderId)}`.execute(
      ctx.db,
    );
    if (seen.rows.length) throw new ApiFailure(Code.conflict, '该工单已评价');
    row.orderNo = order.orderNo;
    row.deptId = order.deptId;
    row.oldmanId = order.oldmanId;
    row.projectId = order.projectId;
    row.nursingId = order.nursingId;
  },
};

/** Rows of the user's data departments only (the log has no department of its own). */
export const logHooks: ResourceHooks = {
  listWhere: (_q, user) => [
    sql`t.orderId in (select orderId from serveOrder where orgId = ${user.orgId}
      and ${inReadDepts('deptId', user)})`,
  ],
};

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A step of the carers' app: only the assigned carer, unless the user may also dispatch (the office). */
function requireCarer(ctx: Ctx) {
  return (order: Row) => {
    if (Number(order.nursingId) !== ctx.user.empId && !ctx.user.authority.has(A.orderDistribute))
      throw new ApiFailure(Code.serveOrderState, '该工单不是派给您的');
    return {};
  };
}

function stats(ctx: Ctx, q: z.output<typeof statsQuerySchema>, what: 'duration' | 'amount') {
  const where = [sql`orgId = ${ctx.user.orgId}`, inReadDepts('deptId', ctx.user)];
  if (q.oldmanId) where.push(sql`oldmanId = ${q.oldmanId}`);
  if (q.nursingId) where.push(sql`nursingId = ${q.nursingId}`);
  if (q.serveTimeStart) where.push(sql`serveTime >= ${q.serveTimeStart}`);
  if (q.serveTimeEnd) where.push(sql`serveTime <= ${`${q.serveTimeEnd} 23:59:59`}`);
  if (what === 'duration') where.push(sql`serveStatus in (${ServeStatus.completed}, ${ServeStatus.closed})`);
  else
    where.push(
      sql`payTxId is not null and serveStatus not in (${ServeStatus.cancelled}, ${ServeStatus.voided})`,
    );
  return sql<{ orders: number; total: number }>`select count(*) as orders,
    coalesce(sum(${sql.id(what)}), 0) as total from serveOrder where ${sql.join(where, sql` and `)}`.execute(
    ctx.db,
  );
}

export function homecareOrderRoutes(): AnyRoute[] {
  return [
    // totalDuration: minutes of completed orders; amount: fen of paid orders not cancelled or abolished.
    route({
      method: 'GET',
      url: ServeOrderPaths.totalDuration,
      auth: A.order,
      summary: '工单服务时长统计',
      query: statsQuerySchema,
      response: orderDuration,
      async handler(ctx) {
        const row = (await stats(ctx, ctx.query, 'duration')).rows[0];
        return { orders: Number(row?.orders ?? 0), totalDuration: Number(row?.total ?? 0) };
      },
    }),
    route({
      method: 'GET',
      url: ServeOrderPaths.amount,
      auth: A.order,
      summary: '工单金额统计',
      query: statsQuerySchema,
      response: orderAmount,
      async handler(ctx) {
        const row = (await stats(ctx, ctx.query, 'amount')).rows[0];
        return { orders: Number(row?.orders ?? 0), amount: Number(row?.total ?? 0) };
      },
    }),
    route({
      method: 'POST',
      url: def.api.create as string,
      auth: A.orderAdd,
      body: orderCreate,
      response: orderCreated,
      log: { type: 'ADD', name: '新增服务工单' },
      async handler(ctx) {
        const body = ctx.body as Row;
        return { orderId: await createOrder(ctx, body) };
      },
    }),
    route({
      method: 'PUT',
      url: ServeOrderPaths.pay,
      auth: A.orderPay,
      body: paySchema,
      response: orderMoved,
      log: { type: 'UPDATE', name: '支付服务工单' },
      async handler(ctx) {
        const body = ctx.body;
        const { next } = await payOrder(ctx, body.orderId, body.payWay, body.note);
        return { orderId: body.orderId, serveStatus: next.serveStatus };
      },
    }),
    route({
      method: 'PUT',
      url: ServeOrderPaths.distribute,
      auth: A.orderDistribute,
      body: distributeSchema,
      response: orderMoved,
      log: { type: 'UPDATE', name: '服务工单派单' },
      async handler(ctx) {
        const body = ctx.body;
        const carer = await dispatchableCarer(ctx.db, ctx.user.orgId, body.nursingId);
        const { next } = await stepOrder(
          ctx,
          body.orderId,
          { type: 'distribute', nursingId: body.nursingId },
          { note: body.note ?? `派给${carer.realName}` },
        );
        return { orderId: body.orderId, serveStatus: next.serveStatus };
      },
    }),
    ...(['cancel', 'abolish'] as const).map((type) =>
      route({
        method: 'PUT',
        url: ServeOrderPaths[type],
        auth: type === 'cancel' ? A.orderCancel : A.orderAbolish,
        body: orderStepSchema,
        response: orderMoved,
        log: { type: 'UPDATE', name: type === 'cancel' ? '取消服务工单' : '作废服务工单' },
        async handler(ctx) {
          const body = ctx.body;
          const { next } = await endOrder(ctx, body.orderId, type, body.note);
          return { orderId: body.orderId, serveStatus: next.serveStatus };
        },
      }),
    ),
    // The carers' app (spec 001 §7 app-api): the same machine checks as the console.
    ...(['receive', 'start', 'over'] as const).map((type) =>
      route({
        method: 'PUT',
        url: ServeOrderPaths[type],
        auth: A.orderServe,
        body: orderStepSchema,
        response: orderMoved,
        log: { type: 'UPDATE', name: { receive: '接单', start: '开始服务', over: '完成服务' }[type] },
        async handler(ctx) {
          const body = ctx.body;
          const mayServe = requireCarer(ctx);
          const { next } = await stepOrder(
            ctx,
            body.orderId,
            { type },
            {
              note: body.note,
              extra(order) {
                mayServe(order);
                const time = stamp(ctx);
                return type === 'receive'
                  ? { receiveTime: time }
                  : type === 'start'
                    ? { startTime: time }
                    : { overTime: time };
              },
            },
          );
          return { orderId: body.orderId, serveStatus: next.serveStatus };
        },
      }),
    ),
    route({
      method: 'POST',
      url: ServeOrderPaths.afterSales,
      auth: A.orderAfterSales,
      body: afterSalesSchema,
      response: afterSaleOpened,
      log: { type: 'ADD', name: '申请售后' },
      async handler(ctx) {
        const body = ctx.body;
        const { afterSaleDays } = await readOrgConfig(ctx.db, ctx.user.orgId);
        let afterOrderId = 0;
        await stepOrder(
          ctx,
          body.orderId,
          { type: 'afterSales' },
          {
            note: body.reason,
            async extra(order) {
              const over = Date.parse(`${String(order.overTime ?? '').replace(' ', 'T')}Z`);
              if (Number.isFinite(over) && ctx.services.now() - over > afterSaleDays * 86_400_000)
                throw new ApiFailure(Code.serveOrderState, `已超过售后期限（完成后${afterSaleDays}天）`);
              const time = stamp(ctx);
              const inserted = await sql<{
                afterOrderId: number;
              }>`insert into serveAfterOrder (orgId, deptId, orderId,
              orderNo, oldmanId, reason, content, afterStatus, refundFen, createTime, updateTime, createBy)
              values (${ctx.user.orgId}, ${Number(order.deptId)}, ${body.orderId}, ${String(order.orderNo)},
              ${Number(order.oldmanId)}, ${body.reason}, ${body.content ?? null}, ${AfterSaleStatus.start}, 0,
              ${time}, ${time}, ${ctx.user.userId}) returning afterOrderId`.execute(ctx.db);
              afterOrderId = Number(inserted.rows[0]?.afterOrderId);
              return {};
            },
          },
        );
        return { orderId: body.orderId, afterOrderId };
      },
    }),
    route({
      method: 'PUT',
      url: ServeOrderPaths.audit,
      auth: A.afterSaleAudit,
      body: auditSchema,
      response: afterSaleAudited,
      log: { type: 'UPDATE', name: '售后审核' },
      async handler(ctx) {
        const body = ctx.body;
        const after = await loadRow(ctx, serveAfterOrderResource, body.afterOrderId);
        if (after.afterStatus !== AfterSaleStatus.start)
          throw new ApiFailure(Code.afterSaleState, '该售后工单已处理');
        const orderId = Number(after.orderId);
        const who = await operatorName(ctx);
        await stepOrder(
          ctx,
          orderId,
          { type: 'audit' },
          {
            note: body.refundFen
              ? `${body.auditRemark}（退款 ${body.refundFen / 100} 元）`
              : body.auditRemark,
            async extra(order) {
              const paid = order.payTxId !== null && order.payTxId !== undefined ? Number(order.amount) : 0;
              if (body.refundFen > paid)
                throw new ApiFailure(Code.invalidInput, `退款金额不能超过实付金额 ${paid / 100} 元`);
              if (body.refundFen > 0) {
                const payWay = String(order.payWay);
                const oldmanId = Number(order.oldmanId);
                const back =
                  payWay === 'BALANCE'
                    ? { account: balanceAccount(oldmanId), amountFen: raise('homeBalance', body.refundFen) }
                    : { account: cashAccount(payWay), amountFen: raise('cash', -body.refundFen) };
                await postTrade(ctx.db, {
                  orgId: ctx.user.orgId,
                  txType: 'homeAfterSaleRefund',
                  payWay,
                  oldmanId,
                  memo: `售后退款 ${String(order.orderNo)}`,
                  refType: 'serveAfterOrder',
                  refId: body.afterOrderId,
                  operatorId: ctx.user.userId,
                  operatorName: who,
                  lines: [
                    back,
                    {
                      account: incomeAccount(Number(order.projectTypeId)),
                      amountFen: raise('income', -body.refundFen),
                    },
                  ],
                });
              }
              const time = stamp(ctx);
              await sql`update serveAfterOrder set afterStatus = ${AfterSaleStatus.end}, refundFen = ${body.refundFen},
              auditRemark = ${body.auditRemark}, auditorName = ${who}, auditTime = ${time}, updateTime = ${time}
              where afterOrderId = ${body.afterOrderId}`.execute(ctx.db);
              return {};
            },
          },
        );
        return { afterOrderId: body.afterOrderId, orderId };
      },
    }),
    route({
      method: 'POST',
      url: ServeOrderPaths.generate,
      auth: A.orderRuleGenerate,
      body: generateSchema,
      response: ordersGenerated,
      log: { type: 'ADD', name: '按派单规则生成工单' },
      async handler(ctx) {
        const body = ctx.body;
        const rule = await loadRow(ctx, serveOrderGenRuleResource, body.ruleId);
        if (Number(rule.enabled) !== 1) throw new ApiFailure(Code.conflict, '该派单规则已停用');
        // Only the days both the call and the rule cover (dates as YYYY-MM-DD text sort as days).
        const [, from = body.fromDate] = [body.fromDate, String(rule.startDate)].sort();
        const [to = body.toDate] = [body.toDate, String(rule.endDate)].sort();
        const weekdays = new Set(String(rule.weekdays).split(',').map(Number));
        const orderIds: number[] = [];
        let skipped = 0;
        for (const day of from <= to ? days(from, to) : []) {
          if (!weekdays.has(isoWeekday(day))) continue;
          const made = await sql`select 1 from serveOrder where genRuleId = ${body.ruleId}
            and serveTime like ${`${day}%`}`.execute(ctx.db);
          if (made.rows.length) {
            skipped++;
            continue;
          }
          const orderId = await createOrder(
            ctx,
            {
              oldmanId: rule.oldmanId,
              projectId: rule.projectId,
              quantity: rule.quantity,
              serveTime: `${day} ${String(rule.serveClock)}:00`,
              source: 'WEB',
            },
            `按派单规则“${String(rule.ruleName)}”生成`,
          );
          await sql`update serveOrder set genRuleId = ${body.ruleId} where orderId = ${orderId}`.execute(
            ctx.db,
          );
          orderIds.push(orderId);
        }
        if (orderIds.length && (!rule.lastGenDate || String(rule.lastGenDate) < to))
          await updateRow(ctx, serveOrderGenRuleResource, {}, rule, { lastGenDate: to });
        ctx.describe(`派单规则“${String(rule.ruleName)}”生成工单 ${orderIds.length} 张`);
        return { created: orderIds.length, skipped, orderIds };
      },
    }),
  ];
}
