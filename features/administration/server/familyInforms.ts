import { sql } from 'kysely';
import { AdminAuthority, AdminPaths, oldManTreeAnswer } from '../../../domain/api/administration.js';
import { Code } from '../../../domain/codes.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery } from '../../../server/http/schemas.js';
import type { ResourceHooks, Row } from '../../../server/resources/engine.js';

const NAMES_SHOWN = 5;

/** 家属通知: the chosen elders are of the organisation and the user's data departments. */
export const familyInformHooks: ResourceHooks = {
  async prepare(ctx, row) {
    if (!Array.isArray(row.oldmanIds)) return;
    const chosen = [...new Set(row.oldmanIds as number[])];
    const found = await ctx.db
      .selectFrom('oldman')
      .select('oldmanId')
      .where('orgId', '=', ctx.user.orgId)
      .where('oldmanId', 'in', chosen)
      .where(inReadDepts('deptId', ctx.user))
      .execute();
    if (found.length !== chosen.length) throw new ApiFailure(Code.invalidInput, '长者不存在');
    row.oldmanIds = chosen;
  },
  /** Who it went to: the first names of the elders, and how many family members they have. */
  async decorate(db, rows) {
    const ids = [
      ...new Set(rows.flatMap((r) => (Array.isArray(r.oldmanIds) ? (r.oldmanIds as number[]) : []))),
    ];
    if (!ids.length) return;
    const elders = await db
      .selectFrom('oldman')
      .select(['oldmanId', 'oldmanName'])
      .where('oldmanId', 'in', ids)
      .execute();
    const families = await db
      .selectFrom('oldmanFamily')
      .select(['oldmanId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('oldmanId', 'in', ids)
      .groupBy('oldmanId')
      .execute();
    const names = new Map(elders.map((e) => [e.oldmanId, e.oldmanName]));
    const counts = new Map(families.map((f) => [f.oldmanId, Number(f.n)]));
    for (const row of rows as Row[]) {
      const mine = Array.isArray(row.oldmanIds) ? (row.oldmanIds as number[]) : [];
      const shown = mine.slice(0, NAMES_SHOWN).map((id) => names.get(id) ?? '');
      row.elderNames = `${shown.join('、')}${mine.length > NAMES_SHOWN ? ` 等${mine.length}人` : ''}`;
      row.familyCount = mine.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
    }
  },
};

/** GET common/oldManTree: the elders of the user's data departments, by department. */
export function familyInformRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: AdminPaths.oldManTree,
      auth: AdminAuthority.familyInform,
      summary: '部门与长者（选择家属通知对象）',
      query: noQuery,
      response: oldManTreeAnswer,
      async handler({ db, user }) {
        const rows = await sql<{ deptId: number; deptName: string; oldmanId: number; oldmanName: string }>`
          select d.deptId, d.deptName, o.oldmanId, o.oldmanName from oldman o join dept d on d.deptId = o.deptId
          where o.orgId = ${user.orgId} and ${inReadDepts('o.deptId', user)}
          order by d.deptId, o.oldmanName`.execute(db);
        const depts = new Map<
          number,
          { deptId: number; deptName: string; elders: { oldmanId: number; oldmanName: string }[] }
        >();
        for (const r of rows.rows) {
          const dept = depts.get(r.deptId) ?? { deptId: r.deptId, deptName: r.deptName, elders: [] };
          dept.elders.push({ oldmanId: r.oldmanId, oldmanName: r.oldmanName });
          depts.set(r.deptId, dept);
        }
        return [...depts.values()];
      },
    }),
  ];
}
