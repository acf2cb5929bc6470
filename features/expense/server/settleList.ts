import { sql } from 'kysely';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import type { Ctx, ListRows, ResourceHooks } from '../../../server/resources/engine.js';
import { SettleStatus, settleAwaitingResource, settlementResource } from '../resources/costSettle.js';
import { contains, type ListPage, limitOf, orderOf } from './listSql.js';
import type { ElderRow } from './monthEnd.js';
import { preview } from './settle.js';

/** 待结算: elders who have left (退住, 取消入住) without a settlement of their last stay. */
async function awaitingRows(ctx: Ctx, q: Record<string, unknown>, page: ListPage): Promise<ListRows> {
  const where = sql`o.orgId = ${ctx.user.orgId} and ${inReadDepts('o.deptId', ctx.user)}
    and o.oldmanStatus in (${LiveStatus.quit}, ${LiveStatus.cancelled})
    ${q.keyword ? sql`and ${contains('o.oldmanName', String(q.keyword))}` : sql``}
    and not exists (select 1 from settlement s where s.oldmanId = o.oldmanId
      and s.settleStatus = ${SettleStatus.settled} and substr(s.createTime, 1, 10) >= coalesce(o.checkInDate, ''))`;
  const order = orderOf(q, { leaveDate: 'o.leaveDate' }, settleAwaitingResource.defaultSort, 'o.oldmanId');
  const rows = await sql<ElderRow>`select o.oldmanId, o.oldmanName, o.oldmanIdcard, o.deptId, o.oldmanStatus,
      o.nursingLevel, o.checkInDate, o.leaveDate, o.bedId from oldman o where ${where}
      ${order} ${limitOf(page)}`.execute(ctx.db);
  const total = await sql<{ n: number }>`select count(*) as n from oldman o where ${where}`.execute(ctx.db);
  const list = [];
  for (const e of rows.rows)
    list.push({ ...(await preview(ctx, e)), leaveDate: e.leaveDate, oldmanStatus: e.oldmanStatus });
  return { rows: list, total: Number(total.rows[0]?.n ?? 0) };
}

/** 结算记录: every settlement of the user's departments, the latest first. */
async function settlementRows(ctx: Ctx, q: Record<string, unknown>, page: ListPage): Promise<ListRows> {
  const where = sql`s.orgId = ${ctx.user.orgId} and ${inReadDepts('s.deptId', ctx.user)}
    ${q.keyword ? sql`and ${contains('o.oldmanName', String(q.keyword))}` : sql``}
    ${q.settleStatus !== undefined ? sql`and s.settleStatus = ${Number(q.settleStatus)}` : sql``}`;
  const from = sql`from settlement s join oldman o on o.oldmanId = s.oldmanId where ${where}`;
  const order = orderOf(q, { settleId: 's.settleId' }, settlementResource.defaultSort, 's.settleId');
  const rows = await sql<
    Record<string, unknown>
  >`select s.*, o.oldmanName ${from} ${order} ${limitOf(page)}`.execute(ctx.db);
  const total = await sql<{ n: number }>`select count(*) as n ${from}`.execute(ctx.db);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}

export const settleAwaitingHooks: ResourceHooks = { list: awaitingRows };
export const settlementHooks: ResourceHooks = { list: settlementRows };
