import { asyncScheduler, BehaviorSubject, mergeMap, type Observable, type SchedulerLike, scan } from 'rxjs';
import type { OutingPresence, ServerPushMessage } from '../domain/push.js';
import { type ExternalStore, subjectStore } from './alarms.js';

/** What the console last heard of an elder's outing, and when it heard it (its scheduler's clock). */
export interface HeardPresence {
  outId: number;
  out: boolean;
  heardAt: number;
}
/** By oldmanId. */
export type PresenceByElder = ReadonlyMap<number, HeardPresence>;

/** Elders leaving (确认外出) and coming back (返院登记), out of the push channel's messages, in order. */
export const outingPresence$ = (push$: Observable<ServerPushMessage>): Observable<OutingPresence> =>
  push$.pipe(mergeMap((m) => (m.type === 'outing.presence' ? [m.data] : [])));

/** The latest presence heard of each elder: a new map on every change. */
export const presenceByElder$ = (
  push$: Observable<ServerPushMessage>,
  scheduler: SchedulerLike = asyncScheduler,
): Observable<PresenceByElder> =>
  outingPresence$(push$).pipe(
    scan(
      (heard, p) => new Map(heard).set(p.oldmanId, { outId: p.outId, out: p.out, heardAt: scheduler.now() }),
      new Map<number, HeardPresence>() as PresenceByElder,
    ),
  );

/**
 * Whether an elder is out, from a snapshot a page loaded (its `outing` flag and when its request
 * left) and what was heard since. A change heard after the request left may be newer than the
 * answer; one heard before it is already in the answer (the server forgets its cache before it
 * pushes), so the snapshot wins then, and a missed message heals with the page's next load.
 */
export function isOutNow(
  heard: PresenceByElder,
  oldmanId: number | null | undefined,
  loaded: boolean,
  requestedAt: number,
): boolean {
  const live = oldmanId == null ? undefined : heard.get(oldmanId);
  return live !== undefined && live.heardAt >= requestedAt ? live.out : loaded;
}

/** presenceByElder$ held for useSyncExternalStore; subscribes at once, until dispose(). */
export function presenceStore(
  push$: Observable<ServerPushMessage>,
  scheduler?: SchedulerLike,
): ExternalStore<PresenceByElder> & { dispose(): void } {
  const heard = new BehaviorSubject<PresenceByElder>(new Map());
  const subscription = presenceByElder$(push$, scheduler).subscribe((next) => heard.next(next));
  return { ...subjectStore(heard), dispose: () => subscription.unsubscribe() };
}
