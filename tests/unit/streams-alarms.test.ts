import { Observable, throwError } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it, vi } from 'vitest';
import { type AlarmRecord, AlarmStatus } from '../../domain/alarms.js';
import type { ServerPushMessage } from '../../domain/push.js';
import { Topic } from '../../domain/topics.js';
import { type AlarmSources, alarmStore, alarms$, type ExternalStore } from '../../streams/alarms.js';
import type { BrokerMessage } from '../../streams/transport.js';

const ORG = 7;

function makeAlarm(overrides: Partial<AlarmRecord> = {}): AlarmRecord {
  return {
    recordId: 1,
    orgId: ORG,
    source: 'pnt',
    alarmType: 'sos',
    alarmTypeName: 'SOS报警',
    severity: 3,
    deviceId: 11,
    deviceCode: 'W-011',
    deviceName: '定位手表11',
    oldmanId: 101,
    oldmanName: '张桂兰',
    bedId: null,
    bedName: null,
    roomName: '101',
    buildingId: 1,
    floorNo: 1,
    lng: 120.1,
    lat: 30.2,
    content: 'SOS',
    status: AlarmStatus.unhandled,
    count: 1,
    firstTime: 1_700_000_000_000,
    lastTime: 1_700_000_000_000,
    ackBy: null,
    ackName: null,
    ackTime: null,
    escalated: false,
    handlerId: null,
    handlerName: null,
    handleTime: null,
    handleNote: null,
    version: 1,
    ...overrides,
  };
}

const created = (data: AlarmRecord): ServerPushMessage => ({ type: 'alarm.created', data });
const updated = (data: AlarmRecord): ServerPushMessage => ({ type: 'alarm.updated', data });
const published = (record: unknown, topic = Topic.alarm(ORG)): BrokerMessage => ({
  topic,
  payload: new TextEncoder().encode(JSON.stringify(record)),
});

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

type Helpers = Parameters<Parameters<TestScheduler['run']>[0]>[0];
/** Sources that stay silent unless a test gives them marbles. */
function sources(helpers: Helpers, given: Partial<AlarmSources>): AlarmSources {
  return {
    push$: helpers.hot<ServerPushMessage>('-'),
    broker$: helpers.hot<BrokerMessage>('-'),
    reconnects$: helpers.hot('-'),
    resync: () => helpers.cold<AlarmRecord[]>('(x|)', { x: [] }),
    orgId: ORG,
    onResyncError: () => {},
    ...given,
  };
}

const v1 = makeAlarm({ recordId: 1, version: 1 });
const v2 = makeAlarm({ recordId: 1, version: 2, count: 2 });
const v3 = makeAlarm({ recordId: 1, version: 3, status: AlarmStatus.handled });
const other = makeAlarm({ recordId: 2, version: 1, severity: 1 });

