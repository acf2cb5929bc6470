import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { formatYuan } from '../../../domain/resource.js';
import { BillStatus } from '../../../machines/billMachine.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery } from '../../../server/http/schemas.js';
import { ownerBalances } from '../../../server/ledger/ledger.js';
import type { Ctx, ListRows, ResourceHooks } from '../../../server/resources/engine.js';
import { ExpensePaths as P } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import {
  remindBills,
  remindPreview,
  remindResource,
  remindSendBody,
  remindSent,
  remindTemplate,
} from '../resources/costRemind.js';
import { elderOf, operator } from './elders.js';
import { contains, type ListPage, limitOf, orderOf } from './listSql.js';
import type { ElderRow } from './monthEnd.js';

/** 缴费提醒: elders with unpaid bills, the oldest debt first, with the last reminder sent. */
async function debtorRows(ctx: Ctx, q: Record<string, unknown>, page: ListPage): Promise<ListRows> {
  const where = sql`b.orgId = ${ctx.user.orgId} and b.billStatus = ${BillStatus.unpaid}
    and ${inReadDepts('o.deptId', ctx.user)} ${q.keyword ? sql`and ${contains('o.oldmanName', String(q.keyword))}` : sql``}`;
  const order = orderOf(
    q,
    { firstMonth: 'firstMonth', dueFen: 'dueFen', billCount: 'billCount' },
    remindResource.defaultSort,
    'o.oldmanId',
  );
  const rows = await sql<Record<string, unknown>>`select o.oldmanId, o.oldmanName, count(*) as billCount,
      sum(b.payableFen) as dueFen, min(b.billMonth) as firstMonth,
      (select max(r.sendTime) from payRemind r where r.oldmanId = o.oldmanId) as lastRemindTime,
      (select f.phone from oldmanFamily f where f.oldmanId = o.oldmanId order by f.isGuardian desc limit 1) as familyPhone
    from bill b join oldman o on o.oldmanId = b.oldmanId where ${where}
    group by o.oldmanId ${order} ${limitOf(page)}`.execute(ctx.db);
  const total = await sql<{ n: number; due: number | null }>`select count(distinct b.oldmanId) as n,
      sum(b.payableFen) as due from bill b join oldman o on o.oldmanId = b.oldmanId where ${where}`.execute(
    ctx.db,
  );
  return {
    rows: rows.rows,
    total: Number(total.rows[0]?.n ?? 0),
    sums: { dueFen: Number(total.rows[0]?.due ?? 0) },
  };
}

export const remindListHooks: ResourceHooks = { list: debtorRows };

async function unpaidBills(ctx: Ctx, oldmanId: number) {
  return ctx.db
    .selectFrom('bill')
    .select(['billId', 'billMonth', 'payableFen', 'createTime'])
    .where('orgId', '=', ctx.user.orgId)
    .where('oldmanId', '=', oldmanId)
    .where('billStatus', '=', BillStatus.unpaid)
    .orderBy('billMonth')
    .execute();
}

/** The reminder text (1 缴费通知, 2 欠费催缴) with the elder's unpaid sum and prepaid balance. */
async function remindText(ctx: Ctx, elder: ElderRow, template: number) {
  const bills = await unpaidBills(ctx, elder.oldmanId);
  const due = bills.reduce((s, b) => s + b.payableFen, 0);
  const prestore =
    (await ownerBalances(ctx.db, ctx.user.orgId, 'oldman', [elder.oldmanId])).get(elder.oldmanId)?.prestore ??
    0;
  const months = bills.map((b) => b.billMonth).join('、');
  const org = await ctx.db
    .selectFrom('org')
    .select('orgName')
    .where('orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  const text =
    template === 1
      ? `【${org?.orgName ?? '智慧养老'}】您好，${elder.oldmanName}的${months}月费用共${formatYuan(due)}元已出账，预存余额${formatYuan(prestore)}元，请及时缴纳。`
      : `【${org?.orgName ?? '智慧养老'}】您好，${elder.oldmanName}尚有${bills.length}期费用（${months}）共${formatYuan(due)}元未缴，请尽快缴纳，谢谢配合。`;
  return { text, due, bills };
}

async function familyPhones(ctx: Ctx, oldmanId: number): Promise<string[]> {
  const rows = await sql<{
    phone: string;
  }>`select phone from oldmanFamily where oldmanId = ${oldmanId}
    and orgId = ${ctx.user.orgId} and phone is not null and phone <> '' group by phone order by max(isGuardian) desc`.execute(
    ctx.db,
  );
  return rows.rows.map((r) => r.phone);
}

/** 缴费提醒 of one elder (spec 001 §7 remind/...): the bills, the text, the SMS to the family. */
export function remindRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.remindBills,
      auth: A.remind,
      summary: '待缴账单与提醒记录',
      params: idsOf('oldmanId'),
      query: noQuery,
      response: remindBills,
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.params.oldmanId);
        const records = await ctx.db
          .selectFrom('payRemind')
          .selectAll()
          .where('orgId', '=', ctx.user.orgId)
          .where('oldmanId', '=', elder.oldmanId)
          .orderBy('remindId', 'desc')
          .limit(50)
          .execute();
        return { bills: await unpaidBills(ctx, elder.oldmanId), records };
      },
    }),
    route({
      method: 'GET',
      url: P.remindPreview,
      auth: A.remind,
      summary: '提醒内容预览',
      params: idsOf('oldmanId').extend({ remindTemplate }),
      query: noQuery,
      response: remindPreview,
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.params.oldmanId);
        const { text, due } = await remindText(ctx, elder, ctx.params.remindTemplate);
        const phones = await familyPhones(ctx, elder.oldmanId);
        return { content: text, dueFen: due, phones };
      },
    }),
    route({
      method: 'POST',
      url: P.remindSend,
      auth: A.remind,
      log: { type: 'POST', name: '发送缴费提醒' },
      params: idsOf('oldmanId'),
      body: remindSendBody,
      response: remindSent,
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.params.oldmanId);
        const { text, due } = await remindText(ctx, elder, ctx.body.remindTemplate);
        if (due === 0) throw new ApiFailure(Code.invalidInput, '该长者没有待缴账单');
        const phones = await familyPhones(ctx, elder.oldmanId);
        if (!phones.length) throw new ApiFailure(Code.invalidInput, '该长者没有登记家属电话，无法发送');
        const who = await operator(ctx);
        await ctx.db
          .insertInto('payRemind')
          .values({
            orgId: ctx.user.orgId,
            oldmanId: elder.oldmanId,
            remindTemplate: ctx.body.remindTemplate,
            phones: phones.join(','),
            content: text,
            amountFen: due,
            sendBy: who.operatorId,
            sendName: who.operatorName,
            sendTime: nowStamp(),
          })
          .execute();
        ctx.afterCommit(async () => {
          for (const phone of phones) await ctx.services.sms.send(phone, text);
        });
        ctx.describe(`${elder.oldmanName}：${phones.join(',')}`);
        return { phones, content: text };
      },
    }),
  ];
}
