import { sql } from 'kysely';
import { z } from 'zod';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { formatYuan } from '../../../domain/resource.js';
import { ExpenseAuthority as A, COST } from '../../../domain/resources/cost.js';
import { LiveStatus, type LiveStatusCode } from '../../../domain/resources/residence.js';
import { BillStatus, billTransition } from '../../../machines/billMachine.js';
import {
  type SettlementFields,
  settlementRefusal,
  settlementState,
} from '../../../machines/settlementMachine.js';
import { inReadDepts } from '../../http/deptScope.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import { ownerBalances, postTrade, reverseTrade } from '../../ledger/ledger.js';
import type { Ctx } from '../../resources/engine.js';
import {
  cashAccount,
  cashPayWay,
  type ElderRow,
  elderAccount,
  elderOf,
  fenAmount,
  incomeAccount,
  line,
  operator,
  stampReceipt,
  TxType,
} from './shared.js';

const SETTLE = `${COST}/settle`;

/** The elder's settlement facts: the machine's input and the active settlement, if any. */
async function settlementFacts(ctx: Ctx, elder: ElderRow) {
  const active = await ctx.db
    .selectFrom('settlement')
    .selectAll()
    .where('orgId', '=', ctx.user.orgId)
    .where('oldmanId', '=', elder.oldmanId)
    .where('settleStatus', '=', 1)
    .orderBy('settleId', 'desc')
    .executeTakeFirst();
  // A settlement belongs to the current stay when it was made after the elder last moved in.
  const current =
    active && (!elder.checkInDate || active.createTime.slice(0, 10) >= elder.checkInDate) ? active : null;
  const fields: SettlementFields = {
    oldmanStatus: elder.oldmanStatus as LiveStatusCode,
    settled: current !== null,
  };
  return { fields, active: current };
}

export interface SettlementPreview {
  oldmanId: number;
  oldmanName: string;
  state: ReturnType<typeof settlementState>;
  canSettle: boolean;
  reason: string | null;
  bills: { billId: number; billMonth: string; payableFen: number }[];
  billFen: number;
  prestoreFen: number;
  depositFen: number;
  medicalDepositFen: number;
  reservationFen: number;
  /** What the elder's money covers beyond the bills (positive: to refund; negative: to collect). */
  netFen: number;
}

async function preview(ctx: Ctx, elder: ElderRow, extraFen = 0): Promise<SettlementPreview> {
  const { fields } = await settlementFacts(ctx, elder);
  const reason = settlementRefusal(fields, 'SETTLE');
  const bills = await ctx.db
    .selectFrom('bill')
    .select(['billId', 'billMonth', 'payableFen'])
    .where('orgId', '=', ctx.user.orgId)
    .where('oldmanId', '=', elder.oldmanId)
    .where('billStatus', '=', BillStatus.unpaid)
    .orderBy('billMonth')
    .execute();
  const balances =
    (await ownerBalances(ctx.db, ctx.user.orgId, 'oldman', [elder.oldmanId])).get(elder.oldmanId) ?? {};
  const billFen = bills.reduce((s, b) => s + b.payableFen, 0);
  const prestoreFen = balances.prestore ?? 0;
  const depositFen = balances.deposit ?? 0;
  const medicalDepositFen = balances.medicalDeposit ?? 0;
  const reservationFen = balances.reservation ?? 0;
  return {
    oldmanId: elder.oldmanId,
    oldmanName: elder.oldmanName,
    state: settlementState(fields),
    canSettle: reason === null,
    reason,
    bills,
    billFen,
    prestoreFen,
    depositFen,
    medicalDepositFen,
    reservationFen,
    netFen: prestoreFen + depositFen + medicalDepositFen + reservationFen - billFen - extraFen,
  };
}

const extraItems = z
  .array(
    z.object({
      projectName: z.string().trim().min(1, '请填写费用名称').max(30, '费用名称不能超过30个字'),
      amount: fenAmount('费用金额'),
    }),
  )
  .max(50, '其他费用最多50项')
  .default([]);