describe('alarms$', () => {
  it('passes the same version once when it arrives on both push and broker', () => {
    scheduler().run((helpers) => {
      const push$ = helpers.hot('-a---b-', { a: created(v1), b: updated(v2) });
      const broker$ = helpers.hot('--a---b', { a: published(v1), b: published(v2) });
      helpers
        .expectObservable(alarms$(sources(helpers, { push$, broker$ })))
        .toBe('-a---b-', { a: v1, b: v2 });
    });
  });

  it('drops a version older than the newest seen for that record', () => {
    scheduler().run((helpers) => {
      const push$ = helpers.hot('-b-a-o-c', {
        a: created(v1),
        b: updated(v2),
        c: updated(v3),
        o: created(other),
      });
      const broker$ = helpers.hot('--a-b---', { a: published(v1), b: published(v2) });
      helpers
        .expectObservable(alarms$(sources(helpers, { push$, broker$ })))
        .toBe('-b---o-c', { b: v2, o: other, c: v3 });
    });
  });

  it('resyncs at every reconnect, emitting alarms raised while offline and nothing twice', () => {
    scheduler().run((helpers) => {
      const raisedOffline = makeAlarm({ recordId: 3, firstTime: 1_700_000_100_000 });
      const lists = [[v1], [v1, raisedOffline], [v2, raisedOffline]];
      const resync = vi.fn(() => helpers.cold('-(x|)', { x: lists.shift() ?? [] }));
      const reconnects$ = helpers.hot('-r---r---r', { r: undefined });
      const push$ = helpers.hot('---a------', { a: created(v1) });
      helpers
        .expectObservable(alarms$(sources(helpers, { push$, reconnects$, resync })))
        .toBe('--a---n---b', { a: v1, n: raisedOffline, b: v2 });
      helpers.flush();
      expect(resync).toHaveBeenCalledTimes(3);
    });
  });

  it('abandons a resync still running when the next reconnect comes', () => {
    scheduler().run((helpers) => {
      const answer = helpers.cold('---(x|)', { x: [v1] });
      const reconnects$ = helpers.hot('-rr', { r: undefined });
      const stream = alarms$(sources(helpers, { reconnects$, resync: () => answer }));
      helpers.expectObservable(stream).toBe('-----a', { a: v1 });
      helpers.expectSubscriptions(answer.subscriptions).toBe(['-^!', '--^--!']);
    });
  });

  it('keeps running after a failed resync and retries at the next reconnect', () => {
    scheduler().run((helpers) => {
      const failure = new Error('503');
      const answers: Observable<AlarmRecord[]>[] = [
        helpers.cold<AlarmRecord[]>('-#', undefined, failure),
        helpers.cold('-(x|)', { x: [other] }),
      ];
      const onResyncError = vi.fn();
      const reconnects$ = helpers.hot('-r---r--', { r: undefined });
      const push$ = helpers.hot('--a----b', { a: created(v1), b: updated(v2) });
      const resync = () => answers.shift() ?? throwError(() => new Error('unexpected resync'));
      helpers
        .expectObservable(alarms$(sources(helpers, { reconnects$, push$, resync, onResyncError })))
        .toBe('--a---ob', { a: v1, o: other, b: v2 });
      helpers.flush();
      expect(onResyncError).toHaveBeenCalledExactlyOnceWith(failure);
    });
  });

  it('drops broker payloads that are not alarm records and ignores other push types', () => {
    scheduler().run((helpers) => {
      const broker$ = helpers.hot('-abcd', {
        a: { topic: Topic.alarm(ORG), payload: 'not json' },
        b: published({ ...v1, severity: 9 }),
        c: { topic: Topic.alarm(ORG), payload: new Uint8Array([0xff, 0x00, 0x7b]) },
        d: { topic: Topic.alarm(ORG), payload: JSON.stringify(other) },
      });
      const push$ = helpers.hot<ServerPushMessage>('--h-p', {
        h: { type: 'heartbeat', data: { ts: 1 } },
        p: { type: 'positions', data: [] },
      });
      helpers.expectObservable(alarms$(sources(helpers, { broker$, push$ }))).toBe('----d', { d: other });
    });
  });

  it("ignores another institution's topic and records", () => {
    scheduler().run((helpers) => {
      const foreign = makeAlarm({ recordId: 9, orgId: ORG + 1 });
      const broker$ = helpers.hot('-abc', {
        a: published(foreign, Topic.alarm(ORG + 1)),
        b: published(v1, Topic.alarm(ORG + 1)),
        c: published(v1, `${Topic.alarm(ORG)}/extra`),
      });
      const push$ = helpers.hot('----f-a', { f: created(foreign), a: created(v1) });
      helpers.expectObservable(alarms$(sources(helpers, { broker$, push$ }))).toBe('------a', { a: v1 });
    });
  });

  it('forgets the oldest closed records beyond the limit but never an open one', () => {
    scheduler().run((helpers) => {
      const open = makeAlarm({ recordId: 50, version: 4 });
      const closed = (recordId: number) => makeAlarm({ recordId, version: 2, status: AlarmStatus.handled });
      const push$ = helpers.hot('-oabc-A-O', {
        o: created(open),
        a: updated(closed(1)),
        b: updated(closed(2)),
        c: updated(closed(3)),
        A: updated(closed(1)),
        O: created(open),
      });
      // With two closed records kept, closing record 3 forgets record 1: its late duplicate passes again.
      helpers
        .expectObservable(alarms$(sources(helpers, { push$, closedKept: 2 })))
        .toBe('-oabc-A--', { o: open, a: closed(1), b: closed(2), c: closed(3), A: closed(1) });
    });
  });
});

