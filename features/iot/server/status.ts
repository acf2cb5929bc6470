import { IotPaths as P } from '../../../domain/api/iot.js';
import { Authority } from '../../../domain/menus.js';
import type { ExternalBridge } from '../../../server/broker/external.js';
import type { Bridge } from '../../../server/broker/index.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery } from '../../../server/http/schemas.js';
import { realtimeStatusAnswer } from '../api/monitors.js';

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
      url: P.realtimeStatus,
      auth: `${Authority.iotAlarm}|${Authority.iotLocateAlarm}`,
      summary: '实时链路状态',
      query: noQuery,
      response: realtimeStatusAnswer,
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
  ];
}
