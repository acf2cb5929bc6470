import { AlarmStatus, alarmComment, alarmSources } from '../../../domain/alarms.js';
import { IotPaths as P } from '../../../domain/api/iot.js';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import { type AlarmEvent, alarmTransition } from '../../../machines/alarmMachine.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { Db } from '../../../server/db/index.js';
import { heldDeptIds } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, type RouteContext, route } from '../../../server/http/route.js';
import { idsOf, noQuery, noResult } from '../../../server/http/schemas.js';
import { type AlarmRow, storeTransition, toWire } from '../../../server/rules/alarms.js';
import {
  ackBatchAnswer,
  ackBatchInput,
  ackInput,
  alarmDetailAnswer,
  closeQuery,
  commentInput,
  countAnswer,
  handleBatchAnswer,
  handleBatchInput,
  handleInput,
  ignoreAllInput,
  scopedAlarm,
  unhandledAnswer,
  unhandledQuery,
} from '../api/alarms.js';

/** Which authority reads and which handles records of a source. */
const rights = {
  mattress: { read: Authority.iotAlarm, handle: Authority.iotAlarmHandle, remove: Authority.iotAlarmDelete },
  pnt: {
    read: Authority.iotLocateAlarm,
    handle: Authority.iotLocateAlarmHandle,
    remove: Authority.iotLocateAlarmDelete,
  },
} as const;

const visibleSources = (user: SessionUser) => alarmSources.filter((s) => user.authority.has(rights[s].read));

type Ctx = RouteContext<unknown, unknown, unknown, SessionUser>;

