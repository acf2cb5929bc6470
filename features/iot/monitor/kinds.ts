import { MattressAlarmType } from '../../../domain/alarms.js';
import { IotPaths } from '../../../domain/api/iot.js';
import { pathWith } from '../../../domain/http.js';
import { monitorScreens, personalPath } from '../../../domain/screens.js';

/** Spec 000 §7: GET /pims/web-org/mattressMonitor/1..4 — heart rate at rest, breathing, in-bed, turn-over. */
export type MonitorKind = 1 | 2 | 3 | 4;
/** Series of GET /tams/web-org/healthRecord/{oldmanId}/{series}/statistics. */
export type SeriesName = 'heartbeat' | 'breath' | 'bed' | 'roll';

interface MonitorKindDef {
  kind: MonitorKind;
  /** Spec 001 /yunmuIot route of the monitor. */
  path: string;
  /** The personal view of one elder (query oldmanId). */
  personalPath: string;
  title: string;
  series: SeriesName;
  /** The mattress alarm type the rules engine raises for this vital (spec 000 §3 types 1–5). */
  alarmType: string;
  /** Header of the current reading's column. */
  currentLabel: string;
  /** What the 24-hour figure of GET mattressMonitor/{kind} (`value`) is. */
  dayValueLabel: string;
}

export const monitorKinds: Record<MonitorKind, MonitorKindDef> = {
  1: {
    kind: 1,
    path: monitorScreens[0].path,
    personalPath: personalPath(monitorScreens[0].path),
    title: '静息心率',
    currentLabel: '当前心率',
    series: 'heartbeat',
    alarmType: String(MattressAlarmType.heartRate),
    dayValueLabel: '24小时平均',
  },
  2: {
    kind: 2,
    path: monitorScreens[1].path,
    personalPath: personalPath(monitorScreens[1].path),
    title: '呼吸监测',
    currentLabel: '当前呼吸',
    series: 'breath',
    alarmType: String(MattressAlarmType.breathing),
    dayValueLabel: '24小时平均',
  },
  3: {
    kind: 3,
    path: monitorScreens[2].path,
    personalPath: personalPath(monitorScreens[2].path),
    title: '在床监测',
    currentLabel: '在床状态',
    series: 'bed',
    alarmType: String(MattressAlarmType.outOfBed),
    dayValueLabel: '24小时在床率',
  },
  4: {
    kind: 4,
    path: monitorScreens[3].path,
    personalPath: personalPath(monitorScreens[3].path),
    title: '翻身监测',
    currentLabel: '最近体动',
    series: 'roll',
    alarmType: String(MattressAlarmType.bodyMovement),
    dayValueLabel: '24小时体动次数',
  },
};
export const monitorKindList = Object.values(monitorKinds);

export const monitorUrl = (kind: MonitorKind) => pathWith(IotPaths.mattressMonitor, { kind });
export const statisticsUrl = (oldmanId: number, series: SeriesName) =>
  pathWith(IotPaths.healthStatistics, { oldmanId, series });
export const withElder = (path: string, oldmanId: number) => `${path}?oldmanId=${oldmanId}`;
/** The elder of a personal view: ?oldmanId= of the address, a positive integer or nothing. */
export function elderOfQuery(query: Record<string, string>): number | null {
  const id = Number(query.oldmanId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The simulator and the YM-M1 mattress send vitals every 5 s: polling faster shows nothing new. */
export const MONITOR_POLL_MS = 5_000;
/** Vitals older than this (twelve missed samples) are shown as interrupted, not as current. */
export const VITALS_STALE_MS = 60_000;

export const seriesUnit: Record<SeriesName, string> = {
  heartbeat: '次/分',
  breath: '次/分',
  bed: '',
  roll: '次',
};
export const seriesTitle: Record<SeriesName, string> = {
  heartbeat: '心率',
  breath: '呼吸',
  bed: '在床',
  roll: '体动（翻身）',
};
