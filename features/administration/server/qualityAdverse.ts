import { sql } from 'kysely';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { AdverseStatus } from '../../../domain/statuses/quality.js';
import { adverseEventEvents, adverseEventWorkflow } from '../../../machines/adverseEventMachine.js';
import { offers } from '../../../machines/workflow.js';
import { elderDept } from '../../../server/http/deptScope.js';
import type { AnyRoute } from '../../../server/http/route.js';
import type { ServerResource } from '../../../server/modules/types.js';
import type { Ctx, ResourceHooks, Row } from '../../../server/resources/engine.js';
import { raiseAlarmIn } from '../../../server/rules/alarms.js';
import { QualityAuthority as A, ADVERSE_ALARM_TYPE, isSerious, QualityPaths as P } from '../api/quality.js';
import {
  adverseCloseForm,
  adverseEventResource,
  adverseFollowResource,
  adverseRectifyForm,
} from '../resources/qualityAdverse.js';
import {
  departmentHeads,
  elderInHouse,
  logStep,
  notAfterNow,
  refuse,
  sendBell,
  stepRoute,
  userName,
} from './qualitySteps.js';

/**
 * A serious event (重度伤害, 死亡) raises an alarm of 告警中心 for the elder (source pnt, type
 * adverse.serious, severity 3): management sees it live and must handle it there.
 */
async function raiseSeriousAlarm(ctx: Ctx, row: Row) {
  const elder = await sql<{
    oldmanName: string;
    deptId: number;
    bedId: number | null;
    bedName: string | null;
    roomName: string | null;
    buildingId: number | null;
  }>`select o.oldmanName, o.deptId, o.bedId, b.bedName, r.roomName, f.buildingId
    from oldman o left join bed b on b.bedId = o.bedId left join room r on r.roomId = b.roomId
      left join floor f on f.floorId = r.floorId
    where o.oldmanId = ${Number(row.oldmanId)}`.execute(ctx.db);
  const e = elder.rows[0];
  if (!e) return;
  const { services } = ctx;
  const content = `${dictLabel('adverseEventType', Number(row.eventType))}（${dictLabel(
    'adverseSeverity',
    Number(row.severity),
  )}）：${String(row.place)}，${String(row.description).slice(0, 80)}`;
  const { record, created } = await raiseAlarmIn(
    ctx.db,
    {
      orgId: ctx.user.orgId,
      deptId: e.deptId,
      deviceId: null,
      deviceCode: '',
      deviceName: '不良事件上报',
      oldmanId: Number(row.oldmanId),
      oldmanName: e.oldmanName,
      bedId: e.bedId,
      bedName: e.bedName,
      roomName: e.roomName,
      buildingId: e.buildingId,
      floorNo: null,
    },
    { source: 'pnt', alarmType: ADVERSE_ALARM_TYPE, content, at: services.now() },
  );
  ctx.afterCommit(() => {
    services.hub.alarm(record, created);
    if (created) services.rules.onAlarmCreated?.(record);
  });
}

/** Requests that edit the record through its form (prepare): every other update is 开始调查. */
const edited = new WeakSet<Ctx>();

const eventHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    edited.add(ctx);
    if (existing && !offers(adverseEventWorkflow, existing, 'adverse.edit'))
      refuse('不良事件已结案，不能修改');
    const merged = { ...existing, ...row };
    row.deptId = await elderDept(ctx, Number(merged.oldmanId));
    notAfterNow(ctx, row.eventTime, '发生时间');
    // An event is reported for someone in the home's care; an earlier report keeps its elder.
    const elderChanged = !existing || Number(existing.oldmanId) !== Number(merged.oldmanId);
    const elder = await elderInHouse(ctx, Number(merged.oldmanId), elderChanged ? '上报不良事件' : null);
    row.eventTitle = `${dictLabel('adverseEventType', Number(merged.eventType))}·${elder?.oldmanName ?? ''}`;
    if (!existing) {
      row.reporterName = await userName(ctx.db, ctx.user);
      row.reportTime = localDateTime(ctx.services.now());
    }
    if (isSerious(merged.severity) && !(existing && isSerious(existing.severity)))
      await raiseSeriousAlarm(ctx, merged);
  },
  // a new report reaches the department's head; 开始调查 (a plain action) writes its log row
  async afterChange(ctx, change) {
    const [eventId] = change.ids;
    if (eventId === undefined || change.action === 'remove') return;
    const event = (
      await sql<Row>`select * from qualityAdverseEvent where eventId = ${eventId}`.execute(ctx.db)
    ).rows[0];
    if (!event) return;
    if (change.action === 'create') await tellHeads(ctx, event);
    else if (!edited.has(ctx) && Number(event.eventStatus) === AdverseStatus.investigating)
      await logAdverseStep(ctx, event, 'adverse.investigate', '开始调查');
  },
  // whether it may go is the definition's row rule (adverseEventResource.rowRules), checked first
  async beforeRemove(ctx, row) {
    await sql`delete from qualityAdverseFollow where eventId = ${Number(row.eventId)}`.execute(ctx.db);
  },
};

