import { type AlarmSource, mattressAlarmTypeName } from '../../domain/alarms.js';
import type { DeviceKind, Vitals } from '../../domain/devices.js';
import { type LngLat, pointInRing, type Ring } from '../../domain/floorPlan.js';

/**
 * Pure rule evaluation: each function takes the device's episode state and a sample and says which
 * alarms fire. An alarm fires once per episode (the condition becoming true and lasting its
 * duration); it can fire again only after the condition cleared.
 */
export interface Episodes {
  /** When the condition of a rule key started being true. */
  since: Map<string, number>;
  /** Rule keys that already fired in the current episode. */
  fired: Set<string>;
}
export const newEpisodes = (): Episodes => ({ since: new Map(), fired: new Set() });

export interface MattressRule {
  ruleId: number;
  alarmType: number;
  /** 0 on, 1 off (spec 000 §3 "alarm rule status"). */
  status: number;
  minValue: number | null;
  maxValue: number | null;
  durationSeconds: number;
  startTime: string;
  endTime: string;
}

export interface Firing {
  ruleId: number;
  alarmType: string;
  content: string;
}

/** 'HH:mm' → minutes since midnight; '24:00' is the end of the day. */
export const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Minutes since midnight of a local time. */
const minuteOfDay = (at: Date) => at.getHours() * 60 + at.getMinutes();

/** Whether minute `t` of the day falls in [s, e); a window whose end is before its start wraps midnight. */
const inMinutes = (s: number, e: number, t: number) =>
  s === e ? true : s < e ? t >= s && t < e : t >= s || t < e;

/** Whether a time of day falls in [start, end); a window whose end is before its start wraps midnight. */
export function inWindow(start: string, end: string, at: Date): boolean {
  return inMinutes(minutesOf(start), minutesOf(end), minuteOfDay(at));
}

function episode(ep: Episodes, key: string, condition: boolean, at: number, durationMs: number): boolean {
  if (!condition) {
    if (ep.since.delete(key)) ep.fired.delete(key);
    return false;
  }
  const since = ep.since.get(key);
  if (since === undefined) ep.since.set(key, at);
  if (ep.fired.has(key) || at - (since ?? at) < durationMs) return false;
  ep.fired.add(key);
  return true;
}

const outside = (value: number, rule: MattressRule) =>
  (rule.minValue !== null && value < rule.minValue) || (rule.maxValue !== null && value > rule.maxValue);

/**
 * What a mattress rule needs on every sample, worked out once per rule: its episode key and its window in
 * minutes. Every device's every sample (thousands a second) runs the rules; the engine reloads rules as
 * new objects, so a rule changed on screen is prepared again.
 */
const preparedRules = new WeakMap<MattressRule, { key: string; start: number; end: number }>();
function prepared(rule: MattressRule) {
  let p = preparedRules.get(rule);
  if (!p) {
    p = { key: `m${rule.ruleId}`, start: minutesOf(rule.startTime), end: minutesOf(rule.endTime) };
    preparedRules.set(rule, p);
  }
  return p;
}

/** Whether a mattress rule's condition holds on a sample (inside its window). */
function vitalsCondition(rule: MattressRule, vitals: Vitals): boolean {
  switch (rule.alarmType) {
    case 1:
      return vitals.inBed === 0;
    case 2:
      return vitals.inBed === 1 && rule.maxValue !== null && vitals.movement > rule.maxValue;
    case 3:
      return vitals.inBed === 1 && outside(vitals.breathRate, rule);
    case 4:
      return vitals.inBed === 1 && outside(vitals.heartRate, rule);
    case 5:
      return vitals.urineWet === 1;
    default:
      return false;
  }
}

/** The alarm's text, written only when a rule fires. */
function vitalsContent(rule: MattressRule, vitals: Vitals): string {
  switch (rule.alarmType) {
    case 1:
      return `离床超过 ${Math.round(rule.durationSeconds / 60)} 分钟`;
    case 2:
      return `体动频繁（${vitals.movement} 次）`;
    case 3:
      return `呼吸 ${vitals.breathRate} 次/分，超出 ${rule.minValue ?? '-'}~${rule.maxValue ?? '-'}`;
    case 4:
      return `心率 ${vitals.heartRate} 次/分，超出 ${rule.minValue ?? '-'}~${rule.maxValue ?? '-'}`;
    case 5:
      return '检测到尿湿';
    default:
      return mattressAlarmTypeName[String(rule.alarmType)] ?? '';
  }
}

/** No alarm fired (one shared empty answer: most samples fire none). */
const NONE: readonly Firing[] = Object.freeze([]);

