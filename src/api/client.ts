import { Code } from '../../domain/codes.js';
import { APP_NAME, Header, Timing } from '../../domain/http.js';
import type { Request, RequestConfig } from '../app/request.js';
import { emit } from '../util/events.js';
import {
  ApiError,
  CANCELLED_TEXT,
  type DescribedError,
  describeApiError,
  effectiveCode,
  normaliseCode,
} from './errors.js';

export interface ClientConfig extends RequestConfig {
  /** Milliseconds before the call fails with 408 (spec: 200000). */
  timeout?: number;
  /** Milliseconds before the slow-request dialog (spec: 20000). */
  slowAfter?: number;
  signal?: AbortSignal;
}

export interface ClientOptions {
  getToken(): string | null;
  getUserId(): number | null;
  fetch?: typeof fetch;
  /** Toasts and messages for failures that are neither silent nor session errors. */
  onError?(error: DescribedError): void;
  onWarn?(text: string): void;
  /** The slow-request dialog: keep waiting or close (cancel). */
  onSlow?(path: string): Promise<'continue' | 'close'>;
  /** Front-log sink for the 'slow query' warning. */
  log?(entry: { type: 'warn' | 'error'; message: string; ajaxUrl: string; parms: string }): void;
  /**
   * The data changed (src/app/dataChanges.ts): a write (POST, PUT, DELETE) succeeded, or the server
   * refused one as clashing with its data (数据冲突), so what the console showed was stale.
   */
  onDataChanged?(change: 'saved' | 'refused'): void;
}

/** Spec 000 §7: a client key from the timestamp, and the user id obscured (base64 of id:timestamp, reversed). */
export const clientKey = (now = Date.now()) => `${now.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
export const encodeUserId = (userId: number, now = Date.now()) =>
  btoa(`${userId}:${now}`).split('').reverse().join('');

function queryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function encodeBody(config: ClientConfig): { body: BodyInit | undefined; contentType: string | null } {
  if (config.data === undefined) return { body: undefined, contentType: null };
  if (config.form === 'multipart') {
    if (config.data instanceof FormData) return { body: config.data, contentType: null };
    const form = new FormData();
    for (const [key, value] of Object.entries(config.data as Record<string, unknown>)) {
      if (value instanceof Blob) form.append(key, value);
      else if (value !== undefined && value !== null) form.append(key, String(value));
    }
    return { body: form, contentType: null };
  }
  if (config.form === 'urlencoded') {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(config.data as Record<string, unknown>))
      if (value !== undefined && value !== null) body.append(key, String(value));
    return { body: body.toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  return { body: JSON.stringify(config.data), contentType: 'application/json' };
}

interface Envelope {
  code?: number | string;
  status?: number;
  msg?: string;
  message?: string;
  desc?: string;
  result?: unknown;
  data?: unknown;
}

export function createApiClient(options: ClientOptions) {
  let loading = 0;
  let sessionErrorRaised = false;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  const setLoading = (delta: 1 | -1) => {
    const before = loading;
    loading = Math.max(0, loading + delta);
    if (before === 0 && loading === 1) emit('loading', true);
    if (before > 0 && loading === 0) emit('loading', false);
  };

  function fail(config: ClientConfig, code: number | string, message: string): never {
    const path = config.url;
    const effective = effectiveCode(code, message);
    if (effective === Code.conflict && (config.method ?? 'GET') !== 'GET') options.onDataChanged?.('refused');
    const described = describeApiError({ code: effective, message, path });
    if (described.kind === 'blockingAlert') {
      if (!sessionErrorRaised) {
        sessionErrorRaised = true;
        emit('sessionError', { code: Number(effective), message: described.text });
      }
    } else if (!config.silent) {
      emit('apiFailed', { code: effective, message, path });
      if (described.kind !== 'logOnly' && code !== 'cancelled') options.onError?.(described);
    }
    throw new ApiError(effective, message, path);
  }

  async function request<T>(config: ClientConfig): Promise<T> {
    const method = config.method ?? 'GET';
    const headers: Record<string, string> = { [Header.clientKey]: clientKey() };
    const token = options.getToken();
    if (token) headers[Header.token] = token;
    const userId = options.getUserId();
    if (userId !== null) headers[Header.userId] = encodeUserId(userId);
    if (config.url.startsWith('/vpms')) headers[Header.appName] = APP_NAME;
    if (config.apiVersion === 'V1.0') headers[Header.apiVersionV1] = 'V1.0';
    if (config.apiVersion === '2') headers[Header.apiVersion] = '2';
    let url = config.url;
    let body: BodyInit | undefined;
    if (method === 'GET') url += queryString(config.params);
    else {
      url += queryString(config.params);
      const encoded = encodeBody(config);
      body = encoded.body;
      if (encoded.contentType) headers['content-type'] = encoded.contentType;
    }

    const controller = new AbortController();
    let reason: 'timeout' | 'slow' | 'cancel' | null = null;
    const onOuterAbort = () => {
      reason = 'cancel';
      controller.abort();
    };
    config.signal?.addEventListener('abort', onOuterAbort);
    const timeout = setTimeout(() => {
      reason = 'timeout';
      controller.abort();
    }, config.timeout ?? Timing.requestTimeoutMs);
    let slowTimer: ReturnType<typeof setTimeout> | undefined;
    const armSlow = () => {
      slowTimer = setTimeout(async () => {
        const choice = (await options.onSlow?.(config.url)) ?? 'continue';
        if (controller.signal.aborted) return;
        if (choice === 'continue') armSlow();
        else {
          reason = 'slow';
          options.log?.({
            type: 'warn',
            message: 'slow query',
            ajaxUrl: config.url,
            parms: JSON.stringify(config.params ?? config.data ?? {}),
          });
          controller.abort();
        }
      }, config.slowAfter ?? Timing.slowRequestMs);
    };
    if (options.onSlow) armSlow();
    if (!config.silent) setLoading(1);

    try {
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, body, signal: controller.signal });
      } catch {
        if (reason === 'timeout') fail(config, 408, '请求超时');
        if (reason === 'slow' || reason === 'cancel') {
          options.onWarn?.(CANCELLED_TEXT);
          fail(config, 'cancelled', CANCELLED_TEXT);
        }
        fail(config, 999, '网络异常，服务器无响应');
      }
      let payload: Envelope | null = null;
      try {
        payload = (await response.json()) as Envelope;
      } catch {
        payload = null;
      }
      if (payload && typeof payload === 'object' && (payload.code === Code.ok || payload.status === 200)) {
        if (method !== 'GET') options.onDataChanged?.('saved');
        return (payload.result !== undefined ? payload.result : payload.data) as T;
      }
      if (
        payload &&
        typeof payload === 'object' &&
        (payload.code !== undefined || payload.status !== undefined)
      ) {
        const raw = payload.code ?? payload.status ?? response.status;
        const message = payload.msg ?? payload.message ?? payload.desc ?? '';
        fail(config, typeof raw === 'number' ? normaliseCode(raw) : raw, message);
      }
      return fail(config, normaliseCode(response.status), response.statusText || '请求失败');
    } finally {
      clearTimeout(timeout);
      clearTimeout(slowTimer);
      config.signal?.removeEventListener('abort', onOuterAbort);
      if (!config.silent) setLoading(-1);
    }
  }

  return {
    request: request as Request & (<T>(config: ClientConfig) => Promise<T>),
    loadingCount: () => loading,
    /** After the session alert was handled (signed in again), a new session error may be raised. */
    resetSessionErrorLatch() {
      sessionErrorRaised = false;
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
