import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInAdmin, startTestApp } from '../support/serverHarness.js';

/** Issue #20 item 2: the console's error log must not be a way to fill the disk. */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const entry = (message = 'TypeError: x is undefined') => ({
  type: 'error',
  message,
  pageUrl: 'http://127.0.0.1/index.html#/home',
  ajaxUrl: '',
  parms: '',
  datetime: new Date().toISOString(),
  ts: Date.now(),
});

function post(logList: unknown[], token: string | null, remoteAddress = '203.0.113.7') {
  return h.app.inject({
    method: 'POST',
    url: '/pims/di-pi/frontLog',
    remoteAddress,
    headers: token ? { authorization: token } : {},
    payload: { logList },
  });
}

const storedRows = async () =>
  Number(
    (
      await h.app.services.db
        .selectFrom('frontLog')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('front log limits', () => {
  it('takes a few anonymous entries per address and refuses the flood', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) answers.push((await post([entry(), entry()], null)).statusCode);
    expect(answers.slice(0, 3)).toEqual([200, 200, 200]);
    expect(answers.at(-1)).toBe(429);
    const refused = await post([entry()], null);
    expect(refused.json()).toEqual({ code: 10105, msg: '尝试次数过多，请稍后再试', result: null });
    expect(await storedRows()).toBeLessThanOrEqual(12);
    // Another address (another sign-in page) still gets its few entries through.
    expect((await post([entry()], null, '203.0.113.8')).statusCode).toBe(200);
  });

  it('refuses a post with more entries or bytes than the console ever sends at once', async () => {
    const { token } = await signInAdmin(h.app);
    const many = await post(
      Array.from({ length: 13 }, () => entry()),
      token,
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().code).toBe(10001);
    const big = await post(
      Array.from({ length: 6 }, () => entry('x'.repeat(3900))),
      token,
    );
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe(10001);
    expect(await storedRows()).toBe(0);
  });

  it("caps a signed-in user's entries and bytes per minute, and lets them log again the next minute", async () => {
    const { token } = await signInAdmin(h.app);
    const answers: number[] = [];
    for (let i = 0; i < 60; i++)
      answers.push((await post([entry('e'.repeat(1000)), entry('f'.repeat(1000))], token)).statusCode);
    expect(answers[0]).toBe(200);
    expect(answers.at(-1)).toBe(429);
    const kept = await storedRows();
    expect(kept).toBeGreaterThan(2);
    expect(kept).toBeLessThanOrEqual(60);
    const bytes = await h.app.services.db
      .selectFrom('frontLog')
      .select((eb) => eb.fn.sum<number>(eb.fn('length', ['message'])).as('b'))
      .executeTakeFirstOrThrow();
    expect(Number(bytes.b)).toBeLessThanOrEqual(64 * 1024);
    h.clock.now += 61_000;
    expect((await post([entry()], token)).statusCode).toBe(200);
  });

  it('prunes entries older than the operation log keeps its rows', async () => {
    const { token } = await signInAdmin(h.app);
    expect((await post([entry('old')], token)).statusCode).toBe(200);
    // keepLogDays of the server settings: 180 by default.
    h.clock.now += 181 * 24 * 60 * 60 * 1000;
    expect((await post([entry('new')], null)).statusCode).toBe(200);
    const messages = await h.app.services.db.selectFrom('frontLog').select('message').execute();
    expect(messages.map((m) => m.message)).toEqual(['new']);
  });
});
