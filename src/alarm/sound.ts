import type { AlarmRecord } from '../../domain/alarms.js';

/** Tone pattern per severity: frequency (Hz) and beep length (ms). Critical alarms are higher and faster. */
const PATTERN: Record<number, { hz: number; ms: number }> = {
  3: { hz: 1046, ms: 180 },
  2: { hz: 880, ms: 260 },
  1: { hz: 660, ms: 340 },
};
/** Pause between two rounds of a latching alarm. */
const ROUND_PAUSE_MS = 6_000;
/** A new alarm's call before its round: a rising pair of tones an operator tells from the latching beeps. */
const ARRIVAL = [0.75, 1] as const;

/**
 * The latching alarm sound: while any open alarm is unacknowledged, a round of `times` beeps in the
 * tone of the most severe one plays, then a pause, again and again until every alarm is acknowledged
 * (or closed). A new alarm (or a repeat of one) does not wait for the next round: it sounds at once, a
 * rising call in its own severity's tone, then the round. Web Audio only: no sound files to load.
 * `sounding` and `arrivals` are readable for tests and the UI.
 */
export class AlarmSound {
  sounding = false;
  /** The browser holds the sound back (no click or key press on the page yet): say so. */
  blocked = false;
  /** Told whenever `sounding` or `blocked` changes. */
  onChange: () => void = () => {};
  private context: AudioContext | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private severity = 1;
  /** Each alarm heard, by its last repeat: a new id, or a newer repeat, is an arrival. */
  private heard = new Map<number, number>();
  /** How many arrival calls played (tests read it). */
  arrivals = 0;

  constructor(
    private times = 3,
    private enabled = true,
  ) {}

  configure(times: number, enabled: boolean) {
    this.times = Math.max(1, times);
    this.enabled = enabled;
    if (!enabled) this.stop();
  }

  /** Call with the open alarms whenever they change. */
  update(open: readonly AlarmRecord[]) {
    const waiting = open.filter((a) => a.ackTime === null);
    const fresh = waiting.filter((a) => (this.heard.get(a.recordId) ?? -1) < a.lastTime);
    this.heard = new Map(waiting.map((a) => [a.recordId, a.lastTime]));
    if (waiting.length === 0 || !this.enabled) return this.stop();
    this.severity = Math.max(...waiting.map((a) => a.severity));
    const arrival = fresh.length ? Math.max(...fresh.map((a) => a.severity)) : null;
    if (this.sounding && arrival === null) return;
    if (!this.sounding) {
      this.sounding = true;
      this.onChange();
    }
    clearTimeout(this.timer);
    this.round(arrival);
  }

  stop() {
    clearTimeout(this.timer);
    this.heard.clear();
    if (!this.sounding) return;
    this.sounding = false;
    this.onChange();
  }

  /** Stops and lets the audio device go (sign-out). */
  close() {
    this.stop();
    if (this.context) void this.context.close();
    this.context = null;
  }

  private setBlocked(blocked: boolean) {
    if (blocked === this.blocked) return;
    this.blocked = blocked;
    this.onChange();
  }

  private round(arrival: number | null = null) {
    if (!this.sounding) return;
    const { hz, ms } = PATTERN[this.severity] ?? { hz: 660, ms: 340 };
    const call = arrival === null ? null : (PATTERN[arrival] ?? { hz: 660, ms: 340 });
    try {
      if (!this.context) {
        const context = new AudioContext();
        context.onstatechange = () => this.setBlocked(context.state === 'suspended');
        this.context = context;
        this.setBlocked(context.state === 'suspended');
      }
      // A context made before any user gesture starts suspended; each round asks again (the first
      // click or key press anywhere lets it run).
      const context = this.context;
      if (context.state === 'suspended')
        void context.resume().then(
          () => this.setBlocked(context.state === 'suspended'),
          () => this.setBlocked(true),
        );
      let start = this.context.currentTime;
      if (call) {
        this.arrivals += 1;
        for (const [i, step] of ARRIVAL.entries()) {
          const osc = this.context.createOscillator();
          const gain = this.context.createGain();
          osc.type = 'triangle';
          osc.frequency.value = call.hz * step;
          gain.gain.value = 0.25;
          osc.connect(gain).connect(this.context.destination);
          const at = start + (i * call.ms * 1.5) / 1000;
          osc.start(at);
          osc.stop(at + call.ms / 1000);
        }
        start += (ARRIVAL.length * call.ms * 1.5 + call.ms) / 1000;
      }
      for (let i = 0; i < this.times; i++) {
        const osc = this.context.createOscillator();
        const gain = this.context.createGain();
        osc.frequency.value = hz;
        gain.gain.value = 0.2;
        osc.connect(gain).connect(this.context.destination);
        const at = start + (i * 2 * ms) / 1000;
        osc.start(at);
        osc.stop(at + ms / 1000);
      }
    } catch {
      // No audio device (or autoplay refused): the flashing row still shows the alarm.
    }
    const called = call ? ARRIVAL.length * call.ms * 1.5 + call.ms : 0;
    this.timer = setTimeout(() => this.round(), called + this.times * 2 * ms + ROUND_PAUSE_MS);
  }
}
