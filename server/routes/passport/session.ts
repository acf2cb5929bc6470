import {
  buttonAnswer,
  checkDeptLandingAnswer,
  checkDeptLandingQuery,
  dataDeptListAnswer,
  getUserIdAnswer,
  menuAnswer,
  menuParams,
  selectDeptAnswer,
  selectDeptParams,
} from '../../../domain/api/session.js';
import { LoginPaths, SessionPaths } from '../../../domain/api/sessionPaths.js';
import { Code } from '../../../domain/codes.js';
import { ALL_DATA_DEPTS, ALL_DATA_DEPTS_NAME } from '../../../domain/deptChoice.js';
import { userInfo } from '../../../domain/session.js';
import { authenticate } from '../../auth/tokens.js';
import { buildUserInfo, dataDepts, menuTree } from '../../auth/userInfo.js';
import { ApiFailure } from '../../http/failure.js';
import { setFileCookie } from '../../http/files.js';
import { type AnyRoute, route, tokenOf } from '../../http/route.js';
import { noBody, noQuery } from '../../http/schemas.js';

/** The signed-in user's own session: profile, data department, menus and button authorities. */
export function sessionRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: SessionPaths.proFile,
      auth: 'session',
      summary: '当前用户信息',
      query: noQuery,
      response: userInfo,
      // The console's session check: also renews the file cookie (server/http/files.ts) for this token.
      handler({ db, user, req, reply }) {
        const token = tokenOf(req) ?? '';
        setFileCookie(req, reply, token);
        return buildUserInfo(db, user.userId, token, user.selectedDeptId, req.ip);
      },
    }),
    route({
      method: 'GET',
      url: SessionPaths.getUserID,
      auth: 'public',
      summary: '当前会话的用户ID',
      query: noQuery,
      response: getUserIdAnswer,
      // Spec 000 §8: called after proFile answered 401; an empty result means the session is gone (4011).
      async handler({ db, req }) {
        const user = await authenticate(db, tokenOf(req)).catch(() => null);
        return user ? user.userId : '';
      },
    }),
    route({
      method: 'POST',
      url: LoginPaths.selectDataDeptID,
      auth: 'session',
      params: selectDeptParams,
      body: noBody,
      response: selectDeptAnswer,
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
      url: LoginPaths.getDataDeptInfoList,
      auth: 'session',
      summary: '可选数据部门',
      query: noQuery,
      response: dataDeptListAnswer,
      handler: ({ db, user }) => dataDepts(db, user.userId),
    }),
    route({
      method: 'GET',
      url: LoginPaths.menuButton,
      auth: 'session',
      summary: '按钮权限',
      query: noQuery,
      response: buttonAnswer,
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
      url: LoginPaths.menu,
      auth: 'session',
      summary: '登录端的菜单',
      params: menuParams,
      query: noQuery,
      response: menuAnswer,
      handler: ({ params, db, user }) => menuTree(db, params.landingEndId, user.authority),
    }),
    route({
      method: 'GET',
      url: SessionPaths.checkDeptLanding,
      auth: 'session',
      summary: '用户的部门与登录端',
      query: checkDeptLandingQuery,
      response: checkDeptLandingAnswer,
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
