import mqtt from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signInAdmin, signInOtherOrg, startTestApp } from '../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let base = '';
beforeEach(async () => {
  h = await startTestApp();
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await h.close();
});

function open(url: string, options: WebSocket.ClientOptions = {}) {
  const ws = new WebSocket(url, options);
  const messages: unknown[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  return {
    ws,
    messages,
    closed,
    ready: new Promise((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    }),
  };
}

describe('push channel', () => {
  it('authenticates with the token and answers the heartbeat', async () => {
    const { token } = await signInAdmin(h.app);
    const c = open(`${base.replace('http', 'ws')}/push`);
    await c.ready;
    c.ws.send(JSON.stringify({ type: 'auth', token }));
    await expect.poll(() => c.messages).toContainEqual({ type: 'auth.ok' });
    c.ws.send(JSON.stringify({ type: 'heartbeat' }));
    await expect.poll(() => c.messages.length).toBe(2);
    expect(c.messages[1]).toMatchObject({ type: 'heartbeat' });
    c.ws.close();
  });

  it('pushes a broadcast notice to every console of the organisation, and to no other', async () => {
    const admin = await signInAdmin(h.app);
    const other = await signInOtherOrg(h.app);
    const consoles = [admin, other].map(({ token }) => {
      const c = open(`${base.replace('http', 'ws')}/push`);
      c.ready.then(() => c.ws.send(JSON.stringify({ type: 'auth', token })));
      return c;
    });
    for (const c of consoles) await expect.poll(() => c.messages).toContainEqual({ type: 'auth.ok' });
    const res = await h.app.inject({
      method: 'POST',
      url: '/wnms/web-wn/systemConfig/broad',
      headers: { authorization: admin.token },
      payload: { title: '消防演练', content: '今天下午三点在一楼大厅集合' },
    });
    const { noticeId } = (res.json() as { result: { noticeId: number } }).result;
    await expect
      .poll(() => consoles[0]?.messages)
      .toContainEqual({ type: 'notice', data: { noticeId, title: '消防演练' } });
    // A refused broadcast sends nothing.
    await h.app.inject({
      method: 'POST',
      url: '/wnms/web-wn/systemConfig/broad',
      headers: { authorization: admin.token },
      payload: { title: '', content: '空标题' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(consoles[0]?.messages.filter((m) => (m as { type: string }).type === 'notice')).toHaveLength(1);
    expect(consoles[1]?.messages).toEqual([{ type: 'auth.ok' }]);
    for (const c of consoles) c.ws.close();
  });

  it('closes with 4401 on a bad token or a foreign origin, and tells a signed-out console that its login expired', async () => {
    const bad = open(`${base.replace('http', 'ws')}/push`);
    await bad.ready;
    bad.ws.send(JSON.stringify({ type: 'auth', token: 'nope' }));
    expect(await bad.closed).toBe(4401);
    const foreign = new WebSocket(`${base.replace('http', 'ws')}/push`, { origin: 'http://evil.example' });
    expect(await new Promise((r) => foreign.on('close', (code) => r(code)))).toBe(4401);

    const first = await signInAdmin(h.app);
    const c = open(`${base.replace('http', 'ws')}/push`);
    await c.ready;
    c.ws.send(JSON.stringify({ type: 'auth', token: first.token }));
    await expect.poll(() => c.messages.length).toBe(1);
    await signInAdmin(h.app);
    c.ws.send(JSON.stringify({ type: 'heartbeat' }));
    expect(await c.closed).toBe(4011);
    expect(c.messages.at(-1)).toEqual({ type: 'login.expired', data: { code: 4012 } });
  });
});

describe('push liveness (issue #18)', () => {
  // a fast-beating app of its own, started before the test's clock (a copied PostgreSQL database takes
  // seconds on a busy machine)
  let fast: Harness;
  beforeEach(async () => {
    fast = await startTestApp({ pushBeatMs: 50, pushPingMs: 100 });
  });
  afterEach(async () => {
    await fast.close();
  });
  it('beats every authenticated socket, and drops a socket that stops answering pings (half-open)', async () => {
    const url = `${(await fast.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/push`;
    const { token } = await signInAdmin(fast.app);
    const alive = open(url);
    const dead = open(url, { autoPong: false });
    const unauthenticated = open(url);
    await Promise.all([alive.ready, dead.ready, unauthenticated.ready]);
    for (const c of [alive, dead]) c.ws.send(JSON.stringify({ type: 'auth', token }));
    const beats = (c: typeof alive) =>
      c.messages.filter((m) => (m as { type: string }).type === 'heartbeat').length;
    // beats come unasked, to authenticated sockets only
    await expect.poll(() => beats(alive)).toBeGreaterThanOrEqual(3);
    expect(unauthenticated.messages).toEqual([]);
    // the socket whose other end no longer answers pings is terminated (1006), the live one stays
    expect(await dead.closed).toBe(1006);
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    const before = beats(alive);
    await expect.poll(() => beats(alive)).toBeGreaterThan(before + 2);
    for (const c of [alive, unauthenticated]) c.ws.close();
  });
});

describe('push liveness under load (issue #36)', () => {
  // a fast-beating app of its own, started before the test's clock (a copied PostgreSQL database takes
  // seconds on a busy machine)
  let fast: Harness;
  beforeEach(async () => {
    fast = await startTestApp({ pushBeatMs: 50, pushPingMs: 100 });
  });
  afterEach(async () => {
    await fast.close();
  });
  it('keeps a socket whose answers wait behind a busy server: a late pong is not a dead link', async () => {
    const url = `${(await fast.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/push`;
    const { token } = await signInAdmin(fast.app);
    const slow = open(url);
    await slow.ready;
    slow.ws.send(JSON.stringify({ type: 'auth', token }));
    // The pong is sent, then the process (server and client share it here) is busy for longer than
    // a ping period, as a loaded machine holds a server back: the next ping's timer is due before
    // the pong is read.
    let busy = 0;
    slow.ws.on('ping', () => {
      if (busy++ >= 4) return;
      const until = Date.now() + 250;
      while (Date.now() < until) {
        // a server held back
      }
    });
    const beats = () => slow.messages.filter((m) => (m as { type: string }).type === 'heartbeat').length;
    await expect.poll(() => busy, { timeout: 5_000 }).toBeGreaterThanOrEqual(4);
    const before = beats();
    await expect.poll(beats).toBeGreaterThan(before + 3);
    expect(slow.ws.readyState).toBe(WebSocket.OPEN);
    slow.ws.close();
  });
});

describe('broker over websocket', () => {
  it('lets a console in with its token and only under its own organisation', async () => {
    const admin = await signInAdmin(h.app);
    const client = await mqtt.connectAsync(`${base.replace('http', 'ws')}/mqtt`, {
      username: 'console',
      password: admin.token,
      clientId: `${admin.mqttClientId}-t1`,
      reconnectPeriod: 0,
      connectTimeout: 4000,
    });
    const own = await client.subscribeAsync('org/1/alarm');
    expect(own[0]?.qos).toBe(0);
    // Refused with SUBACK 128; the console stays connected.
    await expect(client.subscribeAsync('org/2/alarm')).rejects.toThrow(/Subscribe error/);
    expect(client.connected).toBe(true);
    await client.endAsync();

    const other = await signInOtherOrg(h.app);
    const otherClient = await mqtt.connectAsync(`${base.replace('http', 'ws')}/mqtt`, {
      username: 'console',
      password: other.token,
      clientId: other.mqttClientId,
      reconnectPeriod: 0,
    });
    await expect(otherClient.subscribeAsync('org/1/#')).rejects.toThrow(/Subscribe error/);
    expect((await otherClient.subscribeAsync('org/2/alarm'))[0]?.qos).toBe(0);
    await otherClient.endAsync();
  });

  it('refuses a console without a valid token', async () => {
    await expect(
      mqtt.connectAsync(`${base.replace('http', 'ws')}/mqtt`, {
        username: 'console',
        password: 'wrong',
        reconnectPeriod: 0,
        connectTimeout: 3000,
      }),
    ).rejects.toThrow();
  });
});
