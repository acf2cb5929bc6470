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
  reconnectDelayMs: 30_000,
  brokerConnectTimeoutMs: 4_000,
  brokerReconnectPeriodMs: 4_000,
} as const;

export const LOG_BUFFER_SIZE = 12;
export const LOADING_TEXT = '拼命加载中...';
export const DIALOG = { title: '提示', ok: '确定', cancel: '取消' } as const;
export const LAUNCH_HASH = '/home';
export const STORAGE_PREFIX = 'pims2';

/** An API path with its `:name` segments filled: pathWith('/x/:id/y', { id: 3 }) → '/x/3/y'. */
export const pathWith = (path: string, values: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(values[k] ?? '')));
