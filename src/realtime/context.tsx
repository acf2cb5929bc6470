import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import type { AlarmRecord } from '../../domain/alarms.js';
import type { PaymentOrderView } from '../../domain/payment.js';
import type { CareTasksPush, DashboardChangeKind, PushedNotice } from '../../domain/push.js';
import type { AlarmStore, ExternalStore } from '../../streams/alarms.js';
import type { InboxSignal } from '../../streams/inbox.js';
import type { PresenceByElder } from '../../streams/outings.js';
import type { PositionFrame } from '../../streams/positions.js';
import type { ConnectionState } from '../../streams/transport.js';

/** Health of the live channels, for the status light and the wall page. */
export interface RealtimeHealth {
  push: ConnectionState;
  broker: ConnectionState;
  /** Milliseconds timestamp of the last message on either channel (data freshness). */
  lastMessageAt: number | null;
  /** Reconnects since the console started. */
  reconnects: number;
  /** The browser's online/offline events (navigator.onLine). */
  online: boolean;
  /** When the channels were started (src/realtime/liveness.ts: a start is not an outage). */
  startedAt: number;
}

export interface Realtime {
  alarms: AlarmStore;
  health: ExternalStore<RealtimeHealth>;
  /** Frames of the latest positions per device; subscribing asks the server for position frames. */
  positions$: Observable<PositionFrame>;
  /** Notices and reminders pushed by the server while the console is open. */
  notices$: Observable<PushedNotice>;
  /** The user's bell changed (here or in another tab), or a recipient read an announcement. */
  inbox$: Observable<InboxSignal>;
  /** Payment orders of the organisation as they change (a QR dialog waits for its own). */
  payments$: Observable<PaymentOrderView>;
  /** Care tasks of the user's departments made, done, cancelled, come due or overdue. */
  careTasks$: Observable<CareTasksPush>;
  /** Figures of the dashboard moved (a check-in, an alarm, a care task); at most one a second. */
  dashboard$: Observable<DashboardChangeKind[]>;
  /** Elders heard leaving or coming back since the console started (map and bed cards: 外出中). */
  outingPresence: ExternalStore<PresenceByElder>;
  /** Each (re)connect of either channel: a page holding a snapshot loads it again (resync). */
  reconnects$: Observable<void>;
  /**
   * A record the server answered one of this console's own calls with (确认, 处理, 忽略, 解除): shown at
   * once, whether or not a channel is up to bring it too (the store keeps the newest version).
   */
  noteAlarm(record: AlarmRecord): void;
}

const RealtimeContext = createContext<Realtime | null>(null);

export function RealtimeProvider({ realtime, children }: { realtime: Realtime | null; children: ReactNode }) {
  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('useRealtime outside RealtimeProvider');
  return realtime;
}

/** The live channels, or null where the console runs without them (a dialog that also polls). */
export const useOptionalRealtime = (): Realtime | null => useContext(RealtimeContext);

export const useStore = <T,>(store: ExternalStore<T>): T =>
  useSyncExternalStore(store.subscribe, store.getSnapshot);
