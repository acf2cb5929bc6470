import { describe, expect, it } from 'vitest';
import { fromDate, parseDateTime, parseDay, parseMonth, toDate } from './parse.js';

describe('reading a typed day', () => {
  it.each([
    ['2026-11-26', '2026-11-26'],
    ['2026/11/26', '2026-11-26'],
    ['2026.11.26', '2026-11-26'],
    ['2026年11月26日', '2026-11-26'],
    ['2026年1月5日', '2026-01-05'],
    ['2026-1-5', '2026-01-05'],
    ['20261126', '2026-11-26'],
    [' 2024-02-29 ', '2024-02-29'],
  ])('%s is %s', (typed, day) => expect(parseDay(typed)).toBe(day));

  it.each([
    '2026-02-29',
    '2026-13-01',
    '2026-11-31',
    '2026-00-10',
    '26-11-26',
    '2026-11',
    '明天',
    '',
    '2026-11-26 08:00',
  ])('%s is not a day', (typed) => expect(parseDay(typed)).toBeNull());
});

describe('reading a typed month', () => {
  it.each([
    ['2026-07', '2026-07'],
    ['2026-7', '2026-07'],
    ['2026/7', '2026-07'],
    ['2026年7月', '2026-07'],
    ['202607', '2026-07'],
  ])('%s is %s', (typed, month) => expect(parseMonth(typed)).toBe(month));

  it.each(['2026-13', '2026-00', '2026-07-01', '七月', ''])('%s is not a month', (typed) =>
    expect(parseMonth(typed)).toBeNull(),
  );
});

describe('reading a typed moment', () => {
  it('takes a space or a T between day and time, and seconds or none', () => {
    expect(parseDateTime('2026-12-03T15:00:00')).toBe('2026-12-03 15:00:00');
    expect(parseDateTime('2026-12-03 15:00')).toBe('2026-12-03 15:00:00');
    expect(parseDateTime('2026/12/3 9:05')).toBe('2026-12-03 09:05:00');
    expect(parseDateTime('2026年12月3日 9：05')).toBe('2026-12-03 09:05:00');
    expect(parseDateTime('2026-12-03 15:00:59', false)).toBe('2026-12-03 15:00');
  });

  it.each(['2026-12-03', '2026-12-03 24:00', '2026-12-03 10:60', '2026-02-30 10:00', '15:00'])(
    '%s is not a moment',
    (typed) => expect(parseDateTime(typed)).toBeNull(),
  );
});

describe('the calendar and the text', () => {
  it('meet on the same local day and time both ways', () => {
    const d = toDate('2026-03-08 07:05:09');
    expect(d?.getFullYear()).toBe(2026);
    expect(d?.getMonth()).toBe(2);
    expect(d?.getHours()).toBe(7);
    expect(fromDate(d as Date, 'second')).toBe('2026-03-08 07:05:09');
    expect(fromDate(d as Date, 'minute')).toBe('2026-03-08 07:05');
    expect(fromDate(d as Date, 'day')).toBe('2026-03-08');
    expect(toDate('2026-03-08')?.getHours()).toBe(0);
    expect(toDate('')).toBeNull();
  });
});
