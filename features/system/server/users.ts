import { sql } from 'kysely';
import {
  empAnswer,
  empBody,
  empParams,
  orgInfoAnswer,
  orgInfoBody,
  orgInfoParams,
  orgSaveParams,
  UserPaths,
  type UserUpdate,
  userDetail,
  userParams,
  userUpdate,
} from '../../../domain/api/org.js';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import { OrgArchiveAuthority } from '../../../domain/resources/orgArchive.js';
import { hashPassword, passwordProblem } from '../../../server/auth/password.js';
import { endSessionsOfUser, type SessionUser } from '../../../server/auth/tokens.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery, noResult } from '../../../server/http/schemas.js';
import { escapeLike, type ResourceHooks, type Row } from '../../../server/resources/engine.js';

/**
 * The users list (features/system/resources.ts userResource) through the engine: accounts with their
 * staff name, found by account or name. The last sign-in is an instant; the list shows it as the
 * wall-clock time here.
 */
export const userListHooks: ResourceHooks = {
  listReads: ['emp'],
  async list(ctx, q, page) {
    const keyword = q.keyword as string | undefined;
    const pattern = `%${escapeLike(keyword ?? '')}%`;
    const where = sql.join(
      [
        sql`u.orgId = ${ctx.user.orgId}`,
        ...(keyword
          ? [sql`(u.loginName like ${pattern} escape '\\' or e.empName like ${pattern} escape '\\')`]
          : []),
      ],
      sql` and `,
    );
    const order = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
    const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
    const rows =
      await sql<Row>`select u.userId, u.loginName, u.phoneNum, u.status, u.lastLoginTime, e.empName, e.deptId
      from users u join emp e on e.empId = u.empId where ${where} order by u.userId ${order} ${limit}`.execute(
        ctx.db,
      );
    const total = await sql<{ n: number }>`select count(*) as n from users u join emp e on e.empId = u.empId
      where ${where}`.execute(ctx.db);
    for (const row of rows.rows)
      if (typeof row.lastLoginTime === 'string')
        row.lastLoginTime = localDateTime(Date.parse(row.lastLoginTime));
    return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
  },
};

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

