import { sql } from 'kysely';
import { z } from 'zod';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { formatYuan } from '../../../domain/resource.js';
import { ExpenseAuthority as A, COST } from '../../../domain/resources/cost.js';
import { BillStatus } from '../../../machines/billMachine.js';
import { inReadDepts } from '../../http/deptScope.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import { ownerBalances } from '../../ledger/ledger.js';
import type { Ctx } from '../../resources/engine.js';
import { type ElderRow, elderOf, operator } from './shared.js';

const REMIND = `${COST}/remind`;

const remindTemplate = z.coerce
  .number({ error: '请选择提醒模板' })
  .int()
  .refine((v) => v === 1 || v === 2, '提醒模板无效（1缴费通知、2欠费催缴）');

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

export function remindRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: REMIND,
      auth: A.remind,
      query: z.object({
        pageNum: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(1000).default(10),
        keyword: z.string().trim().max(50).optional(),
      }),
      async handler(ctx) {
        // Elders with unpaid bills, the oldest debt first, with the last reminder sent.
        const q = ctx.query;
        const where = sql`b.orgId = ${ctx.user.orgId} and b.billStatus = ${BillStatus.unpaid}
          and ${inReadDepts('o.deptId', ctx.user)} ${q.keyword ? sql`and o.oldmanName like ${`%${q.keyword}%`}` : sql``}`;
        const rows = await sql<
          Record<string, unknown>
        >`select o.oldmanId, o.oldmanName, count(*) as billCount,
            sum(b.payableFen) as dueFen, min(b.billMonth) as firstMonth,
            (select max(r.sendTime) from payRemind r where r.oldmanId = o.oldmanId) as lastRemindTime,
            (select f.phone from oldmanFamily f where f.oldmanId = o.oldmanId order by f.isGuardian desc limit 1) as familyPhone
          from bill b join oldman o on o.oldmanId = b.oldmanId where ${where}
          group by o.oldmanId order by min(b.billMonth), o.oldmanId
          limit ${q.pageSize} offset ${(q.pageNum - 1) * q.pageSize}`.execute(ctx.db);
        const total = await sql<{ n: number }>`select count(distinct b.oldmanId) as n from bill b
          join oldman o on o.oldmanId = b.oldmanId where ${where}`.execute(ctx.db);
        return {
          list: rows.rows,
          total: Number(total.rows[0]?.n ?? 0),
          pageNum: q.pageNum,
          pageSize: q.pageSize,
        };
      },
    }),
    route({
      method: 'GET',
      url: `${REMIND}/:oldmanId/bill`,
      auth: A.remind,
      params: z.object({ oldmanId: z.coerce.number().int().positive('长者无效') }),
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
      url: `${REMIND}/send/:oldmanId/:remindTemplate`,
      auth: A.remind,
      params: z.object({ oldmanId: z.coerce.number().int().positive('长者无效'), remindTemplate }),
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.params.oldmanId);
        const { text, due } = await remindText(ctx, elder, ctx.params.remindTemplate);
        const phones = await familyPhones(ctx, elder.oldmanId);
        return { content: text, dueFen: due, phones };
      },
    }),
    route({
      method: 'POST',
      url: `${REMIND}/send/:oldmanId`,
      auth: A.remind,
      log: { type: 'POST', name: '发送缴费提醒' },
      params: z.object({ oldmanId: z.coerce.number().int().positive('长者无效') }),
      body: z.object({ remindTemplate }),
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

async function familyPhones(ctx: Ctx, oldmanId: number): Promise<string[]> {
  const rows = await sql<{
    phone: string;
  }>`select distinct phone from oldmanFamily where oldmanId = ${oldmanId}
    and orgId = ${ctx.user.orgId} and phone is not null and phone <> '' order by isGuardian desc`.execute(
    ctx.db,
  );
  return rows.rows.map((r) => r.phone);
}
