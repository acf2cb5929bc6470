/**
 * The home's wall clock. Times a person reads or types (a bill's month, a move-in day, when a call
 * was answered, an outing's return) are local wall-clock texts, `YYYY-MM-DD HH:mm:ss` and
 * `YYYY-MM-DD`, in the time zone of the process: the console's browser, and the server's `TZ`
 * (`npm start` sets Asia/Shanghai unless TZ is given). Instants kept for machines (sessions, payment
 * orders, telemetry) stay epoch milliseconds or ISO texts with their zone.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a moment, in local time. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' of a moment, in local time. */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  return `${localDay(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Now, as a record's time: 'YYYY-MM-DD HH:mm:ss' local. */
export const nowStamp = (): string => localDateTime(Date.now());

/** Today, local: 'YYYY-MM-DD'. */
export const today = (): string => localDay(Date.now());

/** The moment of a wall-clock time 'YYYY-MM-DD HH:mm[:ss]' (the inverse of localDateTime). */
export function localDateTimeMs(text: string): number {
  const [date = '', time = ''] = text.split(' ');
  const [y = 0, mo = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0, s = 0] = time.split(':').map(Number);
  return new Date(y, mo - 1, d, h, mi, s).getTime();
}
