import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { rowSchema } from '../../../domain/resource.js';
import { type ArticleStateCode, articleStateNames } from '../../../domain/statuses/education.js';
import {
  articleEvents,
  articleMachine,
  articleStateOf,
  eventForState,
} from '../../../machines/articleMachine.js';
import { can } from '../../../machines/can.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noBody, noQuery } from '../../../server/http/schemas.js';
import { type Ctx, loadRow } from '../../../server/resources/engine.js';
import {
  EducationAuthority as A,
  changedAnswer,
  IsWard,
  EducationPaths as P,
  sortParams,
  stateParams,
} from '../api.js';
import { articleCategoryResource, edArticleResource } from '../resources.js';
import { articleHooks } from './hooks.js';

type ArticleRow = { id: number; title: string; state: number; isWard: number; wardId: number | null };

/** The articles of the ids, all of the organisation and readable by the user, or a refusal. */
async function articlesOf(ctx: Ctx, ids: number[]): Promise<ArticleRow[]> {
  const rows = await sql<ArticleRow>`select id, title, state, isWard, wardId from edArticle
    where orgId = ${ctx.user.orgId} and id in (${sql.join(ids)})`.execute(ctx.db);
  if (rows.rows.length !== new Set(ids).size) throw new ApiFailure(Code.notFound, '宣教文章不存在');
  for (const r of rows.rows) if (Number(r.isWard) === IsWard.ward) ctx.requireDept(Number(r.wardId));
  return rows.rows;
}

/** updateSort/{ids}/{indexes} of a table: each id gets its index, in one transaction. */
const sortRoute = (url: string, table: 'articleCategory' | 'edArticle', title: string) =>
  route({
    method: 'PUT',
    url,
    auth: table === 'edArticle' ? A.edit : A.category,
    params: sortParams,
    body: noBody,
    response: changedAnswer,
    log: { type: 'UPDATE', name: `${title}排序` },
    async handler(ctx) {
      const { ids, indexes } = ctx.params;
      if (table === 'edArticle') await articlesOf(ctx, ids);
      else {
        const found = await sql`select id from articleCategory where orgId = ${ctx.user.orgId}
          and id in (${sql.join(ids)})`.execute(ctx.db);
        if (found.rows.length !== new Set(ids).size) throw new ApiFailure(Code.notFound, `${title}不存在`);
      }
      for (const [i, id] of ids.entries())
        await sql`update ${sql.id(table)} set sortIndex = ${indexes[i] ?? 0}, updateTime = ${nowStamp()}
          where id = ${id}`.execute(ctx.db);
      ctx.describe(`${title}排序：${ids.length}条`);
      return { changed: ids.length };
    },
  });

/** Spec 001 §7 "Education": sorting, publishing and withdrawing, and one article's detail. */
export function educationRoutes(): AnyRoute[] {
  return [
    sortRoute(P.categorySort, 'articleCategory', articleCategoryResource.title),
    sortRoute(P.articleSort, 'edArticle', edArticleResource.title),
    route({
      method: 'GET',
      url: P.articleOne,
      auth: edArticleResource.authority.view,
      summary: '宣教文章详情',
      params: idParams,
      query: noQuery,
      response: rowSchema(edArticleResource),
      async handler(ctx) {
        const row = await loadRow(ctx, edArticleResource, ctx.params.id, articleHooks);
        if (Number(row.isWard) === IsWard.ward) ctx.requireDept(Number(row.wardId));
        return row;
      },
    }),
    route({
      method: 'PUT',
      url: P.articleState,
      auth: A.publish,
      params: stateParams,
      body: noBody,
      response: changedAnswer,
      log: { type: 'UPDATE', name: '发布撤回宣教文章' },
      async handler(ctx) {
        const { ids, state } = ctx.params;
        const event = eventForState(state);
        const { label } = articleEvents[event];
        const rows = await articlesOf(ctx, ids);
        for (const r of rows)
          if (!can(articleMachine, articleStateOf(r.state), event))
            throw new ApiFailure(
              Code.actionRefused,
              `宣教文章“${r.title}”当前状态为${articleStateNames[Number(r.state) as ArticleStateCode]}，不能${label}`,
            );
        const stamp = nowStamp();
        for (const r of rows)
          await sql`update edArticle set state = ${state}, updateTime = ${stamp}
            ${state === 1 ? sql`, publishTime = ${stamp}` : sql``}
            where id = ${r.id} and state = ${r.state}`.execute(ctx.db);
        ctx.describe(`${label}宣教文章：${rows.map((r) => r.title).join('、')}`);
        return { changed: rows.length };
      },
    }),
  ];
}