const sameIds = (a: number[], b: number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Only the user administrator, or the user for their own record. */
function requireSelfOrAdmin(user: SessionUser, userId: number) {
  if (userId !== user.userId && !user.authority.has(Authority.users))
    throw new ApiFailure(Code.noAuthority, '权限不足');
}

/**
 * A person's phone lives on the staff record and on the account (forgotten-password SMS), and the
 * two stay the same. The account phone identifies one account, so another account's is refused.
 */
async function setPhone(db: Db, empId: number, phoneNum: string) {
  const taken = await db
    .selectFrom('users')
    .select('userId')
    .where('phoneNum', '=', phoneNum)
    .where('empId', '!=', empId)
    .executeTakeFirst();
  if (taken) throw new ApiFailure(Code.userExists, '该手机号已被其他账号使用');
  await db.updateTable('emp').set({ phoneNum }).where('empId', '=', empId).execute();
  await db.updateTable('users').set({ phoneNum }).where('empId', '=', empId).execute();
}

/** An avatar must be an image this organisation uploaded (POST /pims/web-org/common/upload). */
async function checkHeadImage(db: Db, orgId: number, headImage: string) {
  if (headImage === '') return;
  const stored = await db
    .selectFrom('storedFile')
    .select('relPath')
    .where('orgId', '=', orgId)
    .where('relPath', '=', headImage.replace(/^\/files\//, ''))
    .executeTakeFirst();
  if (!stored) throw new ApiFailure(Code.invalidInput, '头像图片不存在，请重新上传');
}

/**
 * What a user may change on their own account: the phone, and the department only as user
 * administrator. Roles, data departments and status are never their own to change (another
 * administrator does it), nor the password here (PUT logins/userPwd asks for the old one).
 * Values sent unchanged are dropped, so saving one's own record does not end the session.
 */
async function ownChanges(
  db: Db,
  user: SessionUser,
  target: { userId: number; status: number; deptId: number },
  body: UserUpdate,
): Promise<UserUpdate> {
  const [roles, depts] = await Promise.all([
    db.selectFrom('userRole').select('roleId').where('userId', '=', target.userId).execute(),
    db.selectFrom('userDataDept').select('deptId').where('userId', '=', target.userId).execute(),
  ]);
  const roleIds = roles.map((r) => r.roleId);
  const deptIds = depts.map((d) => d.deptId);
  const rolesChanged = body.roleIds !== undefined && !sameIds(body.roleIds, roleIds);
  const deptsChanged = body.dataDeptIds !== undefined && !sameIds(body.dataDeptIds, deptIds);
  const statusChanged = body.status !== undefined && body.status !== target.status;
  const deptChanged = body.deptId !== undefined && body.deptId !== target.deptId;
  if (
    rolesChanged ||
    deptsChanged ||
    statusChanged ||
    body.userPassword !== undefined ||
    (deptChanged && !user.authority.has(Authority.users))
  )
    throw new ApiFailure(Code.noAuthority, '权限不足');
  return {
    ...(body.phoneNum !== undefined ? { phoneNum: body.phoneNum } : {}),
    ...(deptChanged ? { deptId: body.deptId } : {}),
  };
}

/**
 * Users of the organisation (spec 000 §7 users calls). Changing roles or department ends that user's
 * sessions with 4013. Users read and edit their own account and staff record (个人信息) without
 * user administration, within ownChanges.
 */
export function userRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: UserPaths.one,
      auth: 'session',
      summary: '用户详情',
      params: userParams,
      query: noQuery,
      response: userDetail,
      async handler({ db, user, params }) {
        requireSelfOrAdmin(user, params.userId);
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
      url: UserPaths.one,
      auth: 'session',
      params: userParams,
      body: userUpdate,
      response: noResult,
      log: { type: 'UPDATE', name: '修改用户' },
      async handler({ db, user, params, body: asked, describe }) {
        requireSelfOrAdmin(user, params.userId);
        const target = await ownUser(db, user.orgId, params.userId);
        const body = params.userId === user.userId ? await ownChanges(db, user, target, asked) : asked;
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
        if (body.status !== undefined)
          await db
            .updateTable('users')
            .set({ status: body.status })
            .where('userId', '=', params.userId)
            .execute();
        if (body.phoneNum && body.phoneNum !== target.phoneNum)
          await setPhone(db, target.empId, body.phoneNum);
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
      url: UserPaths.orgInfo,
      auth: 'session',
      summary: '机构信息',
      params: orgInfoParams,
      query: noQuery,
      response: orgInfoAnswer,
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
      url: UserPaths.orgInfoSave,
      auth: OrgArchiveAuthority.edit,
      params: orgSaveParams,
      body: orgInfoBody,
      response: noResult,
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
      url: UserPaths.emp,
      auth: 'session',
      summary: '员工信息',
      params: empParams,
      query: noQuery,
      response: empAnswer,
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
      url: UserPaths.empSave,
      auth: 'session',
      body: empBody,
      response: noResult,
      log: { type: 'UPDATE', name: '修改个人信息' },
      async handler({ db, user, body }) {
        // Staff edit their own record; editing others needs user administration.
        if (body.empId !== user.empId && !user.authority.has(Authority.users))
          throw new ApiFailure(Code.noAuthority, '权限不足');
        const { empId, phoneNum, ...rest } = body;
        const current = await db
          .selectFrom('emp')
          .select('phoneNum')
          .where('empId', '=', empId)
          .where('orgId', '=', user.orgId)
          .executeTakeFirst();
        if (!current) throw new ApiFailure(Code.notFound, '员工不存在');
        if (rest.headImage !== undefined) await checkHeadImage(db, user.orgId, rest.headImage);
        await db.updateTable('emp').set(rest).where('empId', '=', empId).execute();
        if (phoneNum !== current.phoneNum) await setPhone(db, empId, phoneNum);
        return null;
      },
    }),
  ];
}