export function settleRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: SETTLE,
      auth: A.settle,
      query: z.object({
        pageNum: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(1000).default(10),
        /** 'awaiting': elders who have left and wait for settlement; otherwise the settlement records. */
        view: z.enum(['records', 'awaiting'], { error: '视图无效' }).default('records'),
        keyword: z.string().trim().max(50).optional(),
      }),
      async handler(ctx) {
        const q = ctx.query;
        const like = q.keyword ? `%${q.keyword}%` : null;
        const limit = sql`limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`;
        if (q.view === 'awaiting') {
          const where = sql`o.orgId = ${ctx.user.orgId} and ${inReadDepts('o.deptId', ctx.user)}
            and o.oldmanStatus in (${LiveStatus.quit}, ${LiveStatus.cancelled})
            ${like ? sql`and o.oldmanName like ${like}` : sql``}
            and not exists (select 1 from settlement s where s.oldmanId = o.oldmanId and s.settleStatus = 1
              and substr(s.createTime, 1, 10) >= coalesce(o.checkInDate, ''))`;
          const rows =
            await sql<ElderRow>`select o.oldmanId, o.oldmanName, o.oldmanIdcard, o.deptId, o.oldmanStatus,
              o.nursingLevel, o.checkInDate, o.leaveDate, o.bedId from oldman o where ${where}
              order by o.leaveDate desc, o.oldmanId desc ${limit}`.execute(ctx.db);
          const total = await sql<{ n: number }>`select count(*) as n from oldman o where ${where}`.execute(
            ctx.db,
          );
          const list = [];
          for (const e of rows.rows)
            list.push({ ...(await preview(ctx, e)), leaveDate: e.leaveDate, oldmanStatus: e.oldmanStatus });
          return { list, total: Number(total.rows[0]?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
        }
        const where = sql`s.orgId = ${ctx.user.orgId} and ${inReadDepts('s.deptId', ctx.user)}
          ${like ? sql`and o.oldmanName like ${like}` : sql``}`;
        const rows = await sql<Record<string, unknown>>`select s.*, o.oldmanName from settlement s
          join oldman o on o.oldmanId = s.oldmanId where ${where} order by s.settleId desc ${limit}`.execute(
          ctx.db,
        );
        const total = await sql<{
          n: number;
        }>`select count(*) as n from settlement s join oldman o on o.oldmanId = s.oldmanId
          where ${where}`.execute(ctx.db);
        return {
          list: rows.rows,
          total: Number(total.rows[0]?.n ?? 0),
          pageNum: q.pageNum,
          pageSize: q.pageSize,
        };
      },
    }),
    route({
      method: 'POST',
      url: `${SETTLE}/check`,
      auth: A.settle,
      log: false,
      body: z.object({ oldmanId: z.coerce.number({ error: '请选择长者' }).int().positive('请选择长者') }),
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.body.oldmanId);
        const p = await preview(ctx, elder);
        return { oldmanId: elder.oldmanId, canSettle: p.canSettle, reason: p.reason, state: p.state };
      },
    }),
    route({
      method: 'GET',
      url: `${SETTLE}/:oldmanId/bill`,
      auth: A.settle,
      params: z.object({ oldmanId: z.coerce.number().int().positive('长者无效') }),
      async handler(ctx) {
        return preview(ctx, await elderOf(ctx, ctx.params.oldmanId));
      },
    }),
    route({
      method: 'GET',
      url: `${SETTLE}/:oldmanId/detail`,
      auth: A.settle,
      params: z.object({ oldmanId: z.coerce.number().int().positive('长者无效') }),
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.params.oldmanId);
        const records = await ctx.db
          .selectFrom('settlement')
          .selectAll()
          .where('orgId', '=', ctx.user.orgId)
          .where('oldmanId', '=', elder.oldmanId)
          .orderBy('settleId', 'desc')
          .execute();
        const bills = await ctx.db
          .selectFrom('bill')
          .select(['billId', 'billMonth', 'payableFen', 'settleId'])
          .where('settleId', 'in', records.length ? records.map((r) => r.settleId) : [-1])
          .execute();
        return {
          oldmanId: elder.oldmanId,
          oldmanName: elder.oldmanName,
          records: records.map((r) => ({
            ...r,
            detail: JSON.parse(r.detail) as unknown,
            bills: bills.filter((b) => b.settleId === r.settleId),
          })),
        };
      },
    }),
    route({
      method: 'POST',
      url: `${SETTLE}/:oldmanId`,
      auth: A.settleDo,
      log: { type: 'POST', name: '退住结算' },
      params: z.object({ oldmanId: z.coerce.number().int().positive('长者无效') }),
      body: z.object({
        payWay: cashPayWay,
        extraItems,
        remark: z.string().trim().max(200, '备注不能超过200个字').optional(),
      }),
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.params.oldmanId);
        const extraFen = ctx.body.extraItems.reduce((s, i) => s + i.amount, 0);
        const p = await preview(ctx, elder, extraFen);
        if (!p.canSettle) throw new ApiFailure(Code.settlementRefused, p.reason ?? undefined);
        const who = await operator(ctx);
        const id = elder.oldmanId;
        const posted = await postTrade(ctx.db, {
          orgId: ctx.user.orgId,
          txType: TxType.settle,
          tradeType: p.netFen >= 0 ? 4 : 3,
          payWay: String(ctx.body.payWay),
          oldmanId: id,
          memo:
            ctx.body.remark ??
            `退住结算：${p.netFen >= 0 ? '退还' : '补缴'} ${formatYuan(Math.abs(p.netFen))} 元`,
          ...who,
          lines: [
            line(elderAccount(id, 'receivable'), -p.billFen),
            line(elderAccount(id, 'prestore'), -p.prestoreFen),
            line(elderAccount(id, 'deposit'), -p.depositFen),
            line(elderAccount(id, 'medicalDeposit'), -p.medicalDepositFen),
            line(elderAccount(id, 'reservation'), -p.reservationFen),
            ...ctx.body.extraItems.map((i) => line(incomeAccount('settleExtra'), i.amount)),
            line(cashAccount(ctx.body.payWay), -p.netFen),
          ],
        });
        await stampReceipt(ctx.db, ctx.user.orgId, posted.txId);
        const { settleId } = await ctx.db
          .insertInto('settlement')
          .values({
            orgId: ctx.user.orgId,
            deptId: elder.deptId,
            oldmanId: id,
            settleStatus: 1,
            billFen: p.billFen,
            extraFen,
            prestoreFen: p.prestoreFen,
            depositFen: p.depositFen,
            medicalDepositFen: p.medicalDepositFen,
            reservationFen: p.reservationFen,
            refundFen: Math.max(0, p.netFen),
            collectFen: Math.max(0, -p.netFen),
            payWay: ctx.body.payWay,
            txId: posted.txId,
            revokeTxId: null,
            detail: JSON.stringify(ctx.body.extraItems),
            remark: ctx.body.remark ?? '',
            createBy: who.operatorId,
            createName: who.operatorName,
            createTime: nowStamp(),
            revokeTime: null,
          })
          .returning('settleId')
          .executeTakeFirstOrThrow();
        for (const b of p.bills) {
          const moved = billTransition(BillStatus.unpaid, 'SETTLE');
          if (!moved.ok) throw new ApiFailure(Code.billState, moved.reason);
          await ctx.db
            .updateTable('bill')
            .set({ billStatus: moved.next, settleId })
            .where('billId', '=', b.billId)
            .execute();
        }
        await ctx.db
          .updateTable('ledgerTx')
          .set({ refType: 'settlement', refId: settleId })
          .where('txId', '=', posted.txId)
          .execute();
        ctx.describe(`${elder.oldmanName} 退住结算`);
        return {
          settleId,
          txId: posted.txId,
          refundFen: Math.max(0, p.netFen),
          collectFen: Math.max(0, -p.netFen),
        };
      },
    }),
    route({
      method: 'PUT',
      url: `${SETTLE}/revokeSettle`,
      auth: A.settleRevoke,
      log: { type: 'PUT', name: '撤销结算' },
      body: z.object({
        settleId: z.coerce.number({ error: '请选择结算记录' }).int().positive('请选择结算记录'),
      }),
      async handler(ctx) {
        const record = await ctx.db
          .selectFrom('settlement')
          .selectAll()
          .where('settleId', '=', ctx.body.settleId)
          .where('orgId', '=', ctx.user.orgId)
          .executeTakeFirst();
        if (!record) throw new ApiFailure(Code.notFound, '结算记录不存在');
        const elder = await elderOf(ctx, record.oldmanId);
        const { fields, active } = await settlementFacts(ctx, elder);
        const refusal = settlementRefusal(fields, 'REVOKE');
        if (refusal) throw new ApiFailure(Code.settlementRefused, refusal);
        if (!active || active.settleId !== record.settleId)
          throw new ApiFailure(Code.settlementRefused, '只能撤销该长者最近一次有效的结算');
        const reversed = await reverseTrade(ctx.db, ctx.user.orgId, record.txId, {
          txType: TxType.revokeSettle,
          memo: '撤销退住结算',
          ...(await operator(ctx)),
        });
        const bills = await ctx.db
          .selectFrom('bill')
          .select(['billId', 'billStatus'])
          .where('settleId', '=', record.settleId)
          .execute();
        for (const b of bills) {
          const moved = billTransition(b.billStatus as 2, 'REVOKE_SETTLE');
          if (!moved.ok) throw new ApiFailure(Code.billState, moved.reason);
          await ctx.db
            .updateTable('bill')
            .set({ billStatus: moved.next, settleId: null })
            .where('billId', '=', b.billId)
            .execute();
        }
        await ctx.db
          .updateTable('settlement')
          .set({ settleStatus: 0, revokeTxId: reversed.txId, revokeTime: nowStamp() })
          .where('settleId', '=', record.settleId)
          .execute();
        ctx.describe(`${elder.oldmanName} 撤销结算`);
        return { settleId: record.settleId, txId: reversed.txId };
      },
    }),
  ];
}
