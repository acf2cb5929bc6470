import type { AlarmRecord } from '../../../domain/alarms.js';
import type { Vitals } from '../../../domain/devices.js';
import type { MonitorRow } from './rows.js';

/** Test builders: a mattress row and an open alarm with plausible defaults. */
export const NOW = Date.UTC(2026, 2, 14, 2, 30);

export const makeVitals = (over: Partial<Vitals> = {}): Vitals => ({
  ts: NOW - 3_000,
  heartRate: 72,
  breathRate: 16,
  inBed: 1,
  movement: 2,
  urineWet: 0,
  ...over,
});

export const makeRow = (over: Partial<MonitorRow> = {}): MonitorRow => ({
  deviceId: 1,
  deviceName: '床垫1',
  oldmanId: 11,
  oldmanName: '张秀兰',
  bedId: 101,
  bedName: '1床',
  roomName: '201室',
  buildingId: 1,
  buildingName: '1号楼',
  floorNo: 2,
  floorName: '2层',
  online: 1,
  lastSeen: NOW - 3_000,
  state: 'online',
  vitals: makeVitals(),
  value: 70,
  ...over,
});

export const makeAlarm = (over: Partial<AlarmRecord> = {}): AlarmRecord => ({
  recordId: 1,
  orgId: 1,
  source: 'mattress',
  alarmType: '4',
  alarmTypeName: '心率报警',
  severity: 3,
  deviceId: 1,
  deviceCode: 'O1M0001',
  deviceName: '床垫1',
  oldmanId: 11,
  oldmanName: '张秀兰',
  bedId: 101,
  bedName: '1床',
  roomName: '201室',
  buildingId: null,
  floorNo: null,
  lng: null,
  lat: null,
  content: '心率 130 次/分，超出 45~120',
  status: 0,
  count: 1,
  firstTime: NOW - 65_000,
  lastTime: NOW - 5_000,
  ackBy: null,
  ackName: null,
  ackTime: null,
  escalated: false,
  handlerId: null,
  handlerName: null,
  handleTime: null,
  handleNote: null,
  version: 1,
  ...over,
});
