import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDateTime, localDateTimeMs, localDay } from '../../domain/clock.js';
import { isValidIdCard } from '../../domain/idCard.js';
import { idCard } from '../support/idCards.js';

let saved: string | undefined;
beforeEach(() => {
  saved = process.env.TZ;
  // what `npm start` runs with: a home in China, eight hours ahead of UTC
  process.env.TZ = 'Asia/Shanghai';
});
afterEach(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

describe("the home's wall clock", () => {
  // 1 a.m. on 1 February in Beijing is still 31 January in UTC
  const earlyMorning = Date.UTC(2026, 0, 31, 17, 0, 5);

  it('reads the day and time of the home, not of UTC', () => {
    expect(localDay(earlyMorning)).toBe('2026-02-01');
    expect(localDateTime(earlyMorning)).toBe('2026-02-01 01:00:05');
    expect(new Date(earlyMorning).toISOString().slice(0, 10)).toBe('2026-01-31');
  });

  it('turns a wall-clock time back into the same moment', () => {
    expect(localDateTimeMs('2026-02-01 01:00:05')).toBe(earlyMorning);
    expect(localDateTimeMs(localDateTime(earlyMorning + 86_400_000))).toBe(earlyMorning + 86_400_000);
  });

  it('takes an ID card of a baby born today in the home as valid before 8 a.m.', () => {
    const born = idCard('2026-02-01', 1);
    expect(isValidIdCard(born, new Date(earlyMorning))).toBe(true);
    expect(isValidIdCard(idCard('2026-02-02', 1), new Date(earlyMorning))).toBe(false);
  });
});
