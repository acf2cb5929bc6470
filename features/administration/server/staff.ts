import { sql } from 'kysely';
import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { bodySchema, columnLabel, fieldOf, listQuerySchema, rowSchema } from '../../../domain/resource.js';
import { StaffAuthority as A } from '../../../domain/statuses/attendance.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route, SENT } from '../../../server/http/route.js';
import { noQuery, tableFile } from '../../../server/http/schemas.js';
import type { ServerResource } from '../../../server/modules/types.js';
import {
  type Ctx,
  displayValue,
  listRows,
  loadRow,
  type ResourceHooks,
  type Row,
} from '../../../server/resources/engine.js';
import { sendTable } from '../../../server/resources/export.js';
import { StaffPaths as P } from '../api/attendance.js';
import { staffResource } from '../resources/attendance.js';

const refuse = (message: string, code: number = Code.invalidInput): never => {
  throw new ApiFailure(code, message);
};
const def = staffResource;

/** The login account and the attendance group of each staff member, and the spec's nursingId. */
const staffHooks: ResourceHooks = {
  async decorate(db: Db, rows: Row[]) {
    if (!rows.length) return;
    const ids = rows.map((r) => Number(r.empId));
    const { rows: accounts } = await sql<{
      empId: number;
      loginName: string;
    }>`select empId, loginName from users
      where empId in (${sql.join(ids)})`.execute(db);
    const { rows: groups } = await sql<{
      nursingId: number;
      groupName: string;
    }>`select m.nursingId, g.groupName
      from attendanceGroupNurse m join attendanceGroup g on g.attendanceGroupPkId = m.attendanceGroupPkId
      where m.nursingId in (${sql.join(ids)})`.execute(db);
    const login = new Map(accounts.map((a) => [Number(a.empId), a.loginName]));
    const group = new Map(groups.map((g) => [Number(g.nursingId), g.groupName]));
    for (const r of rows) {
      r.nursingId = Number(r.empId);
      r.loginName = login.get(Number(r.empId)) ?? '';
      r.groupName = group.get(Number(r.empId)) ?? '';
    }
  },
};

export const staffServerResources: Record<string, ServerResource> = {
  [def.name]: { hooks: staffHooks, handwritten: ['create', 'update'] },
};

