import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import { pageQuery } from '../../../domain/settings.js';
import { hashPassword, passwordProblem } from '../../auth/password.js';
import { endSessionsOfUser } from '../../auth/tokens.js';
import type { Db } from '../../db/index.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import { paged } from '../paging.js';

const userId = z.object({ userId: z.coerce.number().int().positive() });
const ids = z.array(z.coerce.number().int().positive()).max(100);
const userUpdate = z.object({
  status: z.coerce.number().int().min(0).max(1).optional(),
  phoneNum: z
    .string()
    .regex(/^1\d{10}$/, '请输入正确的手机号')
    .optional(),
  roleIds: ids.optional(),
  deptId: z.coerce.number().int().positive().optional(),
  dataDeptIds: ids.optional(),
  /** An administrator's new initial password; the user must change it at the next sign-in. */
  userPassword: z.string().min(1, '请输入新密码').max(64).optional(),
});

async function ownUser(db: Db, orgId: number, id: number) {
  const row = await db
    .selectFrom('users')
    .innerJoin('emp', 'emp.empId', 'users.empId')
    .select([
      'users.userId',
      'users.loginName',
      'users.phoneNum',
      'users.status',
      'users.isAdmin',
      'users.keyVersion',
      'users.lastLoginTime',
      'emp.empId',
      'emp.empName',
      'emp.deptId',
    ])
    .where('users.userId', '=', id)
    .where('users.orgId', '=', orgId)
    .executeTakeFirst();
  if (!row) throw new ApiFailure(Code.notFound, '用户不存在');
  return row;
}

