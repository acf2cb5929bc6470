import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { formatYuan } from '../../../domain/resource.js';
import type { LiveStatusCode } from '../../../domain/resources/residence.js';
import { BillStatus, type BillStatusCode, billTransition } from '../../../machines/billMachine.js';
import {
  type SettlementFields,
  settlementRefusal,
  settlementState,
} from '../../../machines/settlementMachine.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery } from '../../../server/http/schemas.js';
import { ownerBalances, postTrade, reverseTrade } from '../../../server/ledger/ledger.js';
import type { Ctx } from '../../../server/resources/engine.js';
import { ExpensePaths as P } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import { TxType } from '../resources/costCommon.js';
import {
  revokeBody,
  revoked,
  type SettlePreview,
  SettleStatus,
  settleBody,
  settleCheckAnswer,
  settleCheckBody,
  settleDetail,
  settled,
  settlePreview,
} from '../resources/costSettle.js';
import { cashAccount, elderAccount, incomeAccount, line, stampReceipt } from './book.js';
import { elderOf, operator } from './elders.js';
import type { ElderRow } from './monthEnd.js';

/** The elder's settlement facts: the machine's input and the active settlement, if any. */
async function settlementFacts(ctx: Ctx, elder: ElderRow) {
  const active = await ctx.db
    .selectFrom('settlement')
    .selectAll()
    .where('orgId', '=', ctx.user.orgId)
    .where('oldmanId', '=', elder.oldmanId)
    .where('settleStatus', '=', SettleStatus.settled)
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

/** What settling the elder would take and give back (`extraFen` of 其他费用 besides the bills). */
export async function preview(ctx: Ctx, elder: ElderRow, extraFen = 0): Promise<SettlePreview> {
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

/** Moves a bill by the settlement's event through billMachine. */
function moveBill(status: number, type: 'SETTLE' | 'REVOKE_SETTLE') {
  const moved = billTransition(status as BillStatusCode, type);
  if (!moved.ok) throw new ApiFailure(Code.billState, moved.reason);
  return moved.next;
}

/** 退住结算 of one elder and its undo (spec 001 §7 settle/...), as settlementMachine allows. */
export function settleRoutes(): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: P.settleCheck,
      auth: A.settle,
      log: false,
      summary: '可否结算',
      body: settleCheckBody,
      response: settleCheckAnswer,
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.body.oldmanId);
        const p = await preview(ctx, elder);
        return { oldmanId: elder.oldmanId, canSettle: p.canSettle, reason: p.reason, state: p.state };
      },
    }),
    route({
      method: 'GET',
      url: P.settlePreview,
      auth: A.settle,
      summary: '结算预览',
      params: idsOf('oldmanId'),
      query: noQuery,
      response: settlePreview,
      handler: async (ctx) => preview(ctx, await elderOf(ctx, ctx.params.oldmanId)),
    }),
    route({
      method: 'GET',
      url: P.settleDetail,
      auth: A.settle,
      summary: '结算详情',
      params: idsOf('oldmanId'),
      query: noQuery,
      response: settleDetail,
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
            detail: JSON.parse(r.detail) as { projectName: string; amount: number }[],
            bills: bills.filter((b) => b.settleId === r.settleId),
          })),
        };
      },
    }),
    route({
      method: 'POST',
      url: P.settle,
      auth: A.settleDo,
      log: { type: 'POST', name: '退住结算' },
      params: idsOf('oldmanId'),
      body: settleBody,
      response: settled,
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
            settleStatus: SettleStatus.settled,
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
        for (const b of p.bills)
          await ctx.db
            .updateTable('bill')
            .set({ billStatus: moveBill(BillStatus.unpaid, 'SETTLE'), settleId })
            .where('billId', '=', b.billId)
            .execute();
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
      url: P.revokeSettle,
      auth: A.settleRevoke,
      log: { type: 'PUT', name: '撤销结算' },
      body: revokeBody,
      response: revoked,
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
        for (const b of bills)
          await ctx.db
            .updateTable('bill')
            .set({ billStatus: moveBill(b.billStatus, 'REVOKE_SETTLE'), settleId: null })
            .where('billId', '=', b.billId)
            .execute();
        await ctx.db
          .updateTable('settlement')
          .set({ settleStatus: SettleStatus.revoked, revokeTxId: reversed.txId, revokeTime: nowStamp() })
          .where('settleId', '=', record.settleId)
          .execute();
        ctx.describe(`${elder.oldmanName} 撤销结算`);
        return { settleId: record.settleId, txId: reversed.txId };
      },
    }),
  ];
}
