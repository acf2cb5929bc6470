import { sql } from 'kysely';
import {
  QualityAuthority as A,
  ADVERSE_ALARM_TYPE,
  AdverseStatus,
  isSerious,
  QualityPaths as P,
} from '../../../domain/api/quality.js';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import {
  adverseCloseForm,
  adverseEventResource,
  adverseFollowResource,
  adverseRectifyForm,
} from '../../../domain/modules/administration/qualityAdverse.js';
import { adverseEventEvents, adverseEventWorkflow } from '../../../machines/adverseEventMachine.js';
import { offers } from '../../../machines/workflow.js';
import { elderDept } from '../../http/deptScope.js';
import type { AnyRoute } from '../../http/route.js';
import type { Ctx, ResourceHooks, Row } from '../../resources/engine.js';
import { raiseAlarmIn } from '../../rules/alarms.js';
import type { ServerResource } from '../types.js';
import { elderInHouse, notAfterNow, refuse, stepRoute, userName } from './qualitySteps.js';

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

const eventHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
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
  // whether it may go is the definition's row rule (adverseEventResource.rowRules), checked first
  async beforeRemove(ctx, row) {
    await sql`delete from qualityAdverseFollow where eventId = ${Number(row.eventId)}`.execute(ctx.db);
  },
};

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
    }),
  ];
}
