import { type AlarmRecord, placeText, severityNames } from '../../domain/alarms.js';
import { rankOf } from './queue.js';

export type Severity = 1 | 2 | 3;
export const SEVERITIES: readonly Severity[] = [3, 2, 1];

/** What the header says of the user's open alarms: the unacknowledged ones by severity, the one to answer first. */
export interface AlarmSummary {
  waiting: number;
  bySeverity: Record<Severity, number>;
  /**
   * The unacknowledged alarm to answer first: the most severe (escalation raising it, as in every
   * queue), then the one waiting longest. The newest would name a 一般 尿湿 that just came while an SOS
   * has waited for minutes.
   */
  first: AlarmRecord | null;
  /** The highest severity waiting, 0 when none. */
  top: 0 | Severity;
}

export function summarize(open: readonly AlarmRecord[]): AlarmSummary {
  const bySeverity: Record<Severity, number> = { 1: 0, 2: 0, 3: 0 };
  let first: AlarmRecord | null = null;
  let waiting = 0;
  for (const a of open) {
    if (a.status !== 0 || a.ackTime !== null) continue;
    waiting += 1;
    bySeverity[a.severity as Severity] += 1;
    if (!first || answersBefore(a, first)) first = a;
  }
  const top = bySeverity[3] ? 3 : bySeverity[2] ? 2 : bySeverity[1] ? 1 : 0;
  return { waiting, bySeverity, first, top };
}

const answersBefore = (a: AlarmRecord, b: AlarmRecord) =>
  (rankOf(a) - rankOf(b) || a.severity - b.severity || b.firstTime - a.firstTime || b.recordId - a.recordId) >
  0;

/** One line for an alarm: 紧急 · SOS求救 · 王秀英 · 1103 2床. */
export const alarmLine = (a: AlarmRecord) =>
  [severityNames[a.severity as Severity], a.alarmTypeName, a.oldmanName ?? a.deviceName, placeText(a)]
    .filter(Boolean)
    .join(' · ');

/**
 * A user's sound settings: which severities sound (紧急 always does), and what is silenced now. Silencing
 * takes the alarms ringing at that moment — each as it was then, so a repeat (an SOS pressed again)
 * rings again — for a while; any other alarm rings as soon as it comes.
 */
export interface SoundSettings {
  severities: Record<Severity, boolean>;
  silenced: Silenced | null;
}
export interface Silenced {
  /** Each silenced alarm's last repeat then (lastTime). */
  alarms: Record<number, number>;
  /** Milliseconds timestamp the silence ends at: what it took rings again if still unacknowledged. */
  until: number;
}
export const defaultSoundSettings = (): SoundSettings => ({
  severities: { 1: true, 2: true, 3: true },
  silenced: null,
});

/** How long 消音 holds the alarms it took. */
export const SILENCE_MINUTES = 5;

const waiting = (a: AlarmRecord) => a.status === 0 && a.ackTime === null;
const isSilenced = (a: AlarmRecord, s: SoundSettings, now: number) => {
  const at = s.silenced && s.silenced.until > now ? s.silenced.alarms[a.recordId] : undefined;
  return at !== undefined && a.lastTime <= at;
};

/** The alarms the sound is for: unacknowledged, of a severity the user hears (紧急 always), not silenced. */
export function audible(open: readonly AlarmRecord[], s: SoundSettings, now: number): AlarmRecord[] {
  return open.filter(
    (a) => waiting(a) && (a.severity >= 3 || s.severities[a.severity as Severity]) && !isSilenced(a, s, now),
  );
}

/** 消音: the settings with what rings now silenced for SILENCE_MINUTES. */
export function silenceRinging(open: readonly AlarmRecord[], s: SoundSettings, now: number): SoundSettings {
  const ringing = audible(open, s, now);
  return {
    ...s,
    silenced: {
      alarms: Object.fromEntries(ringing.map((a) => [a.recordId, a.lastTime])),
      until: now + SILENCE_MINUTES * 60_000,
    },
  };
}

/** Settings read back from storage: anything unreadable falls back to the defaults, an ended silence is dropped. */
export function readSettings(text: string | null, now: number): SoundSettings {
  const fallback = defaultSoundSettings();
  if (!text) return fallback;
  try {
    const v = JSON.parse(text) as Partial<SoundSettings>;
    const sev = v.severities ?? fallback.severities;
    const severities = { 1: sev[1] !== false, 2: sev[2] !== false, 3: true };
    const silenced =
      v.silenced && typeof v.silenced.until === 'number' && v.silenced.until > now && v.silenced.alarms
        ? { alarms: v.silenced.alarms, until: v.silenced.until }
        : null;
    return { severities, silenced };
  } catch {
    return fallback;
  }
}

/** The page title while alarms wait and the page is hidden: it alternates so the tab flashes. */
export const flashingTitle = (base: string, waiting: number, tick: boolean) =>
  waiting === 0 ? base : tick ? `【${waiting}条告警】${base}` : `【　　　　】${base}`;
