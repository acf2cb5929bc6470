import { sql } from 'kysely';
import { z } from 'zod';
import { localDateTime, localDay, nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { IN_HOUSE_STATUSES } from '../../../domain/resources/residence.js';
import { CareAuthority as A, PlanStatus, TaskStatus } from '../../../domain/statuses/care.js';
import { nursingPlanEvents, nursingPlanWorkflow } from '../../../machines/nursingPlanMachine.js';
import { nursingTaskEvents, nursingTaskWorkflow } from '../../../machines/nursingTaskMachine.js';
import { advance } from '../../../machines/workflow.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery } from '../../../server/http/schemas.js';
import type { ServerModule } from '../../../server/modules/types.js';
import { type Ctx, loadRow, type Row } from '../../../server/resources/engine.js';
import {
  executionPlansBody,
  frequencyProblem,
  CarePaths as P,
  planStatusBody,
  planTaskAnswer,
  planTaskBody,
  setProjectConfigBody,
  taskProjectBody,
  todayTasksAnswer,
  todayTasksQuery,
} from '../api/care.js';
import { measuredKind } from '../api/careHealth.js';
import {
  careExecutionResource,
  careProjectResource,
  levelProjectResource,
  nursingPlanItemResource,
  nursingPlanResource,
  nursingTaskResource,
} from '../resources/planBase.js';
import { writeSigns } from './health.js';
import { levelSince } from './levelHistory.js';
import {
  cancelPlanTasks,
  generateTasks,
  pushTaskChanges,
  reopenSuspendedTasks,
  SUSPENDED_REASON,
} from './planTasks.js';
import { keptTodayTasks } from './todayTasks.js';

const refuse = (message: string): never => {
  throw new ApiFailure(Code.actionRefused, message);
};
const invalid = (message: string): never => {
  throw new ApiFailure(Code.invalidInput, message);
};

function checkFrequency(row: Row, existing: Row | null) {
  const merged = { ...existing, ...row };
  const problem = frequencyProblem({
    frequencyType: Number(merged.frequencyType ?? 1),
    times: (merged.times as string | null) ?? null,
    weekdays: (merged.weekdays as string | null) ?? null,
  });
  if (problem) invalid(problem);
}

async function elderOf(ctx: Ctx, oldmanId: number) {
  const elder = await sql<{ oldmanName: string; oldmanStatus: number; deptId: number }>`
    select oldmanName, oldmanStatus, deptId from oldman where oldmanId = ${oldmanId} and orgId = ${ctx.user.orgId}`.execute(
    ctx.db,
  );
  return elder.rows[0] ?? invalid('长者不存在');
}
const hasLeft = (elder: { oldmanStatus: number }) => !IN_HOUSE_STATUSES.includes(Number(elder.oldmanStatus));

async function planOf(ctx: Ctx, planId: number) {
  return loadRow(ctx, nursingPlanResource, planId);
}

/** Copies the level's project configuration into a new plan's items. */
async function copyLevelItems(ctx: Ctx, planId: number, levelId: number, deptId: number) {
  const stamp = nowStamp();
  await sql`insert into nursingPlanItem (orgId, deptId, planId, projectId, frequencyType, times, weekdays, remark,
      createTime, updateTime, createBy)
    select orgId, ${deptId}, ${planId}, projectId, frequencyType, times, weekdays, remark, ${stamp}, ${stamp}, ${ctx.user.userId}
    from levelProject where levelId = ${levelId} and orgId = ${ctx.user.orgId} order by configId`.execute(
    ctx.db,
  );
}

/** Makes a plan's tasks of `day` in the route's transaction and tells the department when committed. */
async function tasksOfPlans(ctx: Ctx, planIds: number[], day: string) {
  const { created, depts } = await generateTasks(ctx.db, day, { planIds, orgId: ctx.user.orgId });
  ctx.afterCommit(() => pushTaskChanges(ctx.services.hub, depts, day, 'generated'));
  return created;
}

const today = (ctx: Ctx) => localDay(ctx.services.now());

function planRoutes(): AnyRoute[] {
  return [
    route({
      method: 'PUT',
      url: P.planStatus,
      auth: A.nursingStatus,
      summary: '启用、暂停、恢复或结束护理计划',
      body: planStatusBody,
      response: z.object({ planId: z.number().int(), planStatus: z.number().int() }),
      log: { type: 'UPDATE', name: '修改护理计划状态' },
      async handler(ctx) {
        const { planId, event } = ctx.body;
        const plan = await planOf(ctx, planId);
        const { label } = nursingPlanEvents[event];
        const next = advance(nursingPlanWorkflow, plan, { type: event }, label);
        if (!next.ok) return refuse(`护理计划${next.reason}`);
        const planStatus = Number(next.fields.planStatus);
        if (planStatus === PlanStatus.active) {
          const elder = await elderOf(ctx, Number(plan.oldmanId));
          if (hasLeft(elder)) refuse(`长者${elder.oldmanName}已不在院，不能${label}护理计划`);
        }
        const changed =
          await sql`update nursingPlan set planStatus = ${planStatus}, updateTime = ${nowStamp()}
          where planId = ${planId} and planStatus = ${Number(plan.planStatus)}`.execute(ctx.db);
        if (!Number(changed.numAffectedRows ?? 0)) refuse('护理计划已被他人修改，请刷新后重试');
        const day = today(ctx);
        if (planStatus === PlanStatus.active) {
          // resumed: what the suspension cancelled and is still ahead is to be done again
          const time = localDateTime(ctx.services.now()).slice(11, 16);
          const { depts } = await reopenSuspendedTasks(ctx.db, planId, day, time);
          ctx.afterCommit(() => pushTaskChanges(ctx.services.hub, depts, day, 'generated'));
          await tasksOfPlans(ctx, [planId], day);
        } else {
          const reason = planStatus === PlanStatus.ended ? '护理计划已结束' : SUSPENDED_REASON;
          const cancelled = await cancelPlanTasks(ctx.db, [planId], day, reason);
          const depts = new Map([[`${ctx.user.orgId}:${Number(plan.deptId)}`, cancelled]]);
          ctx.afterCommit(() => pushTaskChanges(ctx.services.hub, depts, day, 'cancelled'));
        }
        ctx.describe(`${label}护理计划：${String(plan.planName)}`);
        return { planId, planStatus };
      },
    }),
    route({
      method: 'POST',
      url: `${P.planTask}/:planId`,
      auth: A.nursingStatus,
      summary: '生成护理计划某日的任务',
      params: idsOf('planId'),
      body: planTaskBody,
      response: planTaskAnswer,
      log: { type: 'ADD', name: '生成护理任务' },
      async handler(ctx) {
        const plan = await planOf(ctx, ctx.params.planId);
        const status = Number(plan.planStatus);
        if (status !== PlanStatus.active)
          refuse(`护理计划当前状态为${nursingPlanWorkflow.stateName(plan)}，不能生成任务`);
        const elder = await elderOf(ctx, Number(plan.oldmanId));
        if (hasLeft(elder)) refuse(`长者${elder.oldmanName}已不在院，不能生成护理任务`);
        const taskDate = ctx.body.taskDate ?? today(ctx);
        const created = await tasksOfPlans(ctx, [ctx.params.planId], taskDate);
        ctx.describe(`生成护理任务：${String(plan.planName)} ${taskDate}`);
        return { created, taskDate };
      },
    }),
  ];
}

function taskRoutes(): AnyRoute[] {
  return [
    route({
      method: 'PUT',
      url: P.taskProject,
      auth: A.taskDo,
      summary: '完成或未完成护理任务',
      body: taskProjectBody,
      response: z.object({ taskId: z.number().int(), taskStatus: z.number().int() }),
      log: { type: 'UPDATE', name: '执行护理任务' },
      async handler(ctx) {
        const { taskId, event, reason, remark } = ctx.body;
        const task = await loadRow(ctx, nursingTaskResource, taskId);
        const { label } = nursingTaskEvents[event];
        const plan = await sql<{
          planStatus: number;
        }>`select planStatus from nursingPlan where planId = ${Number(task.planId)}`.execute(ctx.db);
        if (Number(plan.rows[0]?.planStatus) === PlanStatus.ended) refuse('护理计划已结束，不能执行该任务');
        const elder = await elderOf(ctx, Number(task.oldmanId));
        if (hasLeft(elder)) refuse(`长者${elder.oldmanName}已不在院，不能执行护理任务`);
        if (event === 'task.miss' && !reason) invalid('请填写未完成原因');
        const sent: { type: string; reason?: string } =
          event === 'task.miss' ? { type: event, reason: reason ?? '' } : { type: event };
        const next = advance(nursingTaskWorkflow, task, sent, label);
        if (!next.ok) return refuse(`护理任务${next.reason}`);
        // a measuring task (测量血压 …) is done with its value, written as the elder's reading in
        // this transaction by the readings' own checks: a refused value leaves the task undone
        const project = await sql<{ projectName: string }>`select projectName from careProject
          where projectId = ${Number(task.projectId)}`.execute(ctx.db);
        const measure = measuredKind(project.rows[0]?.projectName);
        let measured = '';
        if (event === 'task.done' && measure) {
          const doer = await sql<{ empName: string | null }>`select empName from emp
            where empId = ${ctx.user.empId}`.execute(ctx.db);
          const projectName = String(project.rows[0]?.projectName ?? '');
          const { abnormal } = await writeSigns(
            ctx,
            {
              oldmanId: Number(task.oldmanId),
              measureTime: localDateTime(ctx.services.now()),
              recorder: doer.rows[0]?.empName ?? null,
              remark: `护理任务：${projectName}（${String(task.taskDate)} ${String(task.slot)}）`,
            },
            ctx.body.signs ?? {},
            measure,
          );
          measured = abnormal ? '，测量值超出告警阈值，已报警' : '';
        }
        const taskStatus = Number(next.fields.taskStatus);
        const changed = await sql`update nursingTask set taskStatus = ${taskStatus},
            reason = ${(next.fields.reason as string | null) ?? null}, remark = ${remark ?? null},
            doneTime = ${nowStamp()}, doneByName = (select empName from emp where empId = ${ctx.user.empId}), updateTime = ${nowStamp()}
          where taskId = ${taskId} and taskStatus = ${TaskStatus.pending}`.execute(ctx.db);
        if (!Number(changed.numAffectedRows ?? 0)) refuse('护理任务已被他人处理，请刷新后重试');
        const depts = new Map([[`${ctx.user.orgId}:${Number(task.deptId)}`, 1]]);
        ctx.afterCommit(() => pushTaskChanges(ctx.services.hub, depts, String(task.taskDate), 'changed'));
        ctx.describe(
          `${label}护理任务：${String(task.oldmanName ?? '')} ${String(task.projectName ?? '')}${measured}`,
        );
        return { taskId, taskStatus };
      },
    }),
    route({
      method: 'GET',
      url: P.taskToday,
      auth: A.tasks,
      summary: '今日护理任务（按楼层、房间）',
      query: todayTasksQuery,
      response: todayTasksAnswer,
      handler: (ctx) => keptTodayTasks(ctx, ctx.query.taskDate ?? today(ctx), ctx.query.floorId),
    }),
  ];
}

function levelRoutes(): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: P.setLevelProjectConfig,
      auth: A.levelsEdit,
      summary: '整体设置护理等级的护理项目',
      body: setProjectConfigBody,
      response: z.object({ levelId: z.number().int(), count: z.number().int() }),
      log: { type: 'UPDATE', name: '设置等级护理项目' },
      async handler(ctx) {
        const { levelId, items } = ctx.body;
        const level = await sql<{ levelName: string }>`select levelName from careLevel
          where levelId = ${levelId} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
        const levelName = level.rows[0]?.levelName ?? invalid('护理等级不存在');
        const seen = new Set<number>();
        for (const item of items) {
          if (seen.has(item.projectId)) invalid('同一护理项目不能重复配置');
          seen.add(item.projectId);
          const project = await sql<Row>`select frequencyType, times, weekdays from careProject
            where projectId = ${item.projectId} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
          const own = project.rows[0] ?? invalid('护理项目不存在');
          checkFrequency(Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined)), own);
        }
        await sql`delete from levelProject where levelId = ${levelId} and orgId = ${ctx.user.orgId}`.execute(
          ctx.db,
        );
        const stamp = nowStamp();
        for (const item of items)
          await sql`insert into levelProject (orgId, levelId, projectId, frequencyType, times, weekdays, createTime, updateTime, createBy)
            select orgId, ${levelId}, projectId, ${item.frequencyType ?? null}, ${item.times ?? null}, ${item.weekdays ?? null},
              ${stamp}, ${stamp}, ${ctx.user.userId}
            from careProject where projectId = ${item.projectId}`.execute(ctx.db);
        // items without their own frequency take the project's
        await sql`update levelProject set
            frequencyType = coalesce(frequencyType, (select c.frequencyType from careProject c where c.projectId = levelProject.projectId)),
            times = coalesce(times, (select c.times from careProject c where c.projectId = levelProject.projectId)),
            weekdays = coalesce(weekdays, (select c.weekdays from careProject c where c.projectId = levelProject.projectId))
          where levelId = ${levelId}`.execute(ctx.db);
        ctx.describe(`设置等级护理项目：${levelName}（${items.length}项）`);
        return { levelId, count: items.length };
      },
    }),
  ];
}