/** Loads a record the user may act on: own organisation, a data department of theirs, the right authority. */
async function ownRecord(ctx: Ctx, recordId: number, need: 'read' | 'handle' | 'remove'): Promise<AlarmRow> {
  const row = await ctx.db
    .selectFrom('alarmRecord')
    .selectAll()
    .where('recordId', '=', recordId)
    .where('orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!row) throw new ApiFailure(Code.notFound, '告警记录不存在');
  ctx.requireDept(row.deptId);
  const source = row.source as 'mattress' | 'pnt';
  if (!ctx.user.authority.has(rights[source][need])) throw new ApiFailure(Code.noAuthority);
  return row;
}

async function userName(db: Db, user: SessionUser) {
  const emp = await db.selectFrom('emp').select('empName').where('empId', '=', user.empId).executeTakeFirst();
  return emp?.empName ?? user.loginName;
}

/** Who does a lifecycle event, and when: the signed-in user, now. */
type Actor = Awaited<ReturnType<typeof actorOf>>;
async function actorOf(ctx: Ctx) {
  return { userId: ctx.user.userId, userName: await userName(ctx.db, ctx.user), at: ctx.services.now() };
}

/**
 * Applies a lifecycle event to a stored record after the alarm machine allowed it from the stored
 * state (rule 2: the server validates with the same machine the console runs), bumps the version
 * and publishes the change once the transaction committed.
 */
async function transition(ctx: Ctx, row: AlarmRow, event: AlarmEvent) {
  const result = alarmTransition(toWire(row), event);
  if (!result.ok) throw new ApiFailure(Code.conflict, result.reason);
  const updated = await storeTransition(ctx.db, row, result.next);
  // Someone else changed it between our read and write: refuse rather than overwrite.
  if (!updated) throw new ApiFailure(Code.conflict, '告警已被他人更新，请刷新后重试');
  ctx.describe(
    `${event.type} 告警 ${row.recordId}（${row.alarmTypeName}，${row.oldmanName ?? row.deviceName}）`,
  );
  ctx.afterCommit(() => ctx.services.hub.alarm(toWire(updated), false));
  return toWire(updated);
}

/**
 * One lifecycle event for each of a selection (确认所选, 忽略所选, 解除所选): each record as a single
 * call would take it (organisation, department, authority, the alarm machine), all in the request's
 * one transaction; a refused record changes nothing and is answered with its reason.
 */
async function eachRecord(ctx: Ctx, recordIds: readonly number[], event: (by: Actor) => AlarmEvent) {
  const by = await actorOf(ctx);
  const changed = [];
  const refused: { recordId: number; reason: string }[] = [];
  for (const recordId of new Set(recordIds)) {
    try {
      const row = await ownRecord(ctx, recordId, 'handle');
      changed.push(await transition(ctx, row, event(by)));
    } catch (e) {
      if (!(e instanceof ApiFailure)) throw e;
      refused.push({ recordId, reason: e.message });
    }
  }
  return { changed, refused };
}

/** Mattress and positioning alarm records (spec 000 §7 "Mattress, calls and alarms" and "Positioning"). */
export function alarmRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.unhandledAlarms,
      auth: `${Authority.iotAlarm}|${Authority.iotLocateAlarm}`,
      summary: '未处理的报警',
      /** since: also the records closed from then on, so a reconnecting console drops what others closed. */
      query: unhandledQuery,
      response: unhandledAnswer,
      async handler({ db, user, query }) {
        const sources = visibleSources(user);
        const since = query.since;
        const rows = await db
          .selectFrom('alarmRecord')
          .selectAll()
          .where('orgId', '=', user.orgId)
          .where((eb) =>
            since === undefined
              ? eb('status', '=', AlarmStatus.unhandled)
              : eb.or([eb('status', '=', AlarmStatus.unhandled), eb('handleTime', '>=', since)]),
          )
          .where('source', 'in', sources)
          .where('deptId', 'in', heldDeptIds(user))
          .orderBy('severity', 'desc')
          .orderBy('firstTime')
          .limit(1000)
          .execute();
        return rows.map((row) => {
          const { deptId: _scope, ...wire } = toWire(row);
          return wire;
        });
      },
    }),
    route({
      method: 'POST',
      url: P.alarmHandle,
      auth: `${Authority.iotAlarmHandle}|${Authority.iotLocateAlarmHandle}`,
      body: handleInput,
      response: scopedAlarm,
      log: { type: 'UPDATE', name: '处理告警' },
      async handler(ctx) {
        const row = await ownRecord(ctx, ctx.body.recordId, 'handle');
        const by = await actorOf(ctx);
        if (ctx.body.status === AlarmStatus.handled && !ctx.body.handleNote)
          throw new ApiFailure(Code.invalidInput, '请填写处理说明');
        return transition(
          ctx,
          row,
          ctx.body.status === AlarmStatus.handled
            ? { type: 'alarm.handle', ...by, note: ctx.body.handleNote ?? '' }
            : { type: 'alarm.ignore', ...by, reason: ctx.body.handleNote ?? '' },
        );
      },
    }),
    route({
      method: 'GET',
      url: P.alarmDetail,
      auth: `${Authority.iotAlarm}|${Authority.iotLocateAlarm}`,
      summary: '报警处理详情',
      params: idsOf('recordId'),
      query: noQuery,
      response: alarmDetailAnswer,
      async handler(ctx) {
        const row = await ownRecord(ctx, ctx.params.recordId, 'read');
        const comments = await ctx.db
          .selectFrom('alarmComment')
          .selectAll()
          .where('recordId', '=', row.recordId)
          .orderBy('commentId')
          .execute();
        return { ...toWire(row), comments };
      },
    }),
    route({
      method: 'DELETE',
      url: P.alarmRemove,
      auth: `${Authority.iotAlarmDelete}|${Authority.iotLocateAlarmDelete}`,
      params: idsOf('recordId'),
      response: noResult,
      log: { type: 'DELETE', name: '删除告警' },
      async handler(ctx) {
        const row = await ownRecord(ctx, ctx.params.recordId, 'remove');
        if (row.status === AlarmStatus.unhandled) throw new ApiFailure(Code.conflict, '未处理的告警不能删除');
        await ctx.db.deleteFrom('alarmRecord').where('recordId', '=', row.recordId).execute();
        ctx.describe(`删除告警 ${row.recordId}（${row.alarmTypeName}）`);
        return null;
      },
    }),
    route({
      method: 'POST',
      url: P.alarmIgnoreAll,
      auth: Authority.iotLocateAlarmHandle,
      body: ignoreAllInput,
      response: countAnswer,
      log: { type: 'UPDATE', name: '一键忽略告警' },
      async handler(ctx) {
        let q = ctx.db
          .selectFrom('alarmRecord')
          .selectAll()
          .where('orgId', '=', ctx.user.orgId)
          .where('source', '=', 'pnt')
          .where('status', '=', AlarmStatus.unhandled)
          .where('deptId', 'in', heldDeptIds(ctx.user));
        if (ctx.body.recordIds)
          q = q.where('recordId', 'in', ctx.body.recordIds.length ? ctx.body.recordIds : [-1]);
        const rows = await q.execute();
        const by = await actorOf(ctx);
        for (const row of rows) await transition(ctx, row, { type: 'alarm.ignore', ...by });
        ctx.describe(`一键忽略 ${rows.length} 条定位告警`);
        return { count: rows.length };
      },
    }),
    route({
      method: 'DELETE',
      url: P.alarmClose,
      auth: `${Authority.iotAlarmHandle}|${Authority.iotLocateAlarmHandle}`,
      query: closeQuery,
      response: scopedAlarm,
      log: { type: 'UPDATE', name: '解除设备告警' },
      async handler(ctx) {
        const row = await ownRecord(ctx, ctx.query.recordId, 'handle');
        const by = await actorOf(ctx);
        return transition(ctx, row, { type: 'alarm.release', ...by });
      },
    }),
    // Beyond the spec, for control rooms: acknowledge (stops the sound) and comments.
    route({
      method: 'POST',
      url: P.alarmAck,
      auth: `${Authority.iotAlarmHandle}|${Authority.iotLocateAlarmHandle}`,
      body: ackInput,
      response: scopedAlarm,
      log: { type: 'UPDATE', name: '确认告警' },
      async handler(ctx) {
        const row = await ownRecord(ctx, ctx.body.recordId, 'handle');
        const by = await actorOf(ctx);
        return transition(ctx, row, { type: 'alarm.ack', ...by });
      },
    }),
    route({
      method: 'POST',
      url: P.alarmAckBatch,
      auth: `${Authority.iotAlarmHandle}|${Authority.iotLocateAlarmHandle}`,
      body: ackBatchInput,
      response: ackBatchAnswer,
      log: { type: 'UPDATE', name: '批量确认告警' },
      /** 确认所选: the acknowledged are pushed once committed, the refused named (eachRecord). */
      async handler(ctx) {
        const { changed: acknowledged, refused } = await eachRecord(ctx, ctx.body.recordIds, (by) => ({
          type: 'alarm.ack',
          ...by,
        }));
        ctx.describe(
          `批量确认告警 ${acknowledged.length} 条${refused.length ? `，${refused.length} 条未确认` : ''}`,
        );
        return { acknowledged, refused };
      },
    }),
    route({
      method: 'POST',
      url: P.alarmHandleBatch,
      auth: `${Authority.iotAlarmHandle}|${Authority.iotLocateAlarmHandle}`,
      body: handleBatchInput,
      response: handleBatchAnswer,
      log: { type: 'UPDATE', name: '批量忽略或解除告警' },
      /** 忽略所选 (one reason) or 解除所选, as 确认所选 (eachRecord). */
      async handler(ctx) {
        const reason = ctx.body.reason ?? '';
        const { changed: done, refused } = await eachRecord(ctx, ctx.body.recordIds, (by) =>
          ctx.body.action === 'ignore'
            ? { type: 'alarm.ignore', ...by, reason }
            : { type: 'alarm.release', ...by },
        );
        const verb = ctx.body.action === 'ignore' ? '忽略' : '解除';
        ctx.describe(
          `批量${verb}告警 ${done.length} 条${refused.length ? `，${refused.length} 条未${verb}` : ''}${reason ? `：${reason}` : ''}`,
        );
        return { done, refused };
      },
    }),
    route({
      method: 'POST',
      url: P.alarmComment,
      auth: `${Authority.iotAlarmHandle}|${Authority.iotLocateAlarmHandle}`,
      body: commentInput,
      response: alarmComment,
      log: { type: 'ADD', name: '告警备注' },
      async handler(ctx) {
        const row = await ownRecord(ctx, ctx.body.recordId, 'handle');
        const name = await userName(ctx.db, ctx.user);
        const comment = await ctx.db
          .insertInto('alarmComment')
          .values({
            recordId: row.recordId,
            userId: ctx.user.userId,
            userName: name,
            content: ctx.body.content,
            createTime: ctx.services.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        ctx.describe(`告警 ${row.recordId} 备注`);
        return comment;
      },
    }),
  ];
}
