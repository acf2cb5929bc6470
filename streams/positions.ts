import {
  animationFrameScheduler,
  merge,
  mergeMap,
  Observable,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import { type Position, positionPayload } from '../domain/devices.js';
import type { ServerPushMessage } from '../domain/push.js';
import { Topic } from '../domain/topics.js';
import { parseJson } from './payload.js';
import type { BrokerMessage } from './transport.js';

/** Latest position of each device that moved since the previous frame. */
export type PositionFrame = ReadonlyMap<number, Position>;

export interface PositionSources {
  push$: Observable<ServerPushMessage>;
  broker$: Observable<BrokerMessage>;
  orgId: number;
  /** One frame per run of this scheduler; tests pass the TestScheduler's animated frames. */
  scheduler?: SchedulerLike;
}

const deviceIdPattern = /^\d+$/;

function brokerPosition(prefix: string, message: BrokerMessage): Position[] {
  if (!message.topic.startsWith(prefix)) return [];
  const deviceId = message.topic.slice(prefix.length);
  if (!deviceIdPattern.test(deviceId)) return [];
  const parsed = positionPayload.safeParse(parseJson(message.payload));
  return parsed.success ? [{ ...parsed.data, deviceId: Number(deviceId) }] : [];
}

const pushedPositions = (message: ServerPushMessage): Position[] =>
  message.type === 'positions' ? message.data : [];

/**
 * Positions from the push channel and the broker, merged by device and released at most once per frame
 * (docs/architecture.md rule 4). A position not newer than the last one taken for its device is dropped, so a
 * device's position never goes back in time. The per-device timestamps grow with the device count only.
 */
export function positions$(sources: PositionSources): Observable<PositionFrame> {
  const { push$, broker$, orgId } = sources;
  const scheduler = sources.scheduler ?? animationFrameScheduler;
  const prefix = Topic.position(orgId, '');
  return new Observable<PositionFrame>((subscriber) => {
    const newestTs = new Map<number, number>();
    let frame = new Map<number, Position>();
    let scheduled = false;
    let pending: Subscription | undefined;

    const release = () => {
      scheduled = false;
      const out = frame;
      frame = new Map();
      subscriber.next(out);
    };
    const take = (position: Position) => {
      const seen = newestTs.get(position.deviceId);
      if (seen !== undefined && position.ts <= seen) return;
      newestTs.set(position.deviceId, position.ts);
      frame.set(position.deviceId, position);
      if (scheduled) return;
      scheduled = true;
      pending = scheduler.schedule(release);
    };
    const source = merge(
      push$.pipe(mergeMap(pushedPositions)),
      broker$.pipe(mergeMap((message) => brokerPosition(prefix, message))),
    ).subscribe({
      next: take,
      error: (error: unknown) => subscriber.error(error),
      complete: () => {
        pending?.unsubscribe();
        if (frame.size > 0) release();
        subscriber.complete();
      },
    });
    return () => {
      source.unsubscribe();
      pending?.unsubscribe();
    };
  });
}

// -------------------------------------------------------------------------------------- typed arrays

/** Column store of every device's latest position, for deck.gl binary attributes without per-row objects. */
export interface PositionTable {
  /** Rows in use; rows keep their device for the table's life, so a row index is stable. */
  readonly length: number;
  /** Bumped by every apply() that changed a row: a cheap deck.gl update trigger. */
  readonly version: number;
  readonly deviceId: Int32Array;
  /** lng, lat interleaved (stride 2), the layout of deck.gl's `getPosition` binary attribute. */
  readonly lngLat: Float64Array;
  readonly ts: Float64Array;
  readonly buildingId: Int32Array;
  readonly floorNo: Int32Array;
  /** Battery percent, -1 when the device has not reported it. */
  readonly battery: Int8Array;
  rowOf(deviceId: number): number | undefined;
  /** Writes the positions newer than their row; returns how many rows changed. */
  apply(batch: Iterable<Position>): number;
}

export const POSITION_TABLE_INITIAL_CAPACITY = 64;

function doubled<A extends Int32Array | Float64Array | Int8Array>(old: A, Make: new (size: number) => A): A {
  const next = new Make(old.length * 2);
  next.set(old);
  return next;
}

/** Arrays are replaced (capacity doubled) when full: read them from the table after each apply(). */
export function positionTable(initialCapacity = POSITION_TABLE_INITIAL_CAPACITY): PositionTable {
  let capacity = Math.max(1, initialCapacity);
  const rows = new Map<number, number>();
  const table = {
    length: 0,
    version: 0,
    deviceId: new Int32Array(capacity),
    lngLat: new Float64Array(capacity * 2),
    ts: new Float64Array(capacity),
    buildingId: new Int32Array(capacity),
    floorNo: new Int32Array(capacity),
    battery: new Int8Array(capacity),
    rowOf: (deviceId: number) => rows.get(deviceId),
    apply,
  };

  function grow() {
    capacity *= 2;
    table.deviceId = doubled(table.deviceId, Int32Array);
    table.lngLat = doubled(table.lngLat, Float64Array);
    table.ts = doubled(table.ts, Float64Array);
    table.buildingId = doubled(table.buildingId, Int32Array);
    table.floorNo = doubled(table.floorNo, Int32Array);
    table.battery = doubled(table.battery, Int8Array);
  }

  function apply(batch: Iterable<Position>): number {
    let changed = 0;
    for (const position of batch) {
      let row = rows.get(position.deviceId);
      if (row === undefined) {
        if (table.length === capacity) grow();
        row = table.length++;
        rows.set(position.deviceId, row);
        table.deviceId[row] = position.deviceId;
      } else if (position.ts <= (table.ts[row] ?? 0)) {
        continue;
      }
      table.lngLat[row * 2] = position.lng;
      table.lngLat[row * 2 + 1] = position.lat;
      table.ts[row] = position.ts;
      table.buildingId[row] = position.buildingId;
      table.floorNo[row] = position.floorNo;
      table.battery[row] = position.battery ?? -1;
      changed++;
    }
    if (changed > 0) table.version++;
    return changed;
  }

  return table;
}