const executionPlanRow = z.looseObject({
  nursingPlanId: z.number().int(),
  planName: z.string().nullable(),
  oldmanName: z.string().nullable(),
  planStatus: z.number().int().nullable(),
});

function executionRoutes(): AnyRoute[] {
  const loadExecution = (ctx: Ctx, id: number) => loadRow(ctx, careExecutionResource, id);
  const plansOf = (ctx: Ctx, executionId: number, projectId?: number) =>
    sql<z.infer<typeof executionPlanRow>>`select e.nursingPlanId, p.planName, m.oldmanName, p.planStatus
      from executionPlan e join nursingPlan p on p.planId = e.nursingPlanId
      left join oldman m on m.oldmanId = p.oldmanId
      where e.executionId = ${executionId}
        ${projectId === undefined ? sql`` : sql`and exists (select 1 from nursingPlanItem i where i.planId = p.planId and i.projectId = ${projectId})`}
      order by e.nursingPlanId`
      .execute(ctx.db)
      .then((r) => r.rows);
  return [
    route({
      method: 'GET',
      url: `${P.executionProject}/:executionId`,
      auth: A.nursing,
      summary: '执行组的护理计划',
      params: idsOf('executionId'),
      query: noQuery,
      response: z.array(executionPlanRow),
      async handler(ctx) {
        await loadExecution(ctx, ctx.params.executionId);
        return plansOf(ctx, ctx.params.executionId);
      },
    }),
    route({
      method: 'GET',
      url: `${P.executionProject}/:executionId/:projectId`,
      auth: A.nursing,
      summary: '执行组中含某护理项目的护理计划',
      params: idsOf('executionId', 'projectId'),
      query: noQuery,
      response: z.array(executionPlanRow),
      async handler(ctx) {
        await loadExecution(ctx, ctx.params.executionId);
        return plansOf(ctx, ctx.params.executionId, ctx.params.projectId);
      },
    }),
    route({
      method: 'POST',
      url: `${P.executionProject}/:executionId`,
      auth: A.nursingEdit,
      summary: '向执行组加入护理计划',
      params: idsOf('executionId'),
      body: executionPlansBody,
      response: z.object({ added: z.number().int() }),
      log: { type: 'ADD', name: '执行组加入护理计划' },
      async handler(ctx) {
        const execution = await loadExecution(ctx, ctx.params.executionId);
        let added = 0;
        for (const planId of new Set(ctx.body.nursingPlanIds)) {
          await planOf(ctx, planId);
          const done =
            await sql`insert into executionPlan (orgId, executionId, nursingPlanId, createTime, updateTime, createBy)
            select ${ctx.user.orgId}, ${ctx.params.executionId}, ${planId}, ${nowStamp()}, ${nowStamp()}, ${ctx.user.userId}
            where not exists (select 1 from executionPlan where executionId = ${ctx.params.executionId} and nursingPlanId = ${planId})`.execute(
              ctx.db,
            );
          added += Number(done.numAffectedRows ?? 0);
        }
        ctx.describe(`执行组加入护理计划：${String(execution.executionName)}`);
        return { added };
      },
    }),
    route({
      method: 'DELETE',
      url: `${P.executionProject}/:executionId/:nursingPlanId`,
      auth: A.nursingEdit,
      summary: '从执行组移出护理计划',
      params: idsOf('executionId', 'nursingPlanId'),
      response: z.object({ deleted: z.number().int() }),
      log: { type: 'DELETE', name: '执行组移出护理计划' },
      async handler(ctx) {
        const execution = await loadExecution(ctx, ctx.params.executionId);
        const done = await sql`delete from executionPlan where executionId = ${ctx.params.executionId}
          and nursingPlanId = ${ctx.params.nursingPlanId}`.execute(ctx.db);
        const deleted = Number(done.numAffectedRows ?? 0);
        if (!deleted) invalid('该护理计划不在此执行组中');
        ctx.describe(`执行组移出护理计划：${String(execution.executionName)}`);
        return { deleted };
      },
    }),
  ];
}

