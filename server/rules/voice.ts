import type { FastifyBaseLogger } from 'fastify';
import type { AlarmRecord } from '../../domain/alarms.js';
import { readConfig } from '../config.js';
import type { Db } from '../db/index.js';
import type { VoiceCaller } from '../services.js';

/** The words read to the phones: who, where, what. */
export const voiceText = (a: AlarmRecord) =>
  `${a.oldmanName ?? a.deviceName}${a.roomName ? `，${a.roomName}${a.bedName ? ` ${a.bedName}` : ''}` : ''}，${a.alarmTypeName}，请尽快处理`;

/**
 * A new alarm of a scene the organisation chose rings its phones (aliVmsConfig). Called after the
 * record is stored; a failing call is logged and never affects the alarm.
 */
export async function ringForAlarm(db: Db, caller: VoiceCaller, log: FastifyBaseLogger, alarm: AlarmRecord) {
  try {
    const c = await readConfig(db, alarm.orgId, 'aliVmsConfig');
    if (c.status !== 1 || c.phones.length === 0) return false;
    if (!c.scenes.includes(`${alarm.source}:${alarm.alarmType}`)) return false;
    await caller.call({
      phones: c.phones,
      ttsCode: c.ttsCode,
      calledShowNumber: c.calledShowNumber,
      text: voiceText(alarm),
    });
    return true;
  } catch (error) {
    log.error({ err: error, recordId: alarm.recordId }, 'voice notification failed');
    return false;
  }
}