/** The department is the organisation's and one the user holds; the phone number is no one else's. */
async function checkStaff(ctx: Ctx, row: Row, selfId: number | null) {
  const dept = await ctx.db
    .selectFrom('dept')
    .select('deptId')
    .where('deptId', '=', Number(row.deptId))
    .where('orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!dept) refuse('所属部门不存在');
  ctx.requireDept(Number(row.deptId));
  const twin = await ctx.db
    .selectFrom('emp')
    .select('empName')
    .where('orgId', '=', ctx.user.orgId)
    .where('phoneNum', '=', String(row.phoneNum))
    .where('empId', '!=', selfId ?? -1)
    .executeTakeFirst();
  if (twin) refuse(`手机号码“${String(row.phoneNum)}”已被员工“${twin.empName}”使用`, Code.conflict);
}

const saved = z.object({ empId: z.number().int() });
const createBody = bodySchema(def, 'create');
const updateBody = bodySchema(def, 'update');
const selfBody = bodySchema(def, 'update', ['phoneNum', 'sex']).pick({ phoneNum: true, sex: true });
const exportQuery = listQuerySchema(def).extend({
  export: z.enum(['xlsx', 'csv'], { error: '导出格式只能是xlsx或csv' }).default('xlsx'),
});

/** Spec 001 §7 "Staff": add, one's own record, the export. The list and detail are the engine's. */
export function staffRoutes(): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: P.staff,
      auth: A.add,
      log: { type: 'ADD', name: '新增员工' },
      body: createBody,
      response: saved,
      async handler(ctx) {
        const row = ctx.body as Row;
        await checkStaff(ctx as Ctx, row, null);
        const { empId } = await ctx.db
          .insertInto('emp')
          .values({
            orgId: ctx.user.orgId,
            deptId: Number(row.deptId),
            empName: String(row.empName),
            empType: 'STAFF',
            phoneNum: String(row.phoneNum),
            sex: Number(row.sex),
            status: Number(row.status ?? 0),
            msgAuth: 1,
            language: 'zh-CN',
            jobIds: '',
            nursingLevel: (row.nursingLevel as string | null | undefined) ?? null,
          })
          .returning('empId')
          .executeTakeFirstOrThrow();
        ctx.describe(`员工：${String(row.empName)}`);
        return { empId };
      },
    }),
    route({
      method: 'PUT',
      url: P.workers,
      auth: A.edit,
      log: { type: 'UPDATE', name: '修改员工' },
      body: updateBody,
      response: saved,
      async handler(ctx) {
        const body = ctx.body as Row;
        const existing = await loadRow(ctx as Ctx, def, Number(body.empId));
        const row = {
          ...existing,
          ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
        };
        await checkStaff(ctx as Ctx, row, Number(existing.empId));
        if (Number(row.status) === 1 && Number(existing.status) === 0) {
          const group = await sql<{ groupName: string }>`select g.groupName from attendanceGroupNurse m
            join attendanceGroup g on g.attendanceGroupPkId = m.attendanceGroupPkId
            where m.nursingId = ${Number(existing.empId)}`.execute(ctx.db);
          const g = group.rows[0];
          if (g)
            refuse(
              `员工“${String(existing.empName)}”在考勤组“${g.groupName}”中，请先移出考勤组再办理离职`,
              Code.actionRefused,
            );
        }
        await ctx.db
          .updateTable('emp')
          .set({
            empName: String(row.empName),
            sex: Number(row.sex),
            phoneNum: String(row.phoneNum),
            deptId: Number(row.deptId),
            nursingLevel: (row.nursingLevel as string | null | undefined) ?? null,
            status: Number(row.status),
          })
          .where('empId', '=', Number(existing.empId))
          .execute();
        ctx.describe(`员工：${String(row.empName)}`);
        return { empId: Number(existing.empId) };
      },
    }),
    route({
      method: 'GET',
      url: P.info,
      auth: 'session',
      summary: '本人员工信息',
      query: noQuery,
      response: rowSchema(def),
      async handler(ctx) {
        const { rows } = await sql<Row>`select e.*, d.deptName from emp e
          left join dept d on d.deptId = e.deptId where e.empId = ${ctx.user.empId}`.execute(ctx.db);
        const row = rows[0] ?? refuse('员工不存在', Code.notFound);
        await staffHooks.decorate?.(ctx.db, [row]);
        return row;
      },
    }),
    route({
      method: 'PUT',
      url: P.update,
      auth: 'session',
      log: { type: 'UPDATE', name: '修改本人信息' },
      body: selfBody,
      response: saved,
      async handler(ctx) {
        const body = ctx.body as Row;
        const twin = await ctx.db
          .selectFrom('emp')
          .select('empName')
          .where('orgId', '=', ctx.user.orgId)
          .where('phoneNum', '=', String(body.phoneNum))
          .where('empId', '!=', ctx.user.empId)
          .executeTakeFirst();
        if (twin) refuse(`手机号码“${String(body.phoneNum)}”已被员工“${twin.empName}”使用`, Code.conflict);
        await ctx.db
          .updateTable('emp')
          .set({ phoneNum: String(body.phoneNum), sex: Number(body.sex) })
          .where('empId', '=', ctx.user.empId)
          .execute();
        return { empId: ctx.user.empId };
      },
    }),
    route({
      method: 'GET',
      url: P.export,
      auth: A.staff,
      summary: '导出员工',
      query: exportQuery,
      response: tableFile,
      async handler(ctx) {
        const q = ctx.query as Record<string, unknown>;
        const { rows } = await listRows(ctx.db, def, staffHooks, q, ctx.user, { limit: 50_000, offset: 0 });
        const header = def.columns.map((c) => columnLabel(def, c));
        const body = rows.map((r) => def.columns.map((c) => displayValue(fieldOf(def, c), r, c)));
        await sendTable(ctx.reply, q.export as 'xlsx' | 'csv', '员工', [header, ...body]);
        return SENT;
      },
    }),
  ];
}
