import { describe, expect, it } from 'vitest';
import { CONSOLE_MAP_NAME_PX, MIN_TEXT_SHARE, wallMapScale, wallUnit } from './scale.js';

const nameAt = (height: number) => CONSOLE_MAP_NAME_PX * wallMapScale(height);

describe('the wall read from 3 m', () => {
  it('sizes the unit from the screen height, clamped for odd screens', () => {
    expect(wallUnit(1080)).toBe(1);
    expect(wallUnit(2160)).toBe(2);
    expect(wallUnit(768)).toBeCloseTo(0.711, 3);
    expect(wallUnit(400)).toBe(0.7);
    expect(wallUnit(4320)).toBe(2.4);
  });

  it('draws a map name at the same share of the height at 768, 1080 and 2160 lines', () => {
    // the console's fixed 12 px was 1.1% of a 1080p wall and 0.56% of a 4K one
    for (const height of [768, 1080, 2160]) {
      expect(nameAt(height) / height).toBeGreaterThanOrEqual(MIN_TEXT_SHARE - 1e-9);
      expect(nameAt(height) / height).toBeCloseTo(20 / 1080, 6);
    }
    expect(nameAt(2160)).toBeCloseTo(2 * nameAt(1080), 9);
    expect(nameAt(1080)).toBeCloseTo(20, 9);
  });

  it('keeps names at least 1.5% of the height beyond the clamp', () => {
    for (const height of [600, 700, 1440, 2592, 2880])
      expect(nameAt(height) / height).toBeGreaterThanOrEqual(MIN_TEXT_SHARE);
  });
});
