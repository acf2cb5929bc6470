import type { AlarmRecord } from '../../domain/alarms.js';
import type { AlarmStore, ExternalStore } from '../../streams/alarms.js';
import {
  type AlarmSummary,
  alarmLine,
  audible,
  flashingTitle,
  readSettings,
  type Severity,
  type SoundSettings,
  silenceRinging,
  summarize,
} from './announce.js';
import { AlarmSound } from './sound.js';

export interface AnnouncerState {
  summary: AlarmSummary;
  settings: SoundSettings;
  /** The latching sound is playing now. */
  sounding: boolean;
  /** The browser holds the sound back until the page is clicked. */
  blocked: boolean;
  /** Desktop notifications: asked (granted, denied), not yet asked, or not offered by this browser. */
  notifications: NotificationPermission | 'unsupported';
}

export interface AnnouncerOptions {
  alarms: AlarmStore;
  /** Whose settings (per user, in this browser): the user's id. */
  userId: number;
  /** Opens an alarm in 告警中心 (a click on the header or on a desktop notification). */
  open(alarm: AlarmRecord): void;
  now?: () => number;
}

const settingsKey = (userId: number) => `alarmSound:${userId}`;
const ASKED_KEY = 'alarmNotificationsAsked';
const FLASH_MS = 1_000;

/**
 * Announces the user's open alarms on every screen of the console, whatever page is on view (nurse
 * call practice: every station until someone acknowledges): one latching sound for the whole console
 * (one audio context), driven by all the open alarms the user receives — the server sends each user
 * only what their authority and departments allow — with per-severity settings (紧急 always sounds) and
 * 消音, which silences what rings now for a few minutes while any new alarm still rings; while the page is hidden, a desktop notification per new alarm and the count flashing
 * in the title.
 */
export class AlarmAnnouncer implements ExternalStore<AnnouncerState> {
  private readonly sound = new AlarmSound();
  private readonly listeners = new Set<() => void>();
  private readonly openStore: ExternalStore<readonly AlarmRecord[]>;
  private readonly now: () => number;
  private state: AnnouncerState;
  private open: readonly AlarmRecord[] = [];
  private readonly notified = new Set<number>();
  private unsubscribe: () => void = () => {};
  private ticker: ReturnType<typeof setInterval> | undefined;
  private tick = false;
  private baseTitle: string | null = null;

  constructor(private readonly options: AnnouncerOptions) {
    this.now = options.now ?? Date.now;
    this.openStore = options.alarms.open();
    this.state = {
      summary: summarize([]),
      settings: readSettings(localStorage.getItem(settingsKey(options.userId)), this.now()),
      sounding: false,
      blocked: false,
      notifications: typeof Notification === 'undefined' ? 'unsupported' : Notification.permission,
    };
    this.sound.onChange = () =>
      this.set({ sounding: this.sound.sounding, blocked: this.sound.blocked && this.sound.sounding });
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.state;

  start() {
    // alarms open when the console starts were raised while it was away: no notification for them
    for (const a of this.openStore.getSnapshot()) this.notified.add(a.recordId);
    this.unsubscribe = this.openStore.subscribe(() => this.changed());
    document.addEventListener('visibilitychange', this.onVisibility);
    // once a second: the mute's end, and the title's flashing while hidden
    this.ticker = setInterval(() => this.everySecond(), FLASH_MS);
    this.changed();
  }

  stop() {
    this.unsubscribe();
    clearInterval(this.ticker);
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.restoreTitle();
    this.sound.close();
  }

  /** The institution's alarm voice (告警设置: on or off, beeps per round). */
  configureVoice(times: number, enabled: boolean) {
    this.sound.configure(times, enabled);
    this.refreshSound();
  }

  setSeverity(severity: Severity, on: boolean) {
    const s = this.state.settings;
    this.saveSettings({ ...s, severities: { ...s.severities, [severity]: on } });
  }

  /** 消音: silences the alarms ringing now, for a while; a new alarm (or a repeat) rings at once. */
  silence() {
    this.saveSettings(silenceRinging(this.open, this.state.settings, this.now()));
  }

  /** 取消消音: what was silenced rings again. */
  unsilence() {
    this.saveSettings({ ...this.state.settings, silenced: null });
  }

  /** Asks for desktop notifications, once per browser (a click: browsers ask only after one). */
  askNotifications() {
    if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
    if (localStorage.getItem(ASKED_KEY)) return;
    localStorage.setItem(ASKED_KEY, '1');
    void Notification.requestPermission().then((p) => this.set({ notifications: p }));
  }

  private saveSettings(settings: SoundSettings) {
    localStorage.setItem(settingsKey(this.options.userId), JSON.stringify(settings));
    this.set({ settings });
    this.refreshSound();
  }

  private set(patch: Partial<AnnouncerState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private changed() {
    this.open = this.openStore.getSnapshot();
    const summary = summarize(this.open);
    this.set({ summary });
    this.refreshSound();
    this.notifyNew();
    this.everySecond();
  }

  private refreshSound() {
    this.sound.update(audible(this.open, this.state.settings, this.now()));
  }

  private notifyNew() {
    const fresh = this.open.filter((a) => a.ackTime === null && !this.notified.has(a.recordId));
    for (const a of fresh) this.notified.add(a.recordId);
    if (document.visibilityState !== 'hidden' || this.state.notifications !== 'granted') return;
    for (const a of fresh.slice(0, 3)) {
      const n = new Notification(`新告警：${a.alarmTypeName}`, {
        body: alarmLine(a),
        tag: `alarm-${a.recordId}`,
      });
      n.onclick = () => {
        window.focus();
        this.options.open(a);
        n.close();
      };
    }
  }

  private everySecond() {
    const { settings } = this.state;
    if (settings.silenced !== null && settings.silenced.until <= this.now()) this.unsilence();
    const waiting = this.state.summary.waiting;
    if (document.visibilityState === 'hidden' && waiting > 0) {
      this.baseTitle ??= document.title;
      this.tick = !this.tick;
      document.title = flashingTitle(this.baseTitle, waiting, this.tick);
    } else this.restoreTitle();
  }

  private readonly onVisibility = () => this.everySecond();

  private restoreTitle() {
    if (this.baseTitle === null) return;
    document.title = this.baseTitle;
    this.baseTitle = null;
  }
}
