import {
  asapScheduler,
  type BehaviorSubject,
  catchError,
  defer,
  EMPTY,
  filter,
  merge,
  mergeMap,
  type Observable,
  type SchedulerLike,
  type Subscription,
  skip,
  switchMap,
} from 'rxjs';
import { type AlarmRecord, AlarmStatus, alarmRecord } from '../domain/alarms.js';
import type { ServerPushMessage } from '../domain/push.js';
import { Topic } from '../domain/topics.js';
import { parseJson } from './payload.js';
import type { BrokerMessage } from './transport.js';

/**
 * How many closed records the version gate and the store remember. Open records are always kept (they are
 * bounded by the institution's live alarms); closed ones are forgotten oldest-closed first beyond this, after
 * which a very late duplicate of a forgotten record could pass once more.
 */
export const CLOSED_ALARMS_KEPT = 1_000;

export interface AlarmSources {
  push$: Observable<ServerPushMessage>;
  broker$: Observable<BrokerMessage>;
  /** Emits at every (re)connect of either transport, the first included. */
  reconnects$: Observable<unknown>;
  /** The unhandled alarms now (GET /loms/di-lo/alarm/sendUnhandledAlarms). */
  resync: () => Observable<readonly AlarmRecord[]>;
  orgId: number;
  /** A failed resync is reported here and retried at the next reconnect. */
  onResyncError?: (error: unknown) => void;
  closedKept?: number;
}

/** Remembers closure order; names the record to forget once more than `limit` closed ones are held. */
function closedMemory(limit: number) {
  const order = new Set<number>();
  return (record: AlarmRecord): number | undefined => {
    order.delete(record.recordId);
    if (record.status === AlarmStatus.unhandled) return undefined;
    order.add(record.recordId);
    if (order.size <= limit) return undefined;
    const oldest = order.values().next();
    if (oldest.done) return undefined;
    order.delete(oldest.value);
    return oldest.value;
  };
}

/**
 * Passes each record version once: keeping the newest version per record covers both the same
 * `alarmVersionKey` arriving on two channels and an older version arriving after a newer one.
 */
function versionGate(closedKept: number) {
  const newest = new Map<number, number>();
  const forget = closedMemory(closedKept);
  return (record: AlarmRecord): boolean => {
    const seen = newest.get(record.recordId);
    if (seen !== undefined && record.version <= seen) return false;
    newest.set(record.recordId, record.version);
    const forgotten = forget(record);
    if (forgotten !== undefined) newest.delete(forgotten);
    return true;
  };
}

const pushedRecord = (message: ServerPushMessage): AlarmRecord[] =>
  message.type === 'alarm.created' || message.type === 'alarm.updated' ? [message.data] : [];

/**
 * Alarm record versions of one institution from the push channel, the broker and a resync after every
 * reconnect, each version once. State lives per subscription: subscribe once (the store does) and share.
 */
export function alarms$(sources: AlarmSources): Observable<AlarmRecord> {
  const { push$, broker$, reconnects$, resync, orgId } = sources;
  const onResyncError = sources.onResyncError ?? ((error) => console.warn('alarm resync failed', error));
  const topic = Topic.alarm(orgId);
  return defer(() => {
    const isNew = versionGate(sources.closedKept ?? CLOSED_ALARMS_KEPT);
    const published = broker$.pipe(
      filter((message) => message.topic === topic),
      mergeMap((message) => {
        const parsed = alarmRecord.safeParse(parseJson(message.payload));
        return parsed.success ? [parsed.data] : [];
      }),
    );
    // switchMap: a reconnect during a resync makes the older answer moot.
    const resynced = reconnects$.pipe(
      switchMap(() =>
        resync().pipe(
          catchError((error: unknown) => {
            onResyncError(error);
            return EMPTY;
          }),
        ),
      ),
      mergeMap((records) => records),
    );
    return merge(push$.pipe(mergeMap(pushedRecord)), published, resynced).pipe(
      filter((record) => record.orgId === orgId && isNew(record)),
    );
  });
}

// --------------------------------------------------------------------------------------------- store

/** The contract of React's useSyncExternalStore. */
export interface ExternalStore<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): T;
}

/** A BehaviorSubject as such a store: its value is the snapshot, each later value tells the listeners. */
export const subjectStore = <T>(subject: BehaviorSubject<T>): ExternalStore<T> => ({
  subscribe: (listener) => {
    const subscription = subject.pipe(skip(1)).subscribe(() => listener());
    return () => subscription.unsubscribe();
  },
  getSnapshot: () => subject.value,
});

export interface AlarmStore extends ExternalStore<readonly AlarmRecord[]> {
  /** A view of the records the predicate keeps, same order, its own stable snapshot. */
  filter(predicate: (record: AlarmRecord) => boolean): ExternalStore<readonly AlarmRecord[]>;
  /** Unhandled alarms only (status 0): the live console's list. */
  open(): ExternalStore<readonly AlarmRecord[]>;
  dispose(): void;
}

export interface AlarmStoreOptions {
  /** When listeners hear of changes; one notification per scheduled run however many records arrived. */
  scheduler?: SchedulerLike;
  closedKept?: number;
}

/** Highest severity first, then the oldest alarm first; recordId keeps the order total. */
const byUrgency = (a: AlarmRecord, b: AlarmRecord) =>
  b.severity - a.severity || a.firstTime - b.firstTime || a.recordId - b.recordId;

const sameItems = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/** Latest version per record for useSyncExternalStore; subscribes to `records$` at once, until dispose(). */
export function alarmStore(records$: Observable<AlarmRecord>, options: AlarmStoreOptions = {}): AlarmStore {
  const scheduler = options.scheduler ?? asapScheduler;
  const forget = closedMemory(options.closedKept ?? CLOSED_ALARMS_KEPT);
  const latest = new Map<number, AlarmRecord>();
  const listeners = new Set<() => void>();
  let snapshot: readonly AlarmRecord[] = [];
  let scheduled = false;
  let pending: Subscription | undefined;

  const publish = () => {
    scheduled = false;
    snapshot = [...latest.values()].sort(byUrgency);
    for (const listener of [...listeners]) listener();
  };
  const source = records$.subscribe({
    next: (record) => {
      const current = latest.get(record.recordId);
      if (current !== undefined && current.version >= record.version) return;
      latest.set(record.recordId, record);
      const forgotten = forget(record);
      if (forgotten !== undefined) latest.delete(forgotten);
      if (scheduled) return;
      // The flag, not `pending`, guards: a synchronous scheduler runs publish before schedule() returns.
      scheduled = true;
      pending = scheduler.schedule(publish);
    },
    error: (error: unknown) => console.error('alarm stream failed', error),
  });

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const filtered = (predicate: (record: AlarmRecord) => boolean): ExternalStore<readonly AlarmRecord[]> => {
    let from: readonly AlarmRecord[] | undefined;
    let view: readonly AlarmRecord[] = [];
    return {
      subscribe,
      getSnapshot: () => {
        if (from !== snapshot) {
          from = snapshot;
          const next = snapshot.filter(predicate);
          if (!sameItems(next, view)) view = next;
        }
        return view;
      },
    };
  };
  let openView: ExternalStore<readonly AlarmRecord[]> | undefined;

  return {
    subscribe,
    getSnapshot: () => snapshot,
    filter: filtered,
    open: () => {
      openView ??= filtered((record) => record.status === AlarmStatus.unhandled);
      return openView;
    },
    dispose: () => {
      source.unsubscribe();
      pending?.unsubscribe();
      listeners.clear();
    },
  };
}
