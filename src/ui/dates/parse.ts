/**
 * What a clerk types into a date box, read the way she means it: 2026-11-26, 2026/11/26, 2026.11.26,
 * 2026年11月26日, 20261126 and 2026-1-5 are all the same kind of day. Each reader gives the one
 * spelling the forms and the server use (YYYY-MM-DD, YYYY-MM, YYYY-MM-DD HH:mm[:ss]) or null when
 * the text is not a real day (2026-02-30) or month.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function realDay(y: number, m: number, d: number): boolean {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

const DAY = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/;
const COMPACT_DAY = /^(\d{4})(\d{2})(\d{2})$/;

/** A day as YYYY-MM-DD, or null. */
export function parseDay(text: string): string | null {
  const t = text.trim();
  const m = DAY.exec(t) ?? COMPACT_DAY.exec(t);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return realDay(y, mo, d) ? `${String(y)}-${pad(mo)}-${pad(d)}` : null;
}

const MONTH = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?$/;
const COMPACT_MONTH = /^(\d{4})(\d{2})$/;

/** A month as YYYY-MM, or null. */
export function parseMonth(text: string): string | null {
  const t = text.trim();
  const m = MONTH.exec(t) ?? COMPACT_MONTH.exec(t);
  if (!m) return null;
  const [y, mo] = [Number(m[1]), Number(m[2])];
  return y >= 1000 && mo >= 1 && mo <= 12 ? `${String(y)}-${pad(mo)}` : null;
}

const TIME = /^(\d{1,2})[:：](\d{1,2})(?:[:：](\d{1,2}))?$/;

/**
 * A moment as YYYY-MM-DD HH:mm:ss (or HH:mm with `seconds` false), or null. The day and the time are
 * parted by a space or a T (what a datetime-local input and an ISO text write); seconds left out are 0.
 */
export function parseDateTime(text: string, seconds = true): string | null {
  const t = text.trim();
  const at = t.search(/[\sT](?=\d{1,2}[:：])/);
  if (at < 0) return null;
  const day = parseDay(t.slice(0, at));
  const time = TIME.exec(t.slice(at + 1).trim());
  if (!day || !time) return null;
  const [h, mi, s] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)];
  if (h > 23 || mi > 59 || s > 59) return null;
  return `${day} ${pad(h)}:${pad(mi)}${seconds ? `:${pad(s)}` : ''}`;
}

/** The calendar's Date for a day or a moment written as above (local time), or null. */
export function toDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!m) return null;
  return new Date(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
  );
}

/** A calendar Date written back: the day, or the moment with or without seconds. */
export function fromDate(date: Date, kind: 'day' | 'minute' | 'second'): string {
  const day = `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  if (kind === 'day') return day;
  const hm = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return kind === 'minute' ? `${day} ${hm}` : `${day} ${hm}:${pad(date.getSeconds())}`;
}
