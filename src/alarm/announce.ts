import { type AlarmRecord, placeText, severityNames } from '../../domain/alarms.js';

export type Severity = 1 | 2 | 3;
export const SEVERITIES: readonly Severity[] = [3, 2, 1];

/** What the header says of the user's open alarms: the unacknowledged ones by severity, the newest of them. */
export interface AlarmSummary {
  waiting: number;
  bySeverity: Record<Severity, number>;
  /** The most recently raised unacknowledged alarm (a repeat of an old one counts as raised again). */
  newest: AlarmRecord | null;
  /** The highest severity waiting, 0 when none. */
  top: 0 | Severity;
}

export function summarize(open: readonly AlarmRecord[]): AlarmSummary {
  const bySeverity: Record<Severity, number> = { 1: 0, 2: 0, 3: 0 };
  let newest: AlarmRecord | null = null;
  let waiting = 0;
  for (const a of open) {
    if (a.status !== 0 || a.ackTime !== null) continue;
    waiting += 1;
    bySeverity[a.severity as Severity] += 1;
    if (
      !newest ||
      a.lastTime > newest.lastTime ||
      (a.lastTime === newest.lastTime && a.recordId > newest.recordId)
    )
      newest = a;
  }
  const top = bySeverity[3] ? 3 : bySeverity[2] ? 2 : bySeverity[1] ? 1 : 0;
  return { waiting, bySeverity, newest, top };
}

/** One line for an alarm: 紧急 · SOS求救 · 王秀英 · 1103 2床. */
export const alarmLine = (a: AlarmRecord) =>
  [severityNames[a.severity as Severity], a.alarmTypeName, a.oldmanName ?? a.deviceName, placeText(a)]
    .filter(Boolean)
    .join(' · ');

/** A user's sound settings: which severities sound, and a mute that ends by itself. */
export interface SoundSettings {
  severities: Record<Severity, boolean>;
  /** Milliseconds timestamp the mute ends at; null when not muted. */
  mutedUntil: number | null;
}
export const defaultSoundSettings = (): SoundSettings => ({
  severities: { 1: true, 2: true, 3: true },
  mutedUntil: null,
});

/** How long a mute may last, the choices offered (minutes). */
export const MUTE_CHOICES = [5, 15, 30] as const;

export const isMuted = (s: SoundSettings, now: number) => s.mutedUntil !== null && s.mutedUntil > now;

/** The alarms the sound is for: unacknowledged, of a severity the user hears, unless muted. */
export function audible(open: readonly AlarmRecord[], s: SoundSettings, now: number): AlarmRecord[] {
  if (isMuted(s, now)) return [];
  return open.filter((a) => a.status === 0 && a.ackTime === null && s.severities[a.severity as Severity]);
}

/** Settings read back from storage: anything unreadable falls back to the defaults, an ended mute is dropped. */
export function readSettings(text: string | null, now: number): SoundSettings {
  const fallback = defaultSoundSettings();
  if (!text) return fallback;
  try {
    const v = JSON.parse(text) as Partial<SoundSettings>;
    const sev = v.severities ?? fallback.severities;
    const severities = {
      1: sev[1] !== false,
      2: sev[2] !== false,
      3: sev[3] !== false,
    };
    const mutedUntil = typeof v.mutedUntil === 'number' && v.mutedUntil > now ? v.mutedUntil : null;
    return { severities, mutedUntil };
  } catch {
    return fallback;
  }
}

/** The page title while alarms wait and the page is hidden: it alternates so the tab flashes. */
export const flashingTitle = (base: string, waiting: number, tick: boolean) =>
  waiting === 0 ? base : tick ? `【${waiting}条告警】${base}` : `【　　　　】${base}`;
