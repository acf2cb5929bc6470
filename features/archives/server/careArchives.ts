import { sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import type { Db } from '../../../server/db/index.js';
import { elderDept, inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { ResourceHooks, Row } from '../../../server/resources/engine.js';
import { oldmanHooks } from '../../live/server/oldman.js';
import { baseArchiveId, CareMode } from '../resources.js';

/**
 * The archives of cared-for people (docs/decisions.md "Archives of cared-for people"): lists on the
 * engine over the records kept by 长者档案 and 居家档案, and the 特困 support facts of an elder.
 */

/** 特困供养 of each elder of the rows (carrying oldmanId), from their archive in 特困人员档案. */
async function supportCategories(db: Db, oldmanIds: number[]) {
  const rows = await sql<{ oldmanId: number; supportCategory: number }>`select oldmanId, supportCategory
    from hardshipPerson where supportStatus = 1 and oldmanId in (${sql.join(oldmanIds.concat(-1))})`.execute(
    db,
  );
  return new Map(rows.rows.map((r) => [Number(r.oldmanId), Number(r.supportCategory)]));
}

/** 在院长者档案: the elders of 长者档案 who live in the institution (在住, 试住) — the same rows. */
export const inInstitutionHooks: ResourceHooks = {
  listWhere: () => [sql`t.oldmanStatus in (${sql.join([LiveStatus.living, LiveStatus.trial])})`],
  async decorate(db, rows) {
    await oldmanHooks.decorate?.(db, rows);
    const support = await supportCategories(
      db,
      rows.map((r) => Number(r.oldmanId)),
    );
    for (const row of rows) row.supportCategory = support.get(Number(row.oldmanId)) ?? null;
  },
};

/** 特困人员档案: one per elder of 长者档案, in the elder's department. */
export const hardshipHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    const oldmanId = Number(row.oldmanId ?? existing?.oldmanId);
    row.deptId = await elderDept(ctx, oldmanId);
    const other = await sql<{ oldmanName: string }>`select o.oldmanName from hardshipPerson h
      join oldman o on o.oldmanId = h.oldmanId
      where h.oldmanId = ${oldmanId} and h.hardshipId != ${existing ? Number(existing.hardshipId) : -1}`.execute(
      ctx.db,
    );
    if (other.rows[0])
      throw new ApiFailure(Code.conflict, `${other.rows[0].oldmanName}已有特困人员档案，请编辑原档案`);
    const status = Number(row.supportStatus ?? existing?.supportStatus);
    const endDate = row.endDate !== undefined ? row.endDate : (existing?.endDate ?? null);
    const certifyDate = String(row.certifyDate ?? existing?.certifyDate ?? '');
    if (status === 0 && !endDate) throw new ApiFailure(Code.invalidInput, '供养已终止，请填写终止日期');
    if (status !== 0) row.endDate = null;
    else if (typeof endDate === 'string' && endDate < certifyDate)
      throw new ApiFailure(Code.invalidInput, '终止日期不能早于认定日期');
  },
  listReads: ['oldman'],
  async decorate(db, rows) {
    const elders = await db
      .selectFrom('oldman')
      .select(['oldmanId', 'oldmanIdcard', 'oldmanStatus'])
      .where('oldmanId', 'in', rows.map((r) => Number(r.oldmanId)).concat(-1))
      .execute();
    const byId = new Map(elders.map((e) => [e.oldmanId, e]));
    for (const row of rows) {
      const elder = byId.get(Number(row.oldmanId));
      row.oldmanIdcard = elder?.oldmanIdcard ?? null;
      row.oldmanStatus = elder?.oldmanStatus ?? null;
    }
  },
};

const SORTS: Record<string, string> = {
  oldmanName: 'oldmanName',
  birthday: 'birthday',
  createTime: 'createTime',
};
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * 基础档案: everyone the institution cares for, the elders of 长者档案 and of 居家档案 in one list
 * (its own list: the engine still parses, pages and exports it).
 */
export const baseArchiveHooks: ResourceHooks = {
  async list(ctx, q, page) {
    const people = sql`
      select oldmanId * 10 + ${CareMode.institution} as archiveId, oldmanId, ${CareMode.institution} as careMode,
        oldmanName, sex, birthday, oldmanIdcard, phone, deptId, nursingLevel, oldmanStatus, createTime, orgId
        from oldman
      union all
      select oldmanId * 10 + ${CareMode.home}, oldmanId, ${CareMode.home}, oldmanName, sex, birthday,
        oldmanIdcard, phone, deptId, nursingLevel, null, createTime, orgId from homeOldman`;
    const where = [sql`p.orgId = ${ctx.user.orgId}`, inReadDepts(sql.ref('p.deptId'), ctx.user)];
    if (q.careMode !== undefined && q.careMode !== null) where.push(sql`p.careMode = ${Number(q.careMode)}`);
    if (q.deptId !== undefined && q.deptId !== null) where.push(sql`p.deptId = ${Number(q.deptId)}`);
    if (typeof q.oldmanName === 'string' && q.oldmanName)
      where.push(sql`p.oldmanName like ${`%${escapeLike(q.oldmanName)}%`} escape '\\'`);
    if (typeof q.keyword === 'string' && q.keyword) {
      const like = `%${escapeLike(q.keyword)}%`;
      where.push(
        sql`(p.oldmanName like ${like} escape '\\' or p.oldmanIdcard like ${like} escape '\\' or p.phone like ${like} escape '\\')`,
      );
    }
    const condition = sql.join(where, sql` and `);
    const order = sql.raw(q.sortOrder === 'asc' ? 'asc' : 'desc');
    const sortField = SORTS[String(q.sortField ?? 'createTime')] ?? 'createTime';
    const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
    const rows = (
      await sql<Row>`select p.*, d.deptName from (${people}) p left join dept d on d.deptId = p.deptId
        where ${condition} order by ${sql.ref(`p.${sortField}`)} ${order}, p.archiveId ${order} ${limit}`.execute(
        ctx.db,
      )
    ).rows;
    const total = Number(
      (await sql<{ n: number }>`select count(*) as n from (${people}) p where ${condition}`.execute(ctx.db))
        .rows[0]?.n ?? 0,
    );
    const support = await supportCategories(
      ctx.db,
      rows.filter((r) => r.careMode === CareMode.institution).map((r) => Number(r.oldmanId)),
    );
    for (const row of rows) {
      const institution = row.careMode === CareMode.institution;
      row.archiveId = baseArchiveId(Number(row.oldmanId), Number(row.careMode));
      row.careStatus = institution ? dictLabel('liveStatus', Number(row.oldmanStatus)) : '居家服务';
      row.supportCategory = institution ? (support.get(Number(row.oldmanId)) ?? null) : null;
      delete row.oldmanStatus;
      delete row.orgId;
    }
    return { rows, total };
  },
};
