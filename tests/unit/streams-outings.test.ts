import { Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { type ServerPushMessage, serverPushMessage } from '../../domain/push.js';
import {
  isOutNow,
  outingPresence$,
  type PresenceByElder,
  presenceByElder$,
  presenceStore,
} from '../../streams/outings.js';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

const presence = (oldmanId: number, out: boolean, outId = oldmanId * 10): ServerPushMessage => ({
  type: 'outing.presence',
  data: { outId, oldmanId, out },
});
const messages: Record<string, ServerPushMessage> = {
  h: { type: 'heartbeat', data: { ts: 1 } },
  a: presence(11, true),
  b: presence(12, true),
  c: presence(11, false),
  r: { type: 'remind', data: { remindId: 9, title: '王奶奶外出超时未返院' } },
};

describe('outingPresence$', () => {
  it('passes elders leaving and coming back through in order and drops every other message', () => {
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(outingPresence$(cold('h-a-r-c|', messages))).toBe('--a---c|', {
        a: { outId: 110, oldmanId: 11, out: true },
        c: { outId: 110, oldmanId: 11, out: false },
      });
    });
  });

  it('is a message the console accepts only when well formed', () => {
    expect(serverPushMessage.safeParse(presence(11, true)).success).toBe(true);
    expect(
      serverPushMessage.safeParse({ type: 'outing.presence', data: { oldmanId: '11', out: 'yes' } }).success,
    ).toBe(false);
  });
});

describe('presenceByElder$', () => {
  it('keeps the latest of each elder with the time it was heard', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      const heard = (...entries: [number, number, boolean, number][]): PresenceByElder =>
        new Map(entries.map(([oldmanId, outId, out, heardAt]) => [oldmanId, { outId, out, heardAt }]));
      expectObservable(presenceByElder$(cold('a 9ms h 9ms b 4ms c|', messages), ts)).toBe('a 19ms b 4ms c|', {
        a: heard([11, 110, true, 0]),
        b: heard([11, 110, true, 0], [12, 120, true, 20]),
        c: heard([11, 110, false, 25], [12, 120, true, 20]),
      });
    });
  });
});

describe('isOutNow', () => {
  const heard: PresenceByElder = new Map([
    [11, { outId: 110, out: true, heardAt: 1_000 }],
    [12, { outId: 120, out: false, heardAt: 1_000 }],
  ]);
  it('takes a change heard after the snapshot was asked for', () => {
    expect(isOutNow(heard, 11, false, 900)).toBe(true);
    expect(isOutNow(heard, 12, true, 1_000)).toBe(false);
  });
  it('trusts a snapshot asked for after the change, and an elder nothing was heard of', () => {
    expect(isOutNow(heard, 11, false, 1_001)).toBe(false);
    expect(isOutNow(heard, 13, true, 0)).toBe(true);
    expect(isOutNow(heard, null, false, 0)).toBe(false);
  });
});

describe('presenceStore', () => {
  it('hands React the latest map, tells listeners of each change and stops on dispose', () => {
    const push$ = new Subject<ServerPushMessage>();
    const store = presenceStore(push$);
    const first = store.getSnapshot();
    expect(first.size).toBe(0);
    let told = 0;
    const unsubscribe = store.subscribe(() => told++);
    push$.next(messages.h as ServerPushMessage);
    expect(store.getSnapshot()).toBe(first);
    push$.next(presence(11, true));
    expect(told).toBe(1);
    expect(store.getSnapshot().get(11)).toMatchObject({ out: true, outId: 110 });
    unsubscribe();
    push$.next(presence(11, false));
    expect(told).toBe(1);
    expect(store.getSnapshot().get(11)?.out).toBe(false);
    store.dispose();
    push$.next(presence(12, true));
    expect(store.getSnapshot().has(12)).toBe(false);
  });
});
