import { asapScheduler } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { Position } from '../../domain/devices.js';
import type { ServerPushMessage } from '../../domain/push.js';
import { Topic } from '../../domain/topics.js';
import { positions$, positionTable } from '../../streams/positions.js';
import type { BrokerMessage } from '../../streams/transport.js';

const ORG = 7;

function makePosition(overrides: Partial<Position> = {}): Position {
  return { deviceId: 1, ts: 1_000, buildingId: 1, floorNo: 2, lng: 120.1, lat: 30.2, ...overrides };
}

const batch = (...data: Position[]): ServerPushMessage => ({ type: 'positions', data });
const published = ({ deviceId, ...payload }: Position, orgId = ORG): BrokerMessage => ({
  topic: Topic.position(orgId, deviceId),
  payload: new TextEncoder().encode(JSON.stringify(payload)),
});
const frame = (...positions: Position[]) => new Map(positions.map((p) => [p.deviceId, p]));

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('positions$', () => {
  it('releases at most one map per animation frame, the latest position per device', () => {
    scheduler().run(({ hot, animate, expectObservable }) => {
      animate('----x----x----x');
      const a1 = makePosition({ deviceId: 1, ts: 1_000 });
      const a2 = makePosition({ deviceId: 1, ts: 1_100, lng: 120.2 });
      const b1 = makePosition({ deviceId: 2, ts: 1_050 });
      const a3 = makePosition({ deviceId: 1, ts: 1_200, lng: 120.3 });
      const push$ = hot('-p--------q', { p: batch(a1, b1), q: batch(a3) });
      const broker$ = hot('--a', { a: published(a2) });
      expectObservable(positions$({ push$, broker$, orgId: ORG })).toBe('----x---------y', {
        x: frame(a2, b1),
        y: frame(a3),
      });
    });
  });

  it('drops a position not newer than the last one taken for its device, across frames', () => {
    scheduler().run(({ hot, animate, expectObservable }) => {
      animate('---x---x---x');
      const fresh = makePosition({ deviceId: 5, ts: 2_000, lng: 121 });
      const stale = makePosition({ deviceId: 5, ts: 1_500, lng: 119 });
      const same = makePosition({ deviceId: 5, ts: 2_000, lng: 119 });
      const other = makePosition({ deviceId: 6, ts: 1_000 });
      const push$ = hot('-fs----', { f: batch(fresh), s: batch(stale) });
      const broker$ = hot('-----so', { s: published(same), o: published(other) });
      expectObservable(positions$({ push$, broker$, orgId: ORG })).toBe('---x---y', {
        x: frame(fresh),
        y: frame(other),
      });
    });
  });

  it("drops invalid payloads, malformed topics and another institution's devices", () => {
    scheduler().run(({ hot, animate, expectObservable }) => {
      animate('-------x');
      const valid = makePosition({ deviceId: 9 });
      const broker$ = hot('-abcdef', {
        a: { topic: Topic.position(ORG, 3), payload: '{"ts":1' },
        b: { topic: Topic.position(ORG, 3), payload: JSON.stringify({ ts: 5, lng: 500, lat: 0 }) },
        c: { topic: Topic.position(ORG, 'x1'), payload: published(valid).payload },
        d: published(makePosition({ deviceId: 4 }), ORG + 1),
        e: { topic: Topic.alarm(ORG), payload: published(valid).payload },
        f: published(valid),
      });
      const push$ = hot<ServerPushMessage>('--h', { h: { type: 'heartbeat', data: { ts: 1 } } });
      expectObservable(positions$({ push$, broker$, orgId: ORG })).toBe('-------x', { x: frame(valid) });
    });
  });

  it('coalesces with an injected scheduler and emits nothing when nothing moved', () => {
    scheduler().run(({ hot, expectObservable }) => {
      const a = makePosition({ deviceId: 1 });
      const b = makePosition({ deviceId: 2 });
      const push$ = hot('-(ab)---', { a: batch(a), b: batch(b) });
      const broker$ = hot<BrokerMessage>('-');
      expectObservable(positions$({ push$, broker$, orgId: ORG, scheduler: asapScheduler })).toBe('-x', {
        x: frame(a, b),
      });
    });
  });

  it('releases the pending frame when both sources complete', () => {
    scheduler().run(({ cold, animate, expectObservable }) => {
      animate('-----x');
      const a = makePosition({ deviceId: 1 });
      const push$ = cold('-a|', { a: batch(a) });
      const broker$ = cold<BrokerMessage>('---|');
      expectObservable(positions$({ push$, broker$, orgId: ORG })).toBe('---(x|)', { x: frame(a) });
    });
  });
});

describe('positionTable', () => {
  it('grows by doubling and keeps rows in place', () => {
    const table = positionTable(2);
    expect(table.deviceId).toHaveLength(2);
    const positions = [1, 2, 3, 4, 5].map((deviceId) => makePosition({ deviceId, lng: 100 + deviceId }));
    expect(table.apply(positions)).toBe(5);
    expect(table.length).toBe(5);
    expect(table.deviceId).toHaveLength(8);
    expect(table.lngLat).toHaveLength(16);
    expect(Array.from(table.deviceId.subarray(0, 5))).toEqual([1, 2, 3, 4, 5]);
    expect(Array.from(table.lngLat.subarray(0, 4))).toEqual([101, 30.2, 102, 30.2]);
    expect(table.rowOf(4)).toBe(3);
    expect(table.lngLat[3 * 2]).toBe(104);
  });

  it('counts only the rows an apply changed', () => {
    const table = positionTable();
    table.apply([makePosition({ deviceId: 1, ts: 10 }), makePosition({ deviceId: 2, ts: 10, battery: 80 })]);
    expect(table.version).toBe(1);
    const changed = table.apply([
      makePosition({ deviceId: 1, ts: 20, lat: 31 }),
      makePosition({ deviceId: 2, ts: 5, lat: 1 }),
      makePosition({ deviceId: 2, ts: 10, lat: 1 }),
      makePosition({ deviceId: 3, ts: 1 }),
    ]);
    expect(changed).toBe(2);
    expect(table.length).toBe(3);
    expect(table.version).toBe(2);
    expect(table.lngLat[1]).toBe(31);
    expect(table.lngLat[3]).toBe(30.2);
    expect(Array.from(table.battery.subarray(0, 3))).toEqual([-1, 80, -1]);
    expect(table.apply([makePosition({ deviceId: 1, ts: 20 })])).toBe(0);
    expect(table.version).toBe(2);
  });

  it('takes a frame from positions$ directly', () => {
    const table = positionTable();
    const moved = frame(makePosition({ deviceId: 8, ts: 3, floorNo: 5, buildingId: 2 }));
    expect(table.apply(moved.values())).toBe(1);
    expect([table.buildingId[0], table.floorNo[0], table.ts[0]]).toEqual([2, 5, 3]);
  });
});
