import type { AlarmRecord } from '../../../domain/alarms.js';
import { byPlace, deviceStatus, type MonitorRow, type RowStatus } from './rows.js';

/**
 * How a card looks: by the severity of its open alarm (critical, high, normal), else out on an
 * outing, out of bed, no current data (offline, none yet, interrupted), or fine.
 */
type CardTone = 'critical' | 'high' | 'normal' | 'outing' | 'away' | 'silent' | 'ok';
const severityTone: Record<number, CardTone> = { 3: 'critical', 2: 'high', 1: 'normal' };
export const toneName: Record<CardTone, string> = {
  critical: '紧急告警',
  high: '重要告警',
  normal: '一般告警',
  outing: '外出中',
  away: '离床',
  silent: '无数据',
  ok: '正常',
};

export interface BedCard {
  row: MonitorRow;
  tone: CardTone;
  /** The most severe, then oldest, open alarm of the bed, its mattress or its elder. */
  alarm: AlarmRecord | null;
  /** Names of the card's other open alarm types (the nurse sees everything waiting at the bed). */
  others: string[];
  /** Unacknowledged: the card blinks until somebody acknowledges. */
  unacked: boolean;
  heartRate: number | null;
  breathRate: number | null;
  /** null when the mattress says nothing current (offline, no data, interrupted). */
  inBed: boolean | null;
  /** What the mattress itself says, alarms aside. */
  status: Exclude<RowStatus, 'alarm'>;
}

const concerns = (row: MonitorRow) => (a: AlarmRecord) =>
  a.deviceId === row.deviceId ||
  (a.bedId !== null && a.bedId === row.bedId) ||
  (a.oldmanId !== null && a.oldmanId === row.oldmanId);

/**
 * One card per bed with a mattress. An alarm belongs to a card when it is on the mattress, on the
 * bed, or about the elder (an SOS from their watch shows on their bed too). `openAlarms` comes
 * from the alarm store, already most severe and oldest first.
 */
export function bedCards(rows: readonly MonitorRow[], openAlarms: readonly AlarmRecord[], now: number) {
  return rows.map((row): BedCard => {
    const mine = openAlarms.filter(concerns(row));
    const alarm = mine[0] ?? null;
    // Kind 1 only for the live part: offline, none yet, interrupted, out of bed.
    const status = deviceStatus(1, row, now);
    const live = status === 'normal' || status === 'outOfBed';
    const inBed = live ? row.vitals?.inBed === 1 : null;
    return {
      row,
      tone: alarm
        ? (severityTone[alarm.severity] ?? 'normal')
        : row.outing === 1
          ? 'outing'
          : !live
            ? 'silent'
            : inBed
              ? 'ok'
              : 'away',
      alarm,
      others: [...new Set(mine.map((a) => a.alarmTypeName))].filter((name) => name !== alarm?.alarmTypeName),
      unacked: mine.some((a) => a.ackTime === null),
      heartRate: inBed && row.vitals ? row.vitals.heartRate : null,
      breathRate: inBed && row.vitals ? row.vitals.breathRate : null,
      inBed,
      status,
    };
  });
}

const toneRank: Record<CardTone, number> = {
  critical: 0,
  high: 1,
  normal: 2,
  away: 3,
  outing: 4,
  silent: 5,
  ok: 6,
};

/** Place order (a bed keeps its spot on the wall), or alarms first: most severe, then longest waiting. */
export function orderCards(cards: readonly BedCard[], alarmsFirst: boolean): BedCard[] {
  const sorted = [...cards].sort((a, b) => byPlace(a.row, b.row));
  if (!alarmsFirst) return sorted;
  return sorted.sort(
    (a, b) =>
      toneRank[a.tone] - toneRank[b.tone] || (a.alarm && b.alarm ? a.alarm.firstTime - b.alarm.firstTime : 0),
  );
}

export function cardCounts(cards: readonly BedCard[]) {
  return {
    beds: cards.length,
    alarms: cards.filter((c) => c.alarm !== null).length,
    away: cards.filter((c) => c.tone === 'away').length,
    silent: cards.filter((c) => c.tone === 'silent').length,
  };
}
