import { sql } from 'kysely';
import { z } from 'zod';
import { localDateTime, nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { bodySchema, type ResourceDef } from '../../../domain/resource.js';
import { IN_HOUSE_STATUSES } from '../../../domain/resources/residence.js';
import { advance, type Workflow } from '../../../machines/workflow.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams } from '../../../server/http/schemas.js';
import { type Ctx, loadRow, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import { inboxChanged } from './inboxPush.js';

type Value = string | number | null;

export const refuse = (message: string, code: number = Code.actionRefused): never => {
  throw new ApiFailure(code, message);
};

/** The name the signed-in user's records carry (上报人, 记录人, 受理人): the employee's, else the login. */
export async function userName(db: Db, user: { empId: number; loginName: string }) {
  const emp = await sql<{ empName: string }>`select empName from emp where empId = ${user.empId}`.execute(db);
  return emp.rows[0]?.empName ?? user.loginName;
}

/** Refuses a time after the request's now: an event is recorded after it happens. */
/**
 * An elder of the organisation; refused (10010) unless 在住 or 试住 when `purpose` is given: a record of
 * care (an adverse event, a handover note) is written for someone in the home's care.
 */
export async function elderInHouse(ctx: Ctx, oldmanId: number, purpose: string | null) {
  const elder = (
    await sql<{ oldmanName: string; oldmanStatus: number }>`select oldmanName, oldmanStatus from oldman
      where oldmanId = ${oldmanId} and orgId = ${ctx.user.orgId}`.execute(ctx.db)
  ).rows[0];
  if (elder && purpose !== null && !IN_HOUSE_STATUSES.includes(Number(elder.oldmanStatus)))
    refuse(
      `${elder.oldmanName}当前为${dictLabel('liveStatus', elder.oldmanStatus) || '未入住'}，只有在住或试住的长者可以${purpose}`,
    );
  return elder;
}

export function notAfterNow(ctx: Ctx, value: unknown, label: string) {
  if (typeof value === 'string' && value.slice(0, 16) > localDateTime(ctx.services.now()).slice(0, 16))
    refuse(`${label}不能晚于当前时间`, Code.invalidInput);
}

export interface StepSpec {
  /** The record's definition (table, id, title, department scope). */
  def: ResourceDef;
  workflow: Workflow;
  /** The form whose writable fields make the body (validated as the console validates them). */
  form: ResourceDef;
  path: string;
  auth: string;
  label: string;
  hooks?: ResourceHooks;
  event(row: Row, body: Row): { type: string };
  /** Fields written besides the machine's: the body's, who and when. */
  write(ctx: Ctx, row: Row, body: Row): Promise<Row> | Row;
  /** Written with the step, in its transaction (the record's log row, a bell message). */
  after?(ctx: Ctx, row: Row, body: Row): Promise<void> | void;
}

/**
 * A workflow step that carries a form (提交整改, 结案, 答复, 办结): the record in the user's
 * organisation and departments, the machine's answer for its state (10010 当前状态为…，不能…), the
 * fields written only while it is still in the state that was checked, one operation-log row.
 */
export function stepRoute(spec: StepSpec): AnyRoute {
  const { def, workflow } = spec;
  return route({
    method: 'PUT',
    url: spec.path,
    auth: spec.auth,
    summary: `${spec.label}${def.title}`,
    params: idParams,
    body: bodySchema(spec.form, 'update'),
    response: z.object({ [def.idField]: z.number().int() }),
    log: { type: 'UPDATE', name: `${spec.label}${def.title}` },
    async handler(ctx) {
      const c = ctx as unknown as Ctx;
      const body = ctx.body as Row;
      const row = await loadRow(c, def, ctx.params.id, spec.hooks);
      const next = advance(workflow, row, spec.event(row, body), spec.label);
      if (!next.ok) return refuse(next.reason);
      const fields: Row = { ...(await spec.write(c, row, body)), ...next.fields };
      const before = workflow.fieldsOf(workflow.contextOf(row));
      const changed = await sql`update ${sql.id(def.table)} set ${sql.join(
        Object.entries(fields).map(([k, v]) => sql`${sql.id(k)} = ${(v ?? null) as Value}`),
      )}, updateTime = ${localDateTime(ctx.services.now())}
        where ${sql.id(def.idField)} = ${ctx.params.id} and ${sql.join(
          Object.entries(before).map(([k, v]) => sql`${sql.id(k)} = ${v as Value}`),
          sql` and `,
        )}`.execute(ctx.db);
      if (!Number(changed.numAffectedRows ?? 0)) refuse(`${def.title}已被他人修改，请刷新后重试`);
      await spec.after?.(c, row, body);
      ctx.describe(`${spec.label}${def.title}：${String(row[def.nameField] ?? ctx.params.id)}`);
      return { [def.idField]: ctx.params.id };
    },
  });
}

/**
 * One row of a record's step log (不良事件's 调查与整改记录, 投诉's 处理记录) for a step of its workflow: who,
 * when, what was decided, once per step (`step` names it: adverse.rectify, complaint.reply); the log a
 * supervisor reads, so such rows are not deleted. `owner` is the record's id column and value, `columns`
 * what the log table keeps besides (the department, the kind of entry).
 */
export async function logStep(
  ctx: Ctx,
  log: { table: string; owner: [string, number]; step: string; content: string; columns?: Row },
) {
  const [ownerColumn, ownerId] = log.owner;
  const done = await sql`select 1 from ${sql.id(log.table)}
    where ${sql.id(ownerColumn)} = ${ownerId} and step = ${log.step}`.execute(ctx.db);
  if (done.rows.length) return;
  const now = localDateTime(ctx.services.now());
  const values: Row = {
    orgId: ctx.user.orgId,
    [ownerColumn]: ownerId,
    ...log.columns,
    followTime: now,
    content: log.content.slice(0, 500),
    followBy: await userName(ctx.db, ctx.user),
    step: log.step,
    createTime: now,
    updateTime: now,
    createBy: ctx.user.userId,
  };
  await sql`insert into ${sql.id(log.table)} (${sql.join(Object.keys(values).map((k) => sql.id(k)))})
    values (${sql.join(Object.values(values).map((v) => (v ?? null) as Value))})`.execute(ctx.db);
}

/** msgType 2 业务通知 (domain/dictionaries.ts msgType). */
export const BUSINESS_MESSAGE = 2;

/** A 业务通知 in the bell of each user (the handover's receiver, a department's head). */
export async function sendBell(ctx: Ctx, userIds: readonly number[], title: string, content: string) {
  const to = [...new Set(userIds)];
  if (!to.length) return;
  const now = nowStamp();
  for (const userId of to)
    await sql`insert into msgMessage (orgId, userId, title, content, msgType, isRead, readTime, createTime, updateTime)
      values (${ctx.user.orgId}, ${userId}, ${title}, ${content}, ${BUSINESS_MESSAGE}, 0, ${null}, ${now}, ${now})`.execute(
      ctx.db,
    );
  inboxChanged(ctx, to);
}

/** The posts (job.jobTypeCode) that head a department: 科室主任, 护士长. */
const HEAD_JOB_TYPES = ['deptHead', 'nurseHead'];

/**
 * Who answers for a department's quality records (docs/decisions.md "Quality records reach the
 * department head"): the staff of that department holding a head's post (科室主任, 护士长) with an
 * enabled account; when it has none, the users who may close such records (`closeCode`) and hold
 * the department among their data departments. Never the one who wrote the record.
 */
export async function departmentHeads(ctx: Ctx, deptId: number | null, closeCode: string): Promise<number[]> {
  const orgId = ctx.user.orgId;
  const notMe = ctx.user.userId;
  if (deptId !== null) {
    const heads = await sql<{ userId: number }>`select distinct u.userId from users u
      join emp e on e.empId = u.empId and e.orgId = u.orgId
      where u.orgId = ${orgId} and u.status = 0 and e.status = 0 and e.deptId = ${deptId}
        and u.userId != ${notMe}
        and exists (select 1 from job j where j.orgId = e.orgId
          and j.jobTypeCode in (${sql.join(HEAD_JOB_TYPES)})
          and (',' || e.jobIds || ',') like ('%,' || j.jobId || ',%'))
      order by u.userId`.execute(ctx.db);
    if (heads.rows.length) return heads.rows.map((r) => Number(r.userId));
  }
  const closers = await sql<{ userId: number }>`select distinct u.userId from users u
    join userRole ur on ur.userId = u.userId join roleAuthority ra on ra.roleId = ur.roleId
    where u.orgId = ${orgId} and u.status = 0 and ra.code = ${closeCode} and u.userId != ${notMe}
      ${deptId === null ? sql`` : sql`and exists (select 1 from userDataDept ud where ud.userId = u.userId and ud.deptId = ${deptId})`}
    order by u.userId`.execute(ctx.db);
  return closers.rows.map((r) => Number(r.userId));
}
