import { sql } from 'kysely';
import { z } from 'zod';
import { localDateTime, localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { PatrolAuthority as A, PointStatus } from '../../../domain/statuses/patrol.js';
import { type PatrolTaskEvent, patrolTaskWorkflow } from '../../../machines/patrolTaskMachine.js';
import { advance } from '../../../machines/workflow.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery } from '../../../server/http/schemas.js';
import type { ServerResource } from '../../../server/modules/types.js';
import type { ResourceHooks, Row } from '../../../server/resources/engine.js';
import { raiseAlarmIn } from '../../../server/rules/alarms.js';
import {
  createTaskAnswer,
  createTaskQuery,
  MAX_CREATE_DAYS,
  nursingAnswer,
  PatrolTaskPaths as P,
  PATROL_ALARM_TYPE,
  recordPointAnswer,
  recordPointBody,
  taskDateAnswer,
  taskDateQuery,
  taskPoint,
  updateTaskAnswer,
} from '../api/patrol.js';
import { patrolRecordResource, patrolTaskPointResource, patrolTaskResource } from '../resources/patrol.js';
import { generatePatrolTasks, markMissedTasks } from './patrolTasks.js';

const fail = (message: string, code: number = Code.invalidInput): never => {
  throw new ApiFailure(code, message);
};
const noTask = () => new ApiFailure(Code.notFound, '巡更任务不存在');

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const taskHooks: ResourceHooks = {
  /** Tasks are made by the plans only. */
  prepare() {
    fail('巡更任务由巡更计划生成，不能手工新增或修改', Code.actionRefused);
  },
};

const pointListHooks: ResourceHooks = {
  async decorate(db: Db, rows: Row[]) {
    const ids = [...new Set(rows.map((r) => Number(r.pointPkId)))];
    if (!ids.length) return;
    const found = await sql<{ pointPkId: number; pointName: string; place: string | null }>`
      select pointPkId, pointName, place from patrolPoint where pointPkId in (${sql.join(ids)})`.execute(db);
    const by = new Map(found.rows.map((p) => [Number(p.pointPkId), p]));
    for (const r of rows) {
      const p = by.get(Number(r.pointPkId));
      r.pointName = p?.pointName ?? '（已删除的巡更点）';
      r.place = p?.place ?? null;
    }
  },
};

export const patrolServerResources: Record<string, ServerResource> = {
  [patrolTaskResource.name]: { hooks: taskHooks },
  [patrolRecordResource.name]: { hooks: taskHooks },
  [patrolTaskPointResource.name]: { hooks: pointListHooks },
};

async function pointsOf(db: Db, taskId: number) {
  const rows = await sql<z.infer<typeof taskPoint>>`select tp.taskPointPkId, tp.taskId, tp.pointPkId,
      coalesce(p.pointName, '（已删除的巡更点）') as pointName, p.place, tp.sort, tp.patrolStatus, tp.note,
      tp.recordTime
    from patrolTaskPoint tp left join patrolPoint p on p.pointPkId = tp.pointPkId
    where tp.taskId = ${taskId} order by tp.sort`.execute(db);
  return rows.rows;
}

async function taskOf(db: Db, orgId: number, taskId: number) {
  const found =
    await sql<Row>`select * from patrolTask where taskId = ${taskId} and orgId = ${orgId}`.execute(db);
  return found.rows[0] ?? null;
}

/** The organisation's first department: an alarm whose patroller left goes there. */
async function firstDept(db: Db, orgId: number) {
  const found = await sql<{
    deptId: number;
  }>`select deptId from dept where orgId = ${orgId} order by deptId limit 1`.execute(db);
  return Number(found.rows[0]?.deptId ?? 0);
}

/** Spec 001 §7 "Patrol": task dates, the records point by point, task making and 漏巡. */
export function patrolRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.taskDate,
      auth: `${A.manage}|${A.record}`,
      summary: '巡更任务日期',
      query: taskDateQuery,
      response: taskDateAnswer,
      async handler({ db, user, query }) {
        const rows = await sql<{ taskDate: string }>`select distinct taskDate from patrolTask
          where orgId = ${user.orgId} and taskDate like ${`${query.month}-%`} order by taskDate`.execute(db);
        return rows.rows.map((r) => r.taskDate);
      },
    }),
    route({
      method: 'GET',
      url: P.recordPoints,
      auth: `${A.record}|${A.manage}`,
      summary: '巡更任务的巡更点',
      params: idParams,
      query: noQuery,
      response: z.array(taskPoint),
      async handler({ db, user, params }) {
        if (!(await taskOf(db, user.orgId, params.id))) throw noTask();
        return pointsOf(db, params.id);
      },
    }),
    route({
      method: 'GET',
      url: P.recordNursing,
      auth: `${A.record}|${A.manage}`,
      summary: '巡更任务的巡更人',
      params: idParams,
      query: noQuery,
      response: nursingAnswer,
      async handler({ db, user, params }) {
        const task = await taskOf(db, user.orgId, params.id);
        if (!task) throw noTask();
        const emp = await sql<{
          empName: string;
        }>`select empName from emp where empId = ${Number(task.nursingId)}`.execute(db);
        return { nursingId: Number(task.nursingId), nursingName: emp.rows[0]?.empName ?? '' };
      },
    }),
    route({
      method: 'PUT',
      url: P.recordPoint,
      auth: A.recordPoint,
      summary: '记录巡更点',
      params: idParams,
      body: recordPointBody,
      response: recordPointAnswer,
      log: { type: 'UPDATE', name: '记录巡更点' },
      async handler(ctx) {
        const { db, user, params, body, services } = ctx;
        const found = await sql<Row>`select tp.*, p.pointName, p.buildingId, p.place from patrolTaskPoint tp
          left join patrolPoint p on p.pointPkId = tp.pointPkId
          where tp.taskPointPkId = ${params.id} and tp.orgId = ${user.orgId}`.execute(db);
        const point = found.rows[0];
        if (!point) throw new ApiFailure(Code.notFound, '巡更点记录不存在');
        const task = await taskOf(db, user.orgId, Number(point.taskId));
        if (!task) throw noTask();
        const nowMs = services.now();
        const now = localDateTime(nowMs);
        if (String(task.taskDate) > localDay(nowMs)) fail('巡更任务未到日期，不能记录', Code.actionRefused);
        const started = advance(patrolTaskWorkflow, task, { type: 'patrol.record' }, '记录巡更点');
        if (!started.ok) return fail(started.reason, Code.actionRefused);
        if (Number(point.patrolStatus) !== PointStatus.none)
          fail(`巡更点“${String(point.pointName)}”已记录`, Code.actionRefused);
        const abnormal = body.patrolStatus === PointStatus.abnormal;
        await sql`update patrolTaskPoint set patrolStatus = ${body.patrolStatus}, note = ${body.note || null},
            recordTime = ${now}, updateTime = ${now}
          where taskPointPkId = ${params.id} and patrolStatus = ${PointStatus.none}`.execute(db);
        const doneCount = Number(task.doneCount) + 1;
        const abnormalCount = Number(task.abnormalCount) + (abnormal ? 1 : 0);
        let fields = started.fields;
        if (doneCount >= Number(task.pointCount)) {
          const finish: PatrolTaskEvent = { type: 'patrol.finish', abnormal: abnormalCount > 0 };
          const finished = advance(patrolTaskWorkflow, { ...task, ...fields }, finish, '完成巡更');
          if (!finished.ok) return fail(finished.reason, Code.actionRefused);
          fields = finished.fields;
        }
        const moved = await sql`update patrolTask set taskStatus = ${Number(fields.taskStatus)},
            taskResult = ${(fields.taskResult as number | null) ?? null}, doneCount = ${doneCount},
            abnormalCount = ${abnormalCount}, finishTime = ${doneCount >= Number(task.pointCount) ? now : null},
            updateTime = ${now}
          where taskId = ${Number(task.taskId)} and taskStatus = ${Number(task.taskStatus)}
            and doneCount = ${Number(task.doneCount)}`.execute(db);
        if (Number(moved.numAffectedRows ?? 0) !== 1)
          fail('巡更任务已被他人更新，请刷新后重试', Code.actionRefused);
        ctx.describe(
          `巡更点：${String(point.pointName)}（${String(task.planName)} ${String(task.taskDate)}）`,
        );
        let alarmRecordId: number | null = null;
        if (abnormal) {
          const emp = await sql<{ empName: string; deptId: number }>`select empName, deptId from emp
            where empId = ${Number(task.nursingId)}`.execute(db);
          const dept = emp.rows[0]?.deptId ?? (await firstDept(db, user.orgId));
          const { record, created } = await raiseAlarmIn(
            db,
            {
              orgId: user.orgId,
              deptId: dept,
              deviceId: null,
              deviceCode: '',
              deviceName: `巡更点：${String(point.pointName)}`,
              oldmanId: null,
              oldmanName: null,
              bedId: null,
              bedName: null,
              roomName: (point.place as string | null) ?? null,
              buildingId: (point.buildingId as number | null) ?? null,
              floorNo: null,
            },
            {
              source: 'pnt',
              alarmType: PATROL_ALARM_TYPE,
              content: `巡更点“${String(point.pointName)}”异常：${String(body.note)}（${String(task.planName)}，${emp.rows[0]?.empName ?? '巡更人'}）`,
              at: nowMs,
            },
          );
          alarmRecordId = record.recordId;
          ctx.afterCommit(() => {
            services.hub.alarm(record, created);
            if (created) services.rules.onAlarmCreated?.(record);
          });
        }
        return {
          taskId: Number(task.taskId),
          taskStatus: Number(fields.taskStatus),
          taskResult: (fields.taskResult as number | null) ?? null,
          alarmRecordId,
        };
      },
    }),
    route({
      method: 'GET',
      url: P.createTask,
      auth: A.create,
      summary: '生成巡更任务',
      query: createTaskQuery,
      response: createTaskAnswer,
      async handler({ db, user, query, services }) {
        const today = localDay(services.now());
        const from = query.from ?? today;
        const to = query.to ?? from;
        if (to < from) fail('结束日期不能早于开始日期');
        if (addDays(from, MAX_CREATE_DAYS - 1) < to) fail(`一次最多生成${MAX_CREATE_DAYS}天的巡更任务`);
        if (from < today) fail('不能生成今天以前的巡更任务');
        const created = await db
          .transaction()
          .execute((trx) => generatePatrolTasks(trx, from, to, { orgId: user.orgId }));
        return { created };
      },
    }),
    route({
      method: 'GET',
      url: P.updateTask,
      auth: A.manage,
      summary: '标记漏巡的巡更任务',
      query: noQuery,
      response: updateTaskAnswer,
      async handler({ db, user, services }) {
        const missed = await db
          .transaction()
          .execute((trx) => markMissedTasks(trx, services.now(), { orgId: user.orgId }));
        return { missed };
      },
    }),
  ];
}
