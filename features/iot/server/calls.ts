import { IotPaths as P } from '../../../domain/api/iot.js';
import { callModels } from '../../../domain/devices.js';
import { Authority } from '../../../domain/menus.js';
import { heldDeptIds } from '../../../server/http/deptScope.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery } from '../../../server/http/schemas.js';
import {
  callStatisticsAnswer,
  callStatisticsQuery,
  cleanCallsAnswer,
  cleanCallsInput,
  dealTypesAnswer,
  realtimeCallsAnswer,
} from '../api/calls.js';

/**
 * Nurse calls (spec 000 §7 "Mattress, calls and alarms"): deal types, the real-time board and the
 * day's statistics. The call-record lists and a call's deal type are the engine's
 * (features/iot/server/records.ts).
 */
export function iotCallRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.dealTypes,
      auth: Authority.iotCallRecord,
      summary: '呼叫处理方式',
      query: noQuery,
      response: dealTypesAnswer,
      handler: ({ db, user }) =>
        db
          .selectFrom('callDealType')
          .select(['dealType', 'dealTypeName'])
          .where('orgId', '=', user.orgId)
          .orderBy('dealType')
          .execute(),
    }),
    route({
      method: 'GET',
      url: P.realtimeCalls,
      auth: Authority.iotCallRecord,
      summary: '实时呼叫',
      query: noQuery,
      response: realtimeCallsAnswer,
      handler: ({ db, user }) =>
        db
          .selectFrom('callRecord')
          .selectAll()
          .where('orgId', '=', user.orgId)
          .where('deptId', 'in', heldDeptIds(user))
          .where('realtime', '=', 1)
          .orderBy('callTime')
          .execute(),
    }),
    route({
      method: 'POST',
      url: P.cleanCalls,
      auth: Authority.iotCallRecordClean,
      body: cleanCallsInput,
      response: cleanCallsAnswer,
      log: { type: 'UPDATE', name: '清除实时呼叫' },
      async handler({ db, user, body, describe }) {
        let q = db
          .updateTable('callRecord')
          .set({ realtime: 0 })
          .where('orgId', '=', user.orgId)
          .where('deptId', 'in', heldDeptIds(user))
          .where('realtime', '=', 1);
        if (body.callIds) q = q.where('callId', 'in', body.callIds.length ? body.callIds : [-1]);
        const result = await q.executeTakeFirst();
        describe(`清除实时呼叫 ${Number(result.numUpdatedRows)} 条`);
        return { count: Number(result.numUpdatedRows) };
      },
    }),
    /**
     * Dashboard call statistics (spec 001 "Dashboard"): calls since the start of the day (or `since`,
     * ms), how many were answered and how fast, and how many still wait; in the user's departments.
     */
    route({
      method: 'GET',
      url: P.callStatistics,
      auth: 'session',
      summary: '呼叫统计',
      query: callStatisticsQuery,
      response: callStatisticsAnswer,
      async handler({ db, user, services, query }) {
        const now = services.now();
        const midnight = new Date(now);
        midnight.setHours(0, 0, 0, 0);
        const since = query.since ?? midnight.getTime();
        const rows = await db
          .selectFrom('callRecord')
          .select(['model', 'callTime', 'answerTime', 'clearTime'])
          .where('orgId', '=', user.orgId)
          .where('deptId', 'in', heldDeptIds(user))
          .where('callTime', '>=', since)
          .execute();
        const answered = rows.filter((r) => r.answerTime !== null);
        const waits = answered.map((r) => (r.answerTime ?? 0) - r.callTime);
        return {
          since,
          total: rows.length,
          answered: answered.length,
          waiting: rows.filter((r) => r.answerTime === null && r.clearTime === null).length,
          averageAnswerSeconds: waits.length
            ? Math.round(waits.reduce((a, b) => a + b, 0) / waits.length / 1000)
            : null,
          byModel: Object.fromEntries(callModels.map((m) => [m, rows.filter((r) => r.model === m).length])),
        };
      },
    }),
  ];
}