/** The server's part of the plans screens of 护理计划 (spec 001 §7 "Care configuration"). */
export const carePlanServer: ServerModule = {
  resources: {
    [careProjectResource.name]: {
      hooks: {
        prepare: (_ctx, row, existing) => checkFrequency(row, existing),
        async beforeRemove(ctx, row) {
          const used = await sql<{ n: number }>`select
              (select count(*) from nursingPlanItem where projectId = ${Number(row.projectId)})
              + (select count(*) from levelProject where projectId = ${Number(row.projectId)}) as n`.execute(
            ctx.db,
          );
          if (Number(used.rows[0]?.n ?? 0) > 0)
            throw new ApiFailure(
              Code.conflict,
              `护理项目“${String(row.projectName)}”已用于护理计划或等级配置，不能删除，可改为停用`,
            );
        },
      },
    },
    [levelProjectResource.name]: {
      hooks: {
        async prepare(ctx, row, existing) {
          checkFrequency(row, existing);
          const levelId = Number(row.levelId ?? existing?.levelId);
          const projectId = Number(row.projectId ?? existing?.projectId);
          const clash =
            await sql`select 1 from levelProject where orgId = ${ctx.user.orgId} and levelId = ${levelId}
            and projectId = ${projectId} and configId != ${Number(existing?.configId ?? -1)}`.execute(ctx.db);
          if (clash.rows.length) throw new ApiFailure(Code.conflict, '该护理等级已配置此护理项目');
        },
      },
    },
    [nursingPlanResource.name]: {
      hooks: {
        async prepare(ctx, row, existing) {
          // an ended plan is refused by the definition's rowRules.edit before this
          const merged = { ...existing, ...row };
          if (merged.endDate && String(merged.endDate) < String(merged.startDate))
            invalid('结束日期不能早于开始日期');
          const elder = await elderOf(ctx, Number(merged.oldmanId));
          if (!existing && hasLeft(elder)) refuse(`长者${elder.oldmanName}已不在院，不能新建护理计划`);
          row.deptId = elder.deptId;
          ctx.requireDept(elder.deptId);
        },
        async afterChange(ctx, change) {
          if (change.action !== 'create') return;
          const [planId] = change.ids;
          // a new plan starts with the configuration of the elder's level (the profile's)
          const plan = await sql<{
            levelId: number | null;
            deptId: number;
          }>`select l.levelId, p.deptId from nursingPlan p join oldman o on o.oldmanId = p.oldmanId
            left join careLevel l on l.orgId = p.orgId and l.levelName = o.nursingLevel
            where p.planId = ${Number(planId)}`.execute(ctx.db);
          const row = plan.rows[0];
          if (row?.levelId) await copyLevelItems(ctx, Number(planId), row.levelId, row.deptId);
        },
        async beforeRemove(ctx, row) {
          // only a draft gets here (the definition's rowRules.remove)
          await sql`delete from nursingPlanItem where planId = ${Number(row.planId)}`.execute(ctx.db);
          await sql`delete from executionPlan where nursingPlanId = ${Number(row.planId)}`.execute(ctx.db);
        },
        async decorate(db, rows) {
          if (!rows.length) return;
          const counts = await sql<{
            planId: number;
            n: number;
          }>`select planId, count(*) as n from nursingPlanItem
            where planId in (${sql.join(rows.map((r) => Number(r.planId)))}) group by planId`.execute(db);
          const by = new Map(counts.rows.map((c) => [Number(c.planId), Number(c.n)]));
          for (const r of rows) r.itemCount = by.get(Number(r.planId)) ?? 0;
          // the elder's level as the profile has it now, and the day it took effect
          const elderIds = [...new Set(rows.map((r) => Number(r.oldmanId)))];
          const levels = await sql<{
            oldmanId: number;
            nursingLevel: string | null;
          }>`select oldmanId, nursingLevel
            from oldman where oldmanId in (${sql.join(elderIds)})`.execute(db);
          const levelOf = new Map(levels.rows.map((l) => [Number(l.oldmanId), l.nursingLevel ?? '']));
          const since = await levelSince(db, elderIds);
          for (const r of rows) {
            r.nursingLevel = levelOf.get(Number(r.oldmanId)) ?? '';
            r.levelSince = since.get(Number(r.oldmanId)) ?? null;
          }
        },
        // the elder's level changes with the profile (elderLevelChange is written with it)
        listReads: ['nursingPlanItem', 'oldman'],
      },
    },
    [nursingPlanItemResource.name]: {
      hooks: {
        async prepare(ctx, row, existing) {
          checkFrequency(row, existing);
          const plan = await planOf(ctx, Number(row.planId ?? existing?.planId));
          if (Number(plan.planStatus) === PlanStatus.ended) refuse('已结束的护理计划不能修改护理项目');
          row.deptId = Number(plan.deptId);
          if (existing) row.planId = existing.planId;
        },
        async afterChange(ctx, change) {
          if (change.action === 'remove') return;
          const found = await sql<{ planId: number; planStatus: number }>`select p.planId, p.planStatus
            from nursingPlanItem i join nursingPlan p on p.planId = i.planId where i.itemId = ${Number(change.ids[0])}`.execute(
            ctx.db,
          );
          const plan = found.rows[0];
          // an item added to a running plan gets its tasks today
          if (plan && Number(plan.planStatus) === PlanStatus.active)
            await tasksOfPlans(ctx, [Number(plan.planId)], today(ctx));
        },
        async beforeRemove(ctx, row) {
          await sql`update nursingTask set taskStatus = ${TaskStatus.cancelled}, reason = '计划项目已删除'
            where itemId = ${Number(row.itemId)} and taskStatus = ${TaskStatus.pending}`.execute(ctx.db);
        },
      },
    },
  },
  routes: () => [...planRoutes(), ...taskRoutes(), ...levelRoutes(), ...executionRoutes()],
};
