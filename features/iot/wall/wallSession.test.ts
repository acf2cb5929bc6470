import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../domain/session.js';
import { openWallSession, wallStore } from './wallSession.js';

function memory() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}
const desk = { token: 'desk-token', userId: 7, orgInfo: { orgId: 3 } } as unknown as UserInfo;
const answering = (body: unknown, calls: { url: string; auth: string | null; body: string }[] = []) =>
  (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      auth: new Headers(init?.headers).get('authorization'),
      body: String(init?.body ?? ''),
    });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;

describe('the wall session of the browser', () => {
  it('asks the server for a wall token with the console token and keeps it apart from the console’s', async () => {
    const storage = memory();
    const store = wallStore(storage);
    const calls: { url: string; auth: string | null; body: string }[] = [];
    const ok = await openWallSession(
      store,
      desk,
      answering({ code: 0, result: { token: 'wall-token', orgInfo: {} } }, calls),
    );
    expect(ok).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toContain('/screenPassLogin');
    expect(calls[0]?.auth).toBe('desk-token');
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({ orgId: 3 });
    expect(store.user()?.token).toBe('wall-token');
    expect([...storage.items.keys()]).toEqual(['pims2.wallUser']);
    // a wall that has its session asks nothing more
    await openWallSession(store, desk, answering({}, calls));
    expect(calls).toHaveLength(1);
    store.clear();
    expect(store.user()).toBeNull();
  });

  it('stays without a session when there is no console session or the server refuses', async () => {
    const store = wallStore(memory());
    expect(await openWallSession(store, null, answering({}))).toBe(false);
    expect(
      await openWallSession(store, desk, answering({ code: 4012, msg: '此账号已被其他人登录，请重新登录' })),
    ).toBe(false);
    expect(store.user()).toBeNull();
  });
});
