import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { ALL_DATA_DEPTS, ALL_DATA_DEPTS_NAME } from '../../../domain/session.js';
import { authenticate } from '../../auth/tokens.js';
import { buildUserInfo, dataDepts, menuTree } from '../../auth/userInfo.js';
import { ApiFailure } from '../../http/failure.js';
import { setFileCookie } from '../../http/files.js';
import { type AnyRoute, route, tokenOf } from '../../http/route.js';

const BASE = '/passport/web-rbac/logins';
const id = z.coerce.number().int().positive();

/** The signed-in user's own session: profile, data department, menus and button authorities. */
export function sessionRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/pims/web-pi/oldmans/proFile',
      auth: 'session',
      // The console's session check: also renews the file cookie (server/http/files.ts) for this token.
      handler({ db, user, req, reply }) {
        const token = tokenOf(req) ?? '';
        setFileCookie(req, reply, token);
        return buildUserInfo(db, user.userId, token, user.selectedDeptId, req.ip);
      },
    }),
    route({
      method: 'GET',
      url: '/omms/web-rbac/logins/getUserID',
      auth: 'public',
      // Spec 000 §8: called after proFile answered 401; an empty result means the session is gone (4011).
      async handler({ db, req }) {
        const user = await authenticate(db, tokenOf(req)).catch(() => null);
        return user ? user.userId : '';
      },
    }),
    route({
      method: 'POST',
      url: `${BASE}/selectDataDeptID/:deptId`,
      auth: 'session',
      // 0 is 全部部门: every data department the user holds (server/http/deptScope.ts)
      params: z.object({ deptId: z.coerce.number().int().min(0, '数据部门无效') }),
      log: { type: 'SELECT_DEPT', name: '选择数据部门' },
      async handler({ params, db, user, requireDept, describe }) {
        let chosen: { deptId: number; deptName: string };
        if (params.deptId === ALL_DATA_DEPTS) {
          if (!user.dataDeptIds.length) throw new ApiFailure(Code.deptNotAllowed);
          chosen = { deptId: ALL_DATA_DEPTS, deptName: ALL_DATA_DEPTS_NAME };
        } else {
          requireDept(params.deptId);
          const dept = await db
            .selectFrom('dept')
            .selectAll()
            .where('deptId', '=', params.deptId)
            .executeTakeFirst();
          if (!dept) throw new ApiFailure(Code.notFound, '部门不存在');
          chosen = dept;
        }
        await db
          .updateTable('session')
          .set({ selectedDeptId: params.deptId })
          .where('tokenHash', '=', user.tokenHash)
          .execute();
        describe(`选择数据部门：${chosen.deptName}`);
        return chosen;
      },
    }),
    route({
      method: 'GET',
      url: `${BASE}/getDataDeptInfoList`,
      auth: 'session',
      handler: ({ db, user }) => dataDepts(db, user.userId),
    }),
    route({
      method: 'GET',
      url: `${BASE}/menu/button`,
      auth: 'session',
      async handler({ db, user }) {
        const codes = [...user.authority];
        if (!codes.length) return [];
        return db
          .selectFrom('menu')
          .select(['code', 'menuName'])
          .where('isButton', '=', 1)
          .where('code', 'in', codes)
          .orderBy('menuId')
          .execute();
      },
    }),
    route({
      method: 'GET',
      url: `${BASE}/menu/:landingEndId`,
      auth: 'session',
      params: z.object({ landingEndId: id }),
      handler: ({ params, db, user }) => menuTree(db, params.landingEndId, user.authority),
    }),
    route({
      method: 'GET',
      url: '/omms/web-rbac/logins/checkDeptLanding',
      auth: 'session',
      query: z.object({
        userId: id,
        deptName: z.string().min(1).max(64),
        landingName: z.string().min(1).max(64),
      }),
      async handler({ query, db, user }) {
        if (query.userId !== user.userId && !user.isAdmin) throw new ApiFailure(Code.noAuthority);
        const [depts, landing] = await Promise.all([
          dataDepts(db, query.userId),
          db
            .selectFrom('landingEnd')
            .select('landingEndId')
            .where((eb) =>
              eb.or([
                eb('landingEndName', '=', query.landingName),
                eb('landingEndCode', '=', query.landingName),
              ]),
            )
            .executeTakeFirst(),
        ]);
        return depts.some((d) => d.deptName === query.deptName) && landing !== undefined;
      },
    }),
  ];
}
