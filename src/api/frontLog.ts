import { LOG_BUFFER_SIZE } from '../../domain/http.js';

export interface FrontLogEntry {
  type: string;
  message: string;
  pageUrl: string;
  ajaxUrl: string;
  parms: string;
  datetime: string;
  ts: number;
}
type Send = (logList: FrontLogEntry[]) => Promise<unknown>;

/** Script errors that are noise, not faults (spec 000 §8 "Ignored script errors"). */
export const IGNORED_ERRORS = [
  /ResizeObserver loop/i,
  /^Script error\.?$/,
  /Non-Error promise rejection captured/i,
  /AbortError/,
];

/**
 * The last 12 log entries (spec 000 §9), sent silently to /pims/di-pi/frontLog when the buffer is
 * full and when the page is hidden.
 */
export function createFrontLog(
  send: Send,
  pageUrl: () => string = () => (typeof location === 'undefined' ? '' : location.href),
) {
  let buffer: FrontLogEntry[] = [];
  const flush = () => {
    if (!buffer.length) return;
    const batch = buffer;
    buffer = [];
    send(batch).catch(() => undefined);
  };
  const add = (entry: { type: string; message: string; ajaxUrl?: string; parms?: string }) => {
    const ts = Date.now();
    buffer.push({
      type: entry.type,
      message: entry.message,
      ajaxUrl: entry.ajaxUrl ?? '',
      parms: entry.parms ?? '',
      pageUrl: pageUrl(),
      ts,
      datetime: new Date(ts).toISOString(),
    });
    if (buffer.length >= LOG_BUFFER_SIZE) flush();
  };
  return { add, flush, pending: () => buffer.length };
}
export type FrontLog = ReturnType<typeof createFrontLog>;

/** Uncaught errors become code 9999 log entries; the page being hidden flushes the buffer. */
export function installGlobalErrorHandlers(win: Window, log: FrontLog) {
  const record = (message: string) => {
    if (IGNORED_ERRORS.some((re) => re.test(message))) return;
    log.add({ type: 'error', message: `9999#${Date.now()}: ${message}` });
  };
  win.addEventListener('error', (e) => record(e.message || String(e.error)));
  win.addEventListener('unhandledrejection', (e) =>
    record(e.reason instanceof Error ? e.reason.message : String(e.reason)),
  );
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') log.flush();
  });
}
