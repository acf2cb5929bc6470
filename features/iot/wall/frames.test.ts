import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../domain/devices.js';
import type { PositionFrame } from '../../../streams/positions.js';
import { coalesceFrames } from './frames.js';

const at = (deviceId: number, ts: number): Position => ({
  deviceId,
  ts,
  buildingId: 1,
  floorNo: 1,
  lng: 120 + ts / 1e6,
  lat: 30,
});
const frame = (...positions: Position[]): PositionFrame => new Map(positions.map((p) => [p.deviceId, p]));
const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('coalesceFrames', () => {
  it('hands on one frame per period with the latest position of each device', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const frames$ = cold('a 99ms b 99ms c 399ms d', {
        a: frame(at(1, 1), at(2, 1)),
        b: frame(at(1, 2)),
        c: frame(at(3, 3)),
        d: frame(at(2, 4)),
      });
      expectObservable(coalesceFrames(500)(frames$), '^ 1100ms !').toBe('500ms x 499ms y', {
        x: frame(at(1, 2), at(2, 1), at(3, 3)),
        y: frame(at(2, 4)),
      });
    });
  });

  it('stays quiet while no device moves', () => {
    scheduler().run(({ cold, expectObservable }) => {
      expectObservable(coalesceFrames(500)(cold<PositionFrame>('----')), '^ 2000ms !').toBe('');
    });
  });
});
