import type { z } from 'zod';
import { IotPaths as P } from '../../../domain/api/iot.js';
import type { ConfigEntries } from '../../../domain/configEntries.js';
import { alarmSettingInput, callSetBaseInput, callVoiceInput } from '../../../domain/iot.js';
import { Authority } from '../../../domain/menus.js';
import { readConfig, writeConfig } from '../../../server/config.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery, noResult } from '../../../server/http/schemas.js';

type SettingKey = 'callSetBase' | 'callVoice' | 'alarmSetting';

/** One stored setting read and replaced on one path: the same schema checks what is sent and answered. */
function settingRoutes<K extends SettingKey>(
  url: string,
  key: K,
  schema: z.ZodType<ConfigEntries[K]>,
  name: string,
): AnyRoute[] {
  const auth = key === 'alarmSetting' ? Authority.iotAlarmSetting : Authority.iotCallSetting;
  return [
    route({
      method: 'GET',
      url,
      auth,
      summary: name,
      query: noQuery,
      response: schema,
      handler: ({ db, user }) => readConfig(db, user.orgId, key),
    }),
    route({
      method: 'PUT',
      url,
      auth,
      body: schema,
      response: noResult,
      log: { type: 'UPDATE', name },
      async handler({ db, user, body }) {
        await writeConfig(db, user.orgId, key, body);
        return null;
      },
    }),
  ];
}

/** Call and alarm settings (spec 000 §7 "Mattress, calls and alarms": callSetBase, callVoice; positioning alarm setting). */
export const iotSettingRoutes = (): AnyRoute[] => [
  ...settingRoutes(P.callSetBase, 'callSetBase', callSetBaseInput, '呼叫基础设置'),
  ...settingRoutes(P.callVoice, 'callVoice', callVoiceInput, '呼叫语音设置'),
  ...settingRoutes(P.alarmSetting, 'alarmSetting', alarmSettingInput, '告警设置'),
];
