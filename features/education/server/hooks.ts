import { sql } from 'kysely';
import { satisfies } from '../../../domain/authorityExpr.js';
import { Code } from '../../../domain/codes.js';
import { ArticleState } from '../../../domain/statuses/education.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { ResourceHooks } from '../../../server/resources/engine.js';
import { EducationAuthority as A, articleImageMessage, IsWard } from '../api.js';
import { refusedImages, sanitizeArticle } from './sanitize.js';

/** A new category goes last; one with articles is not deleted. */
export const categoryHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    if (!existing && row.sortIndex == null) {
      const max = await sql<{ m: number | null }>`select max(sortIndex) as m from articleCategory
        where orgId = ${ctx.user.orgId}`.execute(ctx.db);
      row.sortIndex = Number(max.rows[0]?.m ?? 0) + 1;
    }
  },
  async beforeRemove(ctx, row) {
    const used = await sql`select 1 from edArticle where categoryId = ${Number(row.id)} limit 1`.execute(
      ctx.db,
    );
    if (used.rows.length)
      throw new ApiFailure(Code.conflict, `宣教分类“${String(row.categoryName)}”下还有文章，不能删除`);
  },
};

/**
 * An article's HTML is sanitised before it is stored; a department's article (isWard 1) needs its
 * department and is read and changed there only; a new one is a draft, sorted last of its kind.
 */
export const articleHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    if (typeof row.content === 'string') {
      const refused = refusedImages(row.content);
      if (refused.length) throw new ApiFailure(Code.invalidInput, articleImageMessage(refused));
      row.content = sanitizeArticle(row.content);
      if (!row.content) throw new ApiFailure(Code.invalidInput, '请填写正文');
    }
    if (row.categoryId != null) {
      const found = await sql`select 1 from articleCategory where id = ${Number(row.categoryId)}
        and orgId = ${ctx.user.orgId}`.execute(ctx.db);
      if (!found.rows.length) throw new ApiFailure(Code.invalidInput, '分类不存在');
    }
    const isWard = Number(row.isWard ?? existing?.isWard);
    if (existing && row.isWard != null && Number(row.isWard) !== Number(existing.isWard))
      throw new ApiFailure(Code.invalidInput, '不能更改宣教范围');
    if (isWard === IsWard.ward) {
      const wardId = Number(row.wardId ?? existing?.wardId ?? 0);
      if (!wardId) throw new ApiFailure(Code.invalidInput, '请选择科室');
      ctx.requireDept(wardId);
      if (existing?.wardId) ctx.requireDept(Number(existing.wardId));
    } else row.wardId = null;
    if (!existing) {
      row.state = ArticleState.draft;
      const max = await sql<{ m: number | null }>`select max(sortIndex) as m from edArticle
        where orgId = ${ctx.user.orgId} and isWard = ${isWard}`.execute(ctx.db);
      row.sortIndex = Number(max.rows[0]?.m ?? 0) + 1;
    }
  },
  async beforeRemove(ctx, row) {
    if (Number(row.state) === ArticleState.published)
      throw new ApiFailure(Code.actionRefused, `宣教文章“${String(row.title)}”已发布，请先撤回再删除`);
    if (Number(row.isWard) === IsWard.ward) ctx.requireDept(Number(row.wardId));
  },
  async decorate(db, rows) {
    const ids = [...new Set(rows.map((r) => Number(r.categoryId)).filter(Boolean))];
    if (!ids.length) return;
    const names = await sql<{ id: number; categoryName: string }>`select id, categoryName
      from articleCategory where id in (${sql.join(ids)})`.execute(db);
    const byId = new Map(names.rows.map((n) => [Number(n.id), n.categoryName]));
    for (const r of rows) r.categoryName = byId.get(Number(r.categoryId)) ?? '';
  },
  listWhere(query, user) {
    if (query.isWard === IsWard.ward && !satisfies(user.authority, A.ward))
      throw new ApiFailure(Code.noAuthority, '权限不足');
    if (query.isWard === IsWard.whole && !satisfies(user.authority, A.whole))
      throw new ApiFailure(Code.noAuthority, '权限不足');
    // a department's articles are read in that department only; the whole home's by everyone
    return [sql`(t.isWard = ${IsWard.whole} or ${inReadDepts('t.wardId', user)})`];
  },
};