/** A store as an Observable of the snapshots its listeners would read, for marble assertions. */
const heard = <T>(store: ExternalStore<T>) =>
  new Observable<T>((subscriber) => store.subscribe(() => subscriber.next(store.getSnapshot())));

describe('alarmStore', () => {
  const sos = makeAlarm({ recordId: 1, severity: 3, firstTime: 300 });
  const olderSos = makeAlarm({ recordId: 2, severity: 3, firstTime: 100 });
  const lowBattery = makeAlarm({ recordId: 3, severity: 1, firstTime: 50, alarmType: 'lowPowerAlarm' });
  const railBreach = makeAlarm({ recordId: 4, severity: 2, firstTime: 200, alarmType: 'railAlarm' });

  it('orders by severity, then oldest first, notifying once per burst', () => {
    scheduler().run((helpers) => {
      const records$ = helpers.hot('-(abc)--d', { a: sos, b: lowBattery, c: olderSos, d: railBreach });
      const store = alarmStore(records$);
      helpers.expectObservable(heard(store)).toBe('-x------y', {
        x: [olderSos, sos, lowBattery],
        y: [olderSos, sos, railBreach, lowBattery],
      });
    });
  });

  it('keeps the snapshot reference until something changes', () => {
    scheduler().run((helpers) => {
      const sosHandled = { ...sos, version: 2, status: AlarmStatus.handled };
      const records$ = helpers.hot('-a-b-c-d', { a: sos, b: sos, c: { ...sos, version: 0 }, d: sosHandled });
      const store = alarmStore(records$);
      const listener = vi.fn();
      store.subscribe(listener);
      helpers.flush();
      expect(listener).toHaveBeenCalledTimes(2);
      expect(store.getSnapshot()).toEqual([sosHandled]);
    });

    scheduler().run((helpers) => {
      const records$ = helpers.hot('-a-b', { a: sos, b: sos });
      const store = alarmStore(records$);
      const seen: (readonly AlarmRecord[])[] = [];
      store.subscribe(() => seen.push(store.getSnapshot()));
      helpers.flush();
      expect(seen).toHaveLength(1);
      expect(store.getSnapshot()).toBe(seen[0]);
      expect(store.getSnapshot()).toBe(store.getSnapshot());
    });
  });

  it('offers the unhandled alarms with a reference that changes only when they do', () => {
    scheduler().run((helpers) => {
      const railHandled = { ...railBreach, version: 2, status: AlarmStatus.handled };
      const railHandledNoted = { ...railHandled, version: 3, handleNote: '已到场' };
      const records$ = helpers.hot('-ab-c-d', { a: sos, b: railBreach, c: railHandled, d: railHandledNoted });
      const store = alarmStore(records$);
      const open = store.open();
      expect(store.open()).toBe(open);
      const views: (readonly AlarmRecord[])[] = [];
      store.subscribe(() => views.push(open.getSnapshot()));
      helpers.flush();
      expect(views.map((view) => view.map((r) => r.recordId))).toEqual([[1], [1, 4], [1], [1]]);
      expect(views[3]).toBe(views[2]);
      expect(store.getSnapshot()).toEqual([sos, railHandledNoted]);
    });
  });

  it('stops notifying an unsubscribed listener and everything after dispose', () => {
    const testScheduler = scheduler();
    testScheduler.run((helpers) => {
      const records$ = helpers.hot('-a-b-c', { a: sos, b: olderSos, c: lowBattery });
      const store = alarmStore(records$);
      const kept = vi.fn();
      const dropped = vi.fn();
      store.subscribe(kept);
      const unsubscribe = store.subscribe(dropped);
      testScheduler.schedule(() => unsubscribe(), 2);
      testScheduler.schedule(() => store.dispose(), 4);
      helpers.flush();
      expect(dropped).toHaveBeenCalledTimes(1);
      expect(kept).toHaveBeenCalledTimes(2);
      expect(store.getSnapshot()).toEqual([olderSos, sos]);
    });
  });
});
