/**
 * 考勤统计 (spec 001 §7 "Attendance" GET attendanceStatistics): the month's figures of one staff
 * member from their shift, their work days and their clock records — a pure calculation on the
 * home's wall-clock texts (domain/clock.ts), so a night shift past midnight is plain arithmetic.
 *
 * Per scheduled day D (a work day of the group, on or after the member joined it):
 * - the shift runs from S = D startTime to E = S + its length (an end before the start is the next day);
 * - a clock-in counts from S − clockInBefore until E (the earliest one); after S it is 迟到;
 * - a clock-out counts after S until E + clockOutAfter (the latest one, after the clock-in); before E
 *   it is 早退, after E the minutes past E are 加班;
 * - no clock at all once the clock-out window has closed is 缺勤; one clock of the two missing once
 *   its window closed is 缺卡 (not 早退: nobody knows when they left);
 * - a day whose clock-in window has not opened yet is scheduled and not judged.
 * Clocks outside every window (before the clock-in window opens, say) count for nothing.
 */

export interface ShiftTimes {
  startTime: string;
  endTime: string;
  /** Minutes before the start a clock-in is taken (default 30). */
  clockInBefore: number | null;
  /** Minutes after the end a clock-out is taken (default 60). */
  clockOutAfter: number | null;
}

export interface Clock {
  /** 'YYYY-MM-DD HH:mm[:ss]' in the home's clock. */
  clockTime: string;
  /** 1 上班, 2 下班. */
  clockType: number;
}

export interface MemberSchedule {
  shift: ShiftTimes;
  /** ISO weekdays 1 (Monday) … 7 (Sunday). */
  workDays: readonly number[];
  /** 'YYYY-MM-DD': days before it are not scheduled. */
  joinDate: string;
}

export interface MonthFigures {
  /** 排班天数: the month's scheduled days. */
  scheduledDays: number;
  /** 出勤天数: days with a clock in either window. */
  attendedDays: number;
  /** 迟到次数. */
  lateTimes: number;
  /** 早退次数. */
  earlyTimes: number;
  /** 缺勤天数. */
  absentDays: number;
  /** 缺卡次数. */
  missingTimes: number;
  /** 迟到分钟. */
  lateMinutes: number;
  /** 加班分钟. */
  overtimeMinutes: number;
}

export const DEFAULT_CLOCK_IN_BEFORE = 30;
export const DEFAULT_CLOCK_OUT_AFTER = 60;

/** Minutes since the epoch of a wall-clock text, read as if UTC (only differences matter). */
export function wallMinutes(text: string): number {
  // fixed positions: 'YYYY-MM-DD HH:mm[:ss]' (this runs for every clock of a month's statistics)
  const t = text.trim();
  const days = Date.UTC(+t.slice(0, 4), +t.slice(5, 7) - 1, +t.slice(8, 10)) / 86_400_000;
  const h = t.length >= 16 ? +t.slice(11, 13) : 0;
  const mi = t.length >= 16 ? +t.slice(14, 16) : 0;
  return days * 1440 + h * 60 + mi;
}

const clockMinutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** The days 'YYYY-MM-DD' of a month 'YYYY-MM'. */
export function daysOfMonth(month: string): string[] {
  const [y = 1970, m = 1] = month.split('-').map(Number);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

/** ISO weekday 1 (Monday) … 7 (Sunday) of 'YYYY-MM-DD'. */
export function isoWeekday(day: string): number {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/** The shift of day D as minutes: start, end (past midnight when the end is earlier), windows. */
export function shiftWindow(day: string, shift: ShiftTimes) {
  return windowAt(wallMinutes(`${day} 00:00`), shift);
}

function windowAt(base: number, shift: ShiftTimes) {
  const start = base + clockMinutes(shift.startTime);
  let end = base + clockMinutes(shift.endTime);
  if (end <= start) end += 1440;
  return {
    start,
    end,
    inFrom: start - (shift.clockInBefore ?? DEFAULT_CLOCK_IN_BEFORE),
    outUntil: end + (shift.clockOutAfter ?? DEFAULT_CLOCK_OUT_AFTER),
  };
}

const empty = (): MonthFigures => ({
  scheduledDays: 0,
  attendedDays: 0,
  lateTimes: 0,
  earlyTimes: 0,
  absentDays: 0,
  missingTimes: 0,
  lateMinutes: 0,
  overtimeMinutes: 0,
});

/**
 * One member's figures for `month` as of `now` ('YYYY-MM-DD HH:mm:ss', the home's clock). `clocks`
 * may hold any of the member's clocks (those outside the month's windows are ignored).
 */
export function monthFigures(
  month: string,
  member: MemberSchedule,
  clocks: readonly Clock[],
  now: string,
): MonthFigures {
  const f = empty();
  const nowMin = wallMinutes(now);
  const punches = clocks
    .map((c) => ({ at: wallMinutes(c.clockTime), type: c.clockType }))
    .sort((a, b) => a.at - b.at);
  const ins = punches.filter((p) => p.type === 1).map((p) => p.at);
  const outs = punches.filter((p) => p.type === 2).map((p) => p.at);
  const workDays = new Set(member.workDays);
  const days = daysOfMonth(month);
  const first = wallMinutes(`${days[0]} 00:00`);
  const firstWeekday = isoWeekday(days[0] ?? `${month}-01`);
  for (const [i, day] of days.entries()) {
    if (day < member.joinDate || !workDays.has(((firstWeekday - 1 + i) % 7) + 1)) continue;
    f.scheduledDays++;
    const w = windowAt(first + i * 1440, member.shift);
    if (nowMin < w.inFrom) continue;
    const clockIn = ins.find((t) => t >= w.inFrom && t < w.end);
    let clockOut: number | undefined;
    for (const t of outs)
      if (t > w.start && t <= w.outUntil && (clockIn === undefined || t > clockIn)) clockOut = t;
    const closed = nowMin > w.outUntil;
    if (clockIn === undefined && clockOut === undefined) {
      if (closed) f.absentDays++;
      continue;
    }
    f.attendedDays++;
    if (clockIn === undefined) f.missingTimes++;
    else if (clockIn > w.start) {
      f.lateTimes++;
      f.lateMinutes += clockIn - w.start;
    }
    if (clockOut === undefined) {
      if (closed) f.missingTimes++;
    } else if (clockOut < w.end) f.earlyTimes++;
    else f.overtimeMinutes += clockOut - w.end;
  }
  return f;
}