/** adverseFollowType of each step's log row (调查, 整改, 结案). */
const STEP_FOLLOW_TYPE: Record<string, number> = {
  'adverse.investigate': 1,
  'adverse.rectify': 2,
  'adverse.close': 4,
};

/** One row of 调查与整改记录 for a step of the workflow (qualitySteps.ts logStep), of its kind. */
const logAdverseStep = (ctx: Ctx, event: Row, step: keyof typeof STEP_FOLLOW_TYPE, content: string) =>
  logStep(ctx, {
    table: 'qualityAdverseFollow',
    owner: ['eventId', Number(event.eventId)],
    step,
    content,
    columns: { deptId: Number(event.deptId), followType: STEP_FOLLOW_TYPE[step] ?? 1 },
  });

/** The bell message telling the department's head of a new report (departmentHeads). */
async function tellHeads(ctx: Ctx, event: Row) {
  const heads = await departmentHeads(ctx, Number(event.deptId), A.adverseClose);
  const dept = await sql<{
    deptName: string;
  }>`select deptName from dept where deptId = ${Number(event.deptId)}`.execute(ctx.db);
  const title = `不良事件上报：${String(event.eventTitle)}（${dictLabel('adverseSeverity', Number(event.severity))}）`;
  const content = [
    `${dept.rows[0]?.deptName ?? ''} ${String(event.eventTime)} 于${String(event.place)}发生${String(event.eventTitle)}。`,
    `上报人：${String(event.reporterName ?? '')}`,
    `事件经过：${String(event.description)}`,
    `即时处置：${String(event.measures)}`,
    '请到 行政管理 › 不良事件 开始调查并结案。',
  ].join('\n');
  await sendBell(ctx, heads, title, content);
}

async function eventOf(ctx: Ctx, eventId: number) {
  const found = await sql<Row>`select * from qualityAdverseEvent
    where eventId = ${eventId} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const event = found.rows[0];
  if (!event) return refuse('不良事件不存在', Code.invalidInput);
  ctx.requireDept(Number(event.deptId));
  return event;
}

const followHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    const event = await eventOf(ctx, Number(existing?.eventId ?? row.eventId));
    if (!offers(adverseEventWorkflow, event, 'adverse.follow'))
      refuse(
        `当前状态为${adverseEventWorkflow.stateName(event)}，不能${adverseEventEvents['adverse.follow'].label}`,
      );
    row.deptId = event.deptId;
    notAfterNow(ctx, row.followTime, '记录时间');
    if (!existing) row.followBy = await userName(ctx.db, ctx.user);
  },
  async beforeRemove(ctx, row) {
    if (row.step) refuse('流程步骤的记录不能删除');
    const event = await eventOf(ctx, Number(row.eventId));
    if (Number(event.eventStatus) === AdverseStatus.closed) refuse('不良事件已结案，跟进记录不能删除');
  },
};

export const adverseServerResources: Record<string, ServerResource> = {
  [adverseEventResource.name]: { hooks: eventHooks },
  [adverseFollowResource.name]: { hooks: followHooks },
};

/** 提交整改 and 结案: the steps that carry a form. */
export function adverseRoutes(): AnyRoute[] {
  return [
    stepRoute({
      def: adverseEventResource,
      workflow: adverseEventWorkflow,
      form: adverseRectifyForm,
      path: P.adverseRectify,
      auth: A.adverseInvestigate,
      label: adverseEventEvents['adverse.rectify'].label,
      event: (_row, body) => ({ type: 'adverse.rectify', cause: Boolean(body.causeAnalysis) }),
      write: (_ctx, _row, body) => ({
        causeAnalysis: body.causeAnalysis,
        rectifyMeasures: body.rectifyMeasures,
      }),
      after: (ctx, row, body) =>
        logAdverseStep(
          ctx,
          row,
          'adverse.rectify',
          `提交整改。原因分析：${String(body.causeAnalysis)}；整改措施：${String(body.rectifyMeasures)}`,
        ),
    }),
    stepRoute({
      def: adverseEventResource,
      workflow: adverseEventWorkflow,
      form: adverseCloseForm,
      path: P.adverseClose,
      auth: A.adverseClose,
      label: adverseEventEvents['adverse.close'].label,
      event: (_row, body) => ({ type: 'adverse.close', cause: Boolean(body.causeAnalysis) }),
      write: async (ctx, _row, body) => ({
        causeAnalysis: body.causeAnalysis,
        conclusion: body.conclusion,
        closedBy: await userName(ctx.db, ctx.user),
        closeTime: localDateTime(ctx.services.now()),
      }),
      after: (ctx, row, body) =>
        logAdverseStep(
          ctx,
          row,
          'adverse.close',
          `结案。原因分析：${String(body.causeAnalysis)}；结案结论：${String(body.conclusion)}`,
        ),
    }),
  ];
}
