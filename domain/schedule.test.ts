import { describe, expect, it } from 'vitest';
import { durationText, formatWeekdays, parseWeekdays, timeWindowText, weekdaysText } from './schedule.js';

describe('rule schedules as the lists show them', () => {
  it('reads time windows, including ones that wrap midnight', () => {
    expect(timeWindowText('00:00', '24:00')).toBe('全天');
    expect(timeWindowText('08:00', '08:00')).toBe('全天');
    expect(timeWindowText('08:00', '20:00')).toBe('08:00–20:00');
    expect(timeWindowText('21:00', '06:00')).toBe('21:00–次日06:00');
  });

  it('names common weekday sets and lists the rest', () => {
    expect(weekdaysText('1,2,3,4,5,6,7')).toBe('每天');
    expect(weekdaysText('5,4,3,2,1')).toBe('工作日');
    expect(weekdaysText('6,7')).toBe('周末');
    expect(weekdaysText('1,3,7')).toBe('周一、周三、周日');
    expect(weekdaysText('')).toBe('—');
    expect(parseWeekdays('3,1,1,9,x')).toEqual([1, 3]);
    expect(formatWeekdays([7, 2, 2, 5])).toBe('2,5,7');
  });

  it('reads durations in the largest whole unit', () => {
    expect(durationText(0)).toBe('立即');
    expect(durationText(45)).toBe('45 秒');
    expect(durationText(600)).toBe('10 分钟');
    expect(durationText(90)).toBe('1 分 30 秒');
    expect(durationText(7200)).toBe('2 小时');
  });
});
