import { z } from 'zod';
import { Authority } from '../../../domain/menus.js';
import type { ExternalBridge } from '../../broker/external.js';
import type { Bridge } from '../../broker/index.js';
import { heldDeptIds } from '../../http/deptScope.js';
import { type AnyRoute, route } from '../../http/route.js';

/** The external broker link when MQTT_URL is set (fanoutBridge carries it). */
const externalOf = (bridge: Bridge): ExternalBridge | null =>
  'external' in bridge ? (bridge as Bridge & { external: ExternalBridge }).external : null;

/**
 * GET /tdms/web-org/realtime/status: the live pipeline as the control room and the benchmark see it:
 * messages the rules engine took or refused, alarms it raised, connected push and MQTT clients.
 * Counts are of this server process since it started (they are not per organisation).
 */
export function iotStatusRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/tdms/web-org/realtime/status',
      auth: `${Authority.iotAlarm}|${Authority.iotLocateAlarm}`,
      handler: async ({ services }) => ({
        uptimeSeconds: Math.round(process.uptime()),
        rules: { ...services.rules.counters },
        pushClients: services.hub.clients.size,
        brokerClients: services.bridge.connectedClients(),
        externalBroker: ((external) =>
          external ? { connected: external.connected(), ...external.counters } : null)(
          externalOf(services.bridge),
        ),
      }),
    }),
    /**
     * Dashboard call statistics (spec 001 "Dashboard"): calls since the start of the day (or `since`,
     * ms), how many were answered and how fast, and how many still wait; in the user's departments.
     */
    route({
      method: 'GET',
      url: '/ecms/web-org/callrecords/statistics',
      auth: 'session',
      query: z.object({ since: z.coerce.number().int().nonnegative().optional() }),
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
          byModel: Object.fromEntries(
            ['R6', 'R7', 'A10'].map((m) => [m, rows.filter((r) => r.model === m).length]),
          ),
        };
      },
    }),
  ];
}