/** Mattress rules, types 1–5 (spec 000 §3). `at` is the sample time; `local` its local time of day. */
export function evaluateVitals(
  rules: readonly MattressRule[],
  ep: Episodes,
  vitals: Vitals,
  at: number,
  local: Date,
): readonly Firing[] {
  let firings: Firing[] | null = null;
  const t = minuteOfDay(local);
  for (const rule of rules) {
    if (rule.status !== 0) continue;
    const { key, start, end } = prepared(rule);
    const condition = inMinutes(start, end, t) && vitalsCondition(rule, vitals);
    if (episode(ep, key, condition, at, rule.durationSeconds * 1000)) {
      firings ??= [];
      firings.push({
        ruleId: rule.ruleId,
        alarmType: String(rule.alarmType),
        content: vitalsContent(rule, vitals) || (mattressAlarmTypeName[String(rule.alarmType)] ?? ''),
      });
    }
  }
  return firings ?? NONE;
}

export interface PntRule {
  ruleId: number;
  alarmType: string;
  /** 1 on, 0 off (spec 000 §3 "rule status"). */
  status: number;
  railId: number | null;
  railTrigger: string;
  threshold: number | null;
  startTime: string;
  endTime: string;
  /** '1,2,…,7', Monday = 1. */
  weekdays: string;
}
export interface RailShape {
  railId: number;
  railName: string;
  buildingId: number;
  floorNo: number;
  ring: Ring;
}

const scheduled = (rule: PntRule, local: Date) => {
  const weekday = local.getDay() === 0 ? 7 : local.getDay();
  return (
    rule.weekdays.split(',').map(Number).includes(weekday) && inWindow(rule.startTime, rule.endTime, local)
  );
};

/** Rail rules on a position: enter fires when a device comes inside the polygon, exit when it leaves. */
export function evaluatePosition(
  rules: readonly PntRule[],
  rails: ReadonlyMap<number, RailShape>,
  ep: Episodes,
  position: { buildingId: number; floorNo: number; lng: number; lat: number },
  at: number,
  local: Date,
): Firing[] {
  const firings: Firing[] = [];
  for (const rule of rules) {
    if (rule.status !== 1 || rule.alarmType !== 'railAlarm' || rule.railId === null) continue;
    const rail = rails.get(rule.railId);
    if (!rail) continue;
    const here = rail.buildingId === position.buildingId && rail.floorNo === position.floorNo;
    const inside = here && pointInRing([position.lng, position.lat] as LngLat, rail.ring);
    // The "inside" memory is kept in the episode map under its own key, independent of firing.
    const insideKey = `in${rule.railId}`;
    const wasInside = ep.since.has(insideKey);
    if (inside) ep.since.set(insideKey, ep.since.get(insideKey) ?? at);
    else ep.since.delete(insideKey);
    const crossed = rule.railTrigger === 'exit' ? wasInside && !inside : !wasInside && inside;
    if (crossed && scheduled(rule, local))
      firings.push({
        ruleId: rule.ruleId,
        alarmType: 'railAlarm',
        content: `${rule.railTrigger === 'exit' ? '离开' : '进入'}围栏「${rail.railName}」`,
      });
  }
  return firings;
}

/** Low battery fires once when the level drops to the threshold, again only after it recovered above it. */
export function evaluateBattery(
  rules: readonly PntRule[],
  ep: Episodes,
  level: number,
  at: number,
): Firing[] {
  const firings: Firing[] = [];
  for (const rule of rules) {
    if (rule.status !== 1 || rule.alarmType !== 'lowPowerAlarm') continue;
    const threshold = rule.threshold ?? 20;
    if (episode(ep, `p${rule.ruleId}`, level <= threshold, at, 0))
      firings.push({
        ruleId: rule.ruleId,
        alarmType: 'lowPowerAlarm',
        content: `电量 ${level}%，低于 ${threshold}%`,
      });
  }
  return firings;
}

/** The first enabled rule of a type (SOS, tamper, offline …), or null when that alarm is switched off. */
export const ruleOfType = (rules: readonly PntRule[], alarmType: string, local: Date) =>
  rules.find((r) => r.status === 1 && r.alarmType === alarmType && scheduled(r, local)) ?? null;

/**
 * The console a device's 通讯离线 alarm belongs to (issue #19): a watch's or band's on 定位告警, a
 * mattress's or call button's on 床垫告警 — the people who look after the bed, not the positioning
 * desk. The alarm stays switched on and off by the positioning rule of that type.
 */
export const offlineAlarmSource = (kind: DeviceKind): AlarmSource =>
  kind === 'watch' || kind === 'band' ? 'pnt' : 'mattress';
