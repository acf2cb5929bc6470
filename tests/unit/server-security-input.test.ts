import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBanner } from '../../server/banner.js';
import { DemoAccounts } from '../../server/db/seed.js';
import { parseTrustProxy } from '../../server/http/trustProxy.js';
import { call, multipart, signInAdmin, startTestApp } from '../support/serverHarness.js';

/** Issue #20 items 7 and 10: security headers, input hygiene, framework errors, banner, TRUST_PROXY. */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness | null = null;
const temp: string[] = [];
afterEach(async () => {
  await h?.close();
  h = null;
  for (const dir of temp.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const app = () => {
  if (!h) throw new Error('no app');
  return h.app;
};
/**
 * The describe's tests each get an app started before their own clock runs: a copied PostgreSQL
 * database can take seconds on a busy machine.
 */
const appForEach = (options: () => Parameters<typeof startTestApp>[0] = () => ({})) =>
  beforeEach(async () => {
    h = await startTestApp(options());
  });

describe('security headers on the console pages (item 7)', () => {
  appForEach(() => {
    const staticDir = mkdtempSync(join(tmpdir(), 'eldercare-static-'));
    temp.push(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>控制台</title>');
    return { staticDir };
  });
  it('sends a Content-Security-Policy without inline scripts, frame-ancestors self, nosniff and a referrer policy', async () => {
    const page = await app().inject({ method: 'GET', url: '/index.html' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
    expect(directive('script-src')).not.toContain("'unsafe-eval'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive('worker-src')).toContain('blob:');
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('input hygiene (item 10)', () => {
  appForEach();
  it('strips control and bidi-override characters from text fields', async () => {
    const { token } = await signInAdmin(app());
    const saved = await call(app(), token, 'POST', '/pims/web-org/dictionarys', {
      dictionaryCode: 'spoof_test',
      dictionaryName: 'a\u0000b\u202Egpj.exe\u2066c\u0007',
      remark: 'line one\nline two\ttabbed',
    });
    expect(saved.body.code).toBe(0);
    const list = await call(app(), token, 'GET', '/pims/web-org/dictionarys?pageHelper=0&keyword=spoof_test');
    const text = JSON.stringify(list.body.result);
    expect(text).toContain('abgpj.exec');
    expect(text).toContain('line one\\nline two\\ttabbed');
    expect(text).not.toMatch(/\\u0000|\\u0007|\u202E|\u2066/);
  });

  it('builds imageBase64 from the checked content, not from the type the client declared', async () => {
    const { token } = await signInAdmin(app());
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]);
    const res = await multipart(app(), token, '/pims/web-org/common/upload', {
      name: '\u202Egnp.png',
      bytes: png,
      type: 'text/html',
    });
    expect(res.body.code).toBe(0);
    expect(String(res.body.result.imageBase64)).toMatch(/^data:image\/png;base64,/);
    const stored = await app()
      .services.db.selectFrom('storedFile')
      .select(['mime', 'sourceFileName'])
      .where('relPath', 'not like', 'photos/%') // the seeded album photos
      .execute();
    expect(stored).toEqual([{ mime: 'image/png', sourceFileName: 'gnp.png' }]);
  });
});

describe('framework errors in the envelope (item 10)', () => {
  appForEach();
  const raw = (port: number, text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
  const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));

  it('answers 414, 400 and 431 as {code,msg,result}', async () => {
    const long = await app().inject({
      method: 'GET',
      url: `/pims/web-pi/oldmans/proFile/getOldmanByIdCard/${'1'.repeat(300)}`,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ code: 10001, msg: '请求地址过长', result: null });
    const badUrl = await app().inject({
      method: 'GET',
      url: '/pims/web-pi/oldmans/proFile/getOldmanByIdCard/%E0%A4%A',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ code: 10001, result: null });

    const base = await app().listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(base).port);
    const garbage = await raw(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    expect(bodyOf(garbage)).toEqual({ code: 10001, msg: '请求格式错误', result: null });
    const huge = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${base}/pims/web-org/notices`,
        { headers: { 'x-padding': 'x'.repeat(20_000) } },
        (res) => {
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toEqual({ code: 10001, msg: '请求头过大', result: null });
  });
});

describe('start banner (item 10)', () => {
  it('names the demo accounts without their passwords', () => {
    const text = startBanner({
      ms: 1200,
      host: '127.0.0.1',
      port: 8080,
      databaseFile: '/data/eldercare.sqlite',
    });
    for (const account of Object.values(DemoAccounts)) {
      expect(text).toContain(account.loginName);
      expect(text).not.toContain(account.password);
    }
    expect(text).toContain('http://127.0.0.1:8080/');
  });
});

describe('TRUST_PROXY (item 10)', () => {
  it('reads the setting as Fastify takes it', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    const oneHop = parseTrustProxy('1');
    if (typeof oneHop !== 'function') throw new Error('a hop count becomes a function');
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  const loginFrom = (forwardedFor: string, loginPassword = 'Admin@2026') =>
    app().inject({
      method: 'POST',
      url: '/passport/web-rbac/logins/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { loginName: 'admin', loginPassword },
    });
  const loggedAddresses = async () =>
    (
      await app()
        .services.db.selectFrom('operationLog')
        .select('ipAddress')
        .where('operationType', '=', 'LOGIN')
        .execute()
    ).map((r) => r.ipAddress);

  describe('behind a trusted proxy', () => {
    appForEach(() => ({ trustProxy: ['127.0.0.1'], loginRatePerMinute: 2 }));
    it('behind a trusted proxy records and limits the client address, not the proxy', async () => {
      const first = await loginFrom('203.0.113.10');
      expect(first.json().result.ipAddress).toBe('203.0.113.10');
      expect(await loggedAddresses()).toEqual(['203.0.113.10']);
      expect((await loginFrom('203.0.113.10')).statusCode).toBe(200);
      expect((await loginFrom('203.0.113.10')).statusCode).toBe(429);
      // Another user behind the same proxy has a budget of their own.
      expect((await loginFrom('203.0.113.11')).statusCode).toBe(200);
    });
  });
  describe('without the setting', () => {
    appForEach();
    it('without the setting records the address the connection came from', async () => {
      await loginFrom('203.0.113.10');
      expect(await loggedAddresses()).toEqual(['127.0.0.1']);
    });
  });
});
