import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import { createFrontLog } from '../../src/api/frontLog.js';
import { on } from '../../src/util/events.js';

type Call = { url: string; init: RequestInit };
function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn = (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return Promise.resolve(answer(call));
  };
  return { fn: fn as typeof fetch, calls };
}
const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(
  answer: (call: Call) => Response | Promise<Response>,
  extra: Partial<Parameters<typeof createApiClient>[0]> = {},
) {
  const f = fakeFetch(answer);
  const errors: string[] = [];
  const c = createApiClient({
    getToken: () => 'tok',
    getUserId: () => 7,
    fetch: f.fn,
    onError: (e) => errors.push(e.text),
    ...extra,
  });
  return { ...c, calls: f.calls, errors };
}

describe('API client', () => {
  it('sends the token, client key and obscured user id; GET params as query', async () => {
    const c = client(() => json({ code: 0, result: [1] }));
    await expect(c.request({ url: '/pims/a', params: { b: 2, c: undefined, d: [1, 2] } })).resolves.toEqual([
      1,
    ]);
    const { url, init } = c.calls[0] ?? { url: '', init: {} };
    expect(url).toBe('/pims/a?b=2&d=1%2C2');
    const h = init.headers as Record<string, string>;
    expect(h.authorization).toBe('tok');
    expect(h.clientkey).toMatch(/^[0-9a-z]{10,}$/);
    expect(atob((h.userid ?? '').split('').reverse().join(''))).toMatch(/^7:\d+$/);
    expect(h.appname).toBeUndefined();
  });

  it('adds the application name for /vpms and the api-version headers', async () => {
    const c = client(() => json({ code: 0, result: null }));
    await c.request({ url: '/vpms/x', apiVersion: '2' });
    await c.request({ url: '/pims/y', apiVersion: 'V1.0' });
    expect(headersOf(c.calls[0]).appname).toBe('pims2');
    expect(headersOf(c.calls[0])['api-version']).toBe('2');
    expect(headersOf(c.calls[1]).apiversion).toBe('V1.0');
  });

  it('sends JSON, urlencoded and multipart bodies', async () => {
    const c = client(() => json({ code: 0, result: null }));
    await c.request({ url: '/a', method: 'POST', data: { x: 1 } });
    await c.request({ url: '/b', method: 'PUT', data: { x: 1, y: 'z' }, form: 'urlencoded' });
    await c.request({ url: '/c', method: 'POST', data: { x: 1 }, form: 'multipart' });
    expect(c.calls[0]?.init.body).toBe('{"x":1}');
    expect(c.calls[1]?.init.body).toBe('x=1&y=z');
    expect(headersOf(c.calls[1])['content-type']).toContain('urlencoded');
    expect(c.calls[2]?.init.body).toBeInstanceOf(FormData);
    expect(headersOf(c.calls[2])['content-type']).toBeUndefined();
  });

  it('succeeds on code 0 or status 200 and reads result or data', async () => {
    const c = client((call) =>
      call.url === '/a' ? json({ code: 0, result: 'r' }) : json({ status: 200, data: 'd' }),
    );
    await expect(c.request({ url: '/a' })).resolves.toBe('r');
    await expect(c.request({ url: '/b' })).resolves.toBe('d');
  });

  it('rejects with the code and message; 500/401 get a trailing 0; no response is 999', async () => {
    const c = client((call) => {
      if (call.url === '/biz') return json({ code: 10001, msg: '参数错误' }, 400);
      if (call.url === '/500') return new Response('oops', { status: 500 });
      if (call.url === '/401') return json({ code: 401, message: '权限不足' }, 403);
      throw new TypeError('network');
    });
    await expect(c.request({ url: '/biz' })).rejects.toMatchObject({ code: 10001, message: '参数错误' });
    await expect(c.request({ url: '/500' })).rejects.toMatchObject({ code: 5000 });
    await expect(c.request({ url: '/401' })).rejects.toMatchObject({ code: 4010 });
    await expect(c.request({ url: '/down' })).rejects.toMatchObject({ code: 999 });
    expect(c.errors).toEqual([
      '参数错误',
      '请求失败#5000',
      '权限不足，无法访问，请联系管理员',
      '网络异常，服务器无响应#999',
    ]);
  });

  it('counts loading by reference and leaves silent calls out', async () => {
    const pending: (() => void)[] = [];
    const release = () => {
      for (const r of pending) r();
    };
    const c = client(() => new Promise<Response>((r) => pending.push(() => r(json({ code: 0, result: 1 })))));
    const seen: boolean[] = [];
    const stop = on('loading', (b) => seen.push(b));
    const a = c.request({ url: '/a' });
    const s = c.request({ url: '/s', silent: true });
    expect(c.loadingCount()).toBe(1);
    release();
    await Promise.all([a, s]).catch(() => undefined);
    await vi.waitFor(() => expect(c.loadingCount()).toBe(0));
    stop();
    expect(seen).toEqual([true, false]);
  });

  it('raises the session error once for 4011/4012/4013 and never as a toast', async () => {
    const c = client(() => json({ code: 4012, msg: '此账号已被其他人登录，请重新登录' }, 401));
    const raised: number[] = [];
    const stop = on('sessionError', (e) => raised.push(e.code));
    await expect(c.request({ url: '/a' })).rejects.toMatchObject({ code: 4012 });
    await expect(c.request({ url: '/b', silent: true })).rejects.toMatchObject({ code: 4012 });
    stop();
    expect(raised).toEqual([4012]);
    expect(c.errors).toEqual([]);
  });

  describe('timers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    const hanging = (call: Call) =>
      new Promise<Response>((_, reject) =>
        call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );

    it('times out with 408 after the call timeout', async () => {
      const c = client(hanging);
      const p = c.request({ url: '/slow', timeout: 1000 });
      const expectation = expect(p).rejects.toMatchObject({ code: 408 });
      await vi.advanceTimersByTimeAsync(1000);
      await expectation;
    });

    it('asks after 20 s; continue restarts the timer, close cancels and logs a slow query', async () => {
      const answers: ('continue' | 'close')[] = ['continue', 'close'];
      const asked: number[] = [];
      const logs: string[] = [];
      const warns: string[] = [];
      const c = client(hanging, {
        onSlow: async () => {
          asked.push(Date.now());
          return answers.shift() ?? 'close';
        },
        log: (e) => logs.push(e.message),
        onWarn: (w) => warns.push(w),
      });
      const p = c.request({ url: '/slow' });
      const expectation = expect(p).rejects.toMatchObject({ code: 'cancelled' });
      await vi.advanceTimersByTimeAsync(19_999);
      expect(asked).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(asked).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(20_000);
      expect(asked).toHaveLength(2);
      await expectation;
      expect(logs).toEqual(['slow query']);
      expect(warns).toEqual(['请求已取消，您可以稍后重试']);
    });
  });
});

describe('front log', () => {
  it('keeps 12 entries and sends them when full', () => {
    const sent: number[] = [];
    const log = createFrontLog(
      async (list) => void sent.push(list.length),
      () => '/index.html',
    );
    for (let i = 0; i < 11; i++) log.add({ type: 'error', message: `e${i}` });
    expect(sent).toEqual([]);
    expect(log.pending()).toBe(11);
    log.add({ type: 'error', message: 'e11' });
    expect(sent).toEqual([12]);
    expect(log.pending()).toBe(0);
  });
});