/** Users of the organisation (spec 000 §7 users calls). Changing roles or department ends that user's sessions with 4013. */
export function userRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/passport/web-rbac/users',
      auth: Authority.users,
      query: pageQuery.extend({ keyword: z.string().max(32).optional() }),
      handler({ db, user, query }) {
        let q = db
          .selectFrom('users')
          .innerJoin('emp', 'emp.empId', 'users.empId')
          .select([
            'users.userId',
            'users.loginName',
            'users.phoneNum',
            'users.status',
            'users.lastLoginTime',
            'emp.empName',
            'emp.deptId',
          ])
          .where('users.orgId', '=', user.orgId);
        if (query.keyword)
          q = q.where((eb) =>
            eb.or([
              eb('users.loginName', 'like', `%${query.keyword}%`),
              eb('emp.empName', 'like', `%${query.keyword}%`),
            ]),
          );
        return paged(q.orderBy('users.userId'), query);
      },
    }),
    route({
      method: 'GET',
      url: '/passport/web-rbac/users/:userId',
      auth: Authority.users,
      params: userId,
      async handler({ db, user, params }) {
        const row = await ownUser(db, user.orgId, params.userId);
        const [roles, depts] = await Promise.all([
          db.selectFrom('userRole').select('roleId').where('userId', '=', params.userId).execute(),
          db.selectFrom('userDataDept').select('deptId').where('userId', '=', params.userId).execute(),
        ]);
        const { keyVersion: _k, ...rest } = row;
        return { ...rest, roleIds: roles.map((r) => r.roleId), dataDeptIds: depts.map((d) => d.deptId) };
      },
    }),
    route({
      method: 'PUT',
      url: '/passport/web-rbac/users/:userId',
      auth: Authority.users,
      params: userId,
      body: userUpdate,
      log: { type: 'UPDATE', name: '修改用户' },
      async handler({ db, user, params, body, describe }) {
        const target = await ownUser(db, user.orgId, params.userId);
        const orgDepts = new Set(
          (await db.selectFrom('dept').select('deptId').where('orgId', '=', user.orgId).execute()).map(
            (d) => d.deptId,
          ),
        );
        const orgRoles = new Set(
          (await db.selectFrom('role').select('roleId').where('orgId', '=', user.orgId).execute()).map(
            (r) => r.roleId,
          ),
        );
        if (body.deptId && !orgDepts.has(body.deptId)) throw new ApiFailure(Code.invalidInput, '部门不存在');
        if (body.dataDeptIds?.some((d) => !orgDepts.has(d)))
          throw new ApiFailure(Code.invalidInput, '数据部门不存在');
        if (body.roleIds?.some((r) => !orgRoles.has(r)))
          throw new ApiFailure(Code.invalidInput, '角色不存在');
        const weak = body.userPassword === undefined ? null : passwordProblem(body.userPassword);
        if (weak) throw new ApiFailure(Code.passwordWeak, weak);
        if (body.userPassword !== undefined)
          await db
            .updateTable('users')
            .set({ passwordHash: await hashPassword(body.userPassword), resetPassword: 1 })
            .where('userId', '=', params.userId)
            .execute();
        if (body.status !== undefined || body.phoneNum) {
          await db
            .updateTable('users')
            .set({
              ...(body.status !== undefined ? { status: body.status } : {}),
              ...(body.phoneNum ? { phoneNum: body.phoneNum } : {}),
            })
            .where('userId', '=', params.userId)
            .execute();
        }
        if (body.roleIds) {
          await db.deleteFrom('userRole').where('userId', '=', params.userId).execute();
          if (body.roleIds.length)
            await db
              .insertInto('userRole')
              .values(body.roleIds.map((roleId) => ({ userId: params.userId, roleId })))
              .execute();
        }
        if (body.dataDeptIds) {
          await db.deleteFrom('userDataDept').where('userId', '=', params.userId).execute();
          if (body.dataDeptIds.length)
            await db
              .insertInto('userDataDept')
              .values(body.dataDeptIds.map((deptId) => ({ userId: params.userId, deptId })))
              .execute();
        }
        if (body.deptId)
          await db
            .updateTable('emp')
            .set({ deptId: body.deptId })
            .where('empId', '=', target.empId)
            .execute();
        // Key information: roles, departments, account status, password. The user signs in again (4013).
        if (
          body.roleIds ||
          body.dataDeptIds ||
          body.deptId ||
          body.status !== undefined ||
          body.userPassword !== undefined
        ) {
          await db
            .updateTable('users')
            .set({ keyVersion: target.keyVersion + 1 })
            .where('userId', '=', params.userId)
            .execute();
          await endSessionsOfUser(db, params.userId, Code.keyInfoChanged);
        }
        describe(
          `${body.userPassword === undefined ? '修改用户' : '修改用户并重置密码'}：${target.loginName}`,
        );
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/pims/web-org/orgInfos/:id',
      auth: 'session',
      params: z.object({ id: z.coerce.number().int().positive() }),
      async handler({ db, user, params }) {
        if (params.id !== user.orgId) throw new ApiFailure(Code.notFound, '机构不存在');
        const org = await db
          .selectFrom('org')
          .selectAll()
          .where('orgId', '=', params.id)
          .executeTakeFirstOrThrow();
        return { ...org, qualifications: JSON.parse(org.qualifications) as unknown };
      },
    }),
    route({
      method: 'PUT',
      url: '/pims/web-org/orgInfos/:orgId/orgInfoAndQualifications',
      auth: Authority.org,
      params: z.object({ orgId: z.coerce.number().int().positive() }),
      body: z.object({
        orgName: z.string().trim().min(1, '请输入机构名称').max(64),
        address: z.string().max(200).default(''),
        phone: z.string().max(32).default(''),
        qualifications: z
          .array(z.object({ name: z.string().max(64), urlPath: z.string().max(300) }))
          .max(50)
          .default([]),
      }),
      log: { type: 'UPDATE', name: '修改机构信息' },
      async handler({ db, user, params, body }) {
        if (params.orgId !== user.orgId) throw new ApiFailure(Code.notFound, '机构不存在');
        await db
          .updateTable('org')
          .set({ ...body, qualifications: JSON.stringify(body.qualifications) })
          .where('orgId', '=', user.orgId)
          .execute();
        return null;
      },
    }),
    route({
      method: 'GET',
      url: '/ifms/web-org/emp/:empId',
      auth: 'session',
      params: z.object({ empId: z.coerce.number().int().positive() }),
      async handler({ db, user, params }) {
        const emp = await db
          .selectFrom('emp')
          .selectAll()
          .where('empId', '=', params.empId)
          .where('orgId', '=', user.orgId)
          .executeTakeFirst();
        if (!emp) throw new ApiFailure(Code.notFound, '员工不存在');
        return emp;
      },
    }),
    route({
      method: 'PUT',
      url: '/ifms/web-org/emp',
      auth: 'session',
      body: z.object({
        empId: z.coerce.number().int().positive(),
        empName: z.string().trim().min(1, '请输入姓名').max(32),
        phoneNum: z.string().regex(/^1\d{10}$/, '请输入正确的手机号'),
        sex: z.coerce.number().int().min(0).max(1),
        language: z.string().max(16).default('zh-CN'),
      }),
      log: { type: 'UPDATE', name: '修改个人信息' },
      async handler({ db, user, body }) {
        // Staff edit their own record; editing others needs user administration.
        if (body.empId !== user.empId && !user.authority.has(Authority.users))
          throw new ApiFailure(Code.noAuthority, '权限不足');
        const { empId, ...rest } = body;
        const res = await db
          .updateTable('emp')
          .set(rest)
          .where('empId', '=', empId)
          .where('orgId', '=', user.orgId)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) throw new ApiFailure(Code.notFound, '员工不存在');
        return null;
      },
    }),
  ];
}
