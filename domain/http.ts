/** Header names the console sends and the server reads (spec 000 §7 "General"). */
export const Header = {
  token: 'authorization',
  appName: 'appname',
  clientKey: 'clientkey',
  userId: 'userid',
  apiVersion: 'api-version',
  apiVersionV1: 'apiversion',
} as const;

export const APP_NAME = 'pims2';
/** Spec 000 §9. */
export const Timing = {
  requestTimeoutMs: 200_000,
  slowRequestMs: 20_000,
  pageBundleTimeoutMs: 120_000,
  toastMs: 2_500,
  logoutDelayMs: 200,
  watermarkDelayMs: 500,
  heartbeatMs: 240_000,
  heartbeatReplyMs: 30_000,
  /** The longest wait between two reconnect attempts (spec 000 §9's 30 s; issue #36: a ceiling). */
  reconnectDelayMs: 30_000,
  brokerConnectTimeoutMs: 4_000,
  brokerReconnectPeriodMs: 4_000,
} as const;

/**
 * How long the push channel waits before its n-th reconnect attempt since it was last live (issue
 * #36 point 10): at once, then about 1, 2, 5, 10 s and the spec's 30 s from then on. A console whose
 * attempt failed under load is back seconds after the server is, not half a minute later.
 */
export const RECONNECT_BACKOFF_MS = [0, 1_000, 2_000, 5_000, 10_000, Timing.reconnectDelayMs] as const;

/** The nominal wait before reconnect attempt `attempts + 1`; the last step repeats. */
export const reconnectBackoffMs = (attempts: number) =>
  RECONNECT_BACKOFF_MS[Math.min(Math.max(0, attempts), RECONNECT_BACKOFF_MS.length - 1)] ??
  Timing.reconnectDelayMs;

/**
 * A wait spread by ±20 % so consoles that lost the server together do not come back in one burst;
 * never above the spec's 30 s.
 */
export const withJitter = (ms: number, random: () => number = Math.random) =>
  Math.min(Timing.reconnectDelayMs, Math.round(ms * (0.8 + 0.4 * random())));

export const LOG_BUFFER_SIZE = 12;
export const LOADING_TEXT = '拼命加载中...';
export const DIALOG = { title: '提示', ok: '确定', cancel: '取消' } as const;
export const LAUNCH_HASH = '/home';
export const STORAGE_PREFIX = 'pims2';

/** An API path with its `:name` segments filled: pathWith('/x/:id/y', { id: 3 }) → '/x/3/y'. */
export const pathWith = (path: string, values: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(values[k] ?? '')));
