import { describe, expect, it } from 'vitest';
import {
  type Clock,
  daysOfMonth,
  isoWeekday,
  type MemberSchedule,
  monthFigures,
  wallMinutes,
} from '../../../features/administration/api/attendanceStatistics.js';

const early = { startTime: '07:00', endTime: '15:00', clockInBefore: 30, clockOutAfter: 60 };
const night = { startTime: '23:00', endTime: '07:00', clockInBefore: 30, clockOutAfter: 60 };
/** Every day of November 2026 (a Sunday is 2026-11-01). */
const everyDay = (shift = early, joinDate = '2026-01-01'): MemberSchedule => ({
  shift,
  workDays: [1, 2, 3, 4, 5, 6, 7],
  joinDate,
});
const AFTER = '2026-12-15 00:00:00';
const inAt = (clockTime: string): Clock => ({ clockTime, clockType: 1 });
const outAt = (clockTime: string): Clock => ({ clockTime, clockType: 2 });

describe('考勤统计: the month of one staff member', () => {
  it('knows the calendar', () => {
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2028-02')).toHaveLength(29);
    expect(isoWeekday('2026-11-01')).toBe(7);
    expect(isoWeekday('2026-11-02')).toBe(1);
    expect(wallMinutes('2026-11-02 00:01') - wallMinutes('2026-11-01 23:59')).toBe(2);
  });

  it('counts an on-time day, a late one, an early leave and overtime', () => {
    const f = monthFigures(
      '2026-11',
      { ...everyDay(), joinDate: '2026-11-02' },
      [
        inAt('2026-11-02 06:50:00'),
        outAt('2026-11-02 15:02:00'),
        inAt('2026-11-03 07:12:30'),
        outAt('2026-11-03 15:00:00'),
        inAt('2026-11-04 06:59:59'),
        outAt('2026-11-04 14:30:00'),
      ],
      '2026-11-04 23:00:00',
    );
    expect(f).toMatchObject({
      scheduledDays: 29,
      attendedDays: 3,
      lateTimes: 1,
      lateMinutes: 12,
      earlyTimes: 1,
      absentDays: 0,
      missingTimes: 0,
      overtimeMinutes: 2,
    });
  });

  it('judges only the days whose window has opened, and absent days once their window closed', () => {
    const f = monthFigures('2026-11', everyDay(), [], '2026-11-03 07:30:00');
    // 1st and 2nd closed (absent); the 3rd is under way (not yet absent); the rest are to come
    expect(f.scheduledDays).toBe(30);
    expect(f.absentDays).toBe(2);
    expect(f.attendedDays).toBe(0);
  });

  it('counts the work days of the week and nothing before the day the member joined', () => {
    const weekdays = { ...everyDay(), workDays: [1, 2, 3, 4, 5], joinDate: '2026-11-16' };
    expect(monthFigures('2026-11', weekdays, [], AFTER)).toMatchObject({ scheduledDays: 11, absentDays: 11 });
  });

  it('takes a night shift past midnight: the clock-out of the next morning is that night’s', () => {
    const f = monthFigures(
      '2026-11',
      { ...everyDay(night), joinDate: '2026-11-30' },
      [inAt('2026-11-30 22:45:00'), outAt('2026-12-01 07:40:00')],
      AFTER,
    );
    expect(f).toMatchObject({
      scheduledDays: 1,
      attendedDays: 1,
      lateTimes: 0,
      earlyTimes: 0,
      overtimeMinutes: 40,
    });
    // and December does not count that clock-out for its own first night
    const dec = monthFigures(
      '2026-12',
      { ...everyDay(night), joinDate: '2026-12-01' },
      [outAt('2026-12-01 07:40:00')],
      '2026-12-02 09:00:00',
    );
    expect(dec).toMatchObject({ attendedDays: 0, absentDays: 1 });
  });

  it('takes a night shift’s late clock-in after midnight', () => {
    const f = monthFigures(
      '2026-11',
      { ...everyDay(night), joinDate: '2026-11-10' },
      [inAt('2026-11-11 00:20:00'), outAt('2026-11-11 07:05:00')],
      '2026-11-11 12:00:00',
    );
    expect(f).toMatchObject({ attendedDays: 1, lateTimes: 1, lateMinutes: 80, absentDays: 0 });
  });

  it('counts a missing clock-out as 缺卡 once its window closed, never as 早退', () => {
    const one = { ...everyDay(), joinDate: '2026-11-30' };
    const clocks = [inAt('2026-11-30 06:55:00')];
    expect(monthFigures('2026-11', one, clocks, '2026-11-30 15:30:00')).toMatchObject({
      attendedDays: 1,
      missingTimes: 0,
      earlyTimes: 0,
    });
    expect(monthFigures('2026-11', one, clocks, '2026-11-30 16:01:00')).toMatchObject({
      attendedDays: 1,
      missingTimes: 1,
      earlyTimes: 0,
    });
    // a clock-out alone: attended, the clock-in is missing
    expect(monthFigures('2026-11', one, [outAt('2026-11-30 15:10:00')], AFTER)).toMatchObject({
      attendedDays: 1,
      missingTimes: 1,
      lateTimes: 0,
      overtimeMinutes: 10,
    });
  });

  it('ignores a clock before the window opens (and one after the clock-out window)', () => {
    const one = { ...everyDay(), joinDate: '2026-11-30' };
    const f = monthFigures(
      '2026-11',
      one,
      [inAt('2026-11-30 06:20:00'), outAt('2026-11-30 16:30:00')],
      AFTER,
    );
    expect(f).toMatchObject({ attendedDays: 0, absentDays: 1, overtimeMinutes: 0 });
    // the window's first minute counts
    const g = monthFigures(
      '2026-11',
      one,
      [inAt('2026-11-30 06:30:00'), outAt('2026-11-30 16:00:00')],
      AFTER,
    );
    expect(g).toMatchObject({ attendedDays: 1, lateTimes: 0, overtimeMinutes: 60 });
  });

  it('takes the earliest clock-in and the latest clock-out', () => {
    const one = { ...everyDay(), joinDate: '2026-11-30' };
    const f = monthFigures(
      '2026-11',
      one,
      [
        inAt('2026-11-30 07:20:00'),
        inAt('2026-11-30 06:58:00'),
        outAt('2026-11-30 14:00:00'),
        outAt('2026-11-30 15:20:00'),
      ],
      AFTER,
    );
    expect(f).toMatchObject({ lateTimes: 0, earlyTimes: 0, overtimeMinutes: 20 });
  });
});
