import { asyncScheduler, bufferTime, filter, map, type OperatorFunction, type SchedulerLike } from 'rxjs';
import type { Position } from '../../../domain/devices.js';
import type { PositionFrame } from '../../../streams/positions.js';

/**
 * The wall redraws its map at most this often. Residents' positions change about once a second, and a
 * display read from across the room gains nothing from a redraw per animation frame, while the wall PC
 * (or a software renderer) pays for each one.
 */
export const WALL_FRAME_MS = 500;

/** Position frames merged over `ms`: one frame with the latest position of every device heard meanwhile. */
export function coalesceFrames(
  ms: number,
  scheduler: SchedulerLike = asyncScheduler,
): OperatorFunction<PositionFrame, PositionFrame> {
  return (frames$) =>
    frames$.pipe(
      bufferTime(ms, scheduler),
      filter((frames) => frames.length > 0),
      map((frames) => {
        if (frames.length === 1) return frames[0] as PositionFrame;
        const merged = new Map<number, Position>();
        for (const frame of frames) for (const [deviceId, position] of frame) merged.set(deviceId, position);
        return merged;
      }),
    );
}
