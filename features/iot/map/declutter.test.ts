import { describe, expect, it } from 'vitest';
import { declutter, type LabelBox, textWidth } from './declutter.js';

const name = (key: number, x: number, y: number, priority = 1): LabelBox => ({
  key,
  x,
  y,
  w: 36,
  h: 14,
  priority,
});

describe('declutter: the floor map draws the names that fit', () => {
  it('keeps every label that overlaps none', () => {
    expect([...declutter([name(1, 0, 0), name(2, 100, 0), name(3, 0, 100)])].sort()).toEqual([1, 2, 3]);
  });

  it('of two names one above the other, draws one — the same one from frame to frame', () => {
    const a = declutter([name(7, 50, 50), name(3, 55, 52)]);
    const b = declutter([name(3, 55, 52), name(7, 50, 50)]);
    expect([...a]).toEqual([3]);
    expect([...b]).toEqual([3]);
  });

  it('a resident’s name wins over a room number, an urgent tag over both', () => {
    const room = { key: 100, x: 50, y: 50, w: 30, h: 14, priority: 0 };
    expect([...declutter([room, name(1, 52, 48)])]).toEqual([1]);
    // the urgent alarm's name tag is always drawn: what it covers waits
    expect([...declutter([room, name(1, 52, 48)], [{ x: 50, y: 50, w: 60, h: 20 }])]).toEqual([]);
    expect([...declutter([room, name(1, 52, 90)], [{ x: 50, y: 50, w: 60, h: 20 }])]).toEqual([1]);
  });

  it('a crowd of 30 residents in one room shows a few readable names, none overlapping', () => {
    const crowd = Array.from({ length: 30 }, (_, i) =>
      name(i, 200 + (i % 6) * 9, 200 + Math.floor(i / 6) * 7),
    );
    const shown = declutter(crowd);
    expect(shown.size).toBeGreaterThan(0);
    expect(shown.size).toBeLessThan(6);
    const boxes = crowd.filter((b) => shown.has(b.key));
    for (const a of boxes)
      for (const b of boxes)
        if (a !== b) expect(Math.abs(a.x - b.x) >= 36 || Math.abs(a.y - b.y) >= 14).toBe(true);
  });

  it('boxes across grid cells still collide', () => {
    expect([...declutter([name(1, 47, 10), name(2, 49, 12)])]).toEqual([1]);
  });

  it('measures Chinese names wider than Latin ones', () => {
    expect(textWidth('王秀英', 12)).toBe(36);
    expect(textWidth('1103', 12)).toBe(29);
  });
});
