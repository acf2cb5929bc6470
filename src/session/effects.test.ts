// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { LoginPaths, SessionPaths } from '../../domain/api/sessionPaths.js';
import type { UserInfo } from '../../domain/session.js';
import type { ApiClient } from '../api/client.js';
import { local } from '../util/storage.js';
import { provideSession, warmStart } from './effects.js';

const user = (landingEndId: number) =>
  ({
    userId: 7,
    token: 'tok-7',
    username: 'huli01',
    resetPassword: 0,
    dataDeptInfoList: [{ deptId: 3, deptName: '护理一部' }],
    selectedDataDeptId: 3,
    landingEndList: [{ landingEndId, landingEndName: 'PC' }],
    authority: [],
    orgInfo: { orgId: 1 },
    empInfo: { empName: '护士' },
    quickEntry: [],
  }) as unknown as UserInfo;

/** A client that records each call in order and answers from `answers` (a function throws). */
function fakeClient(answers: Record<string, unknown | (() => never)>) {
  const asked: string[] = [];
  const request = (async ({ url }: { url: string }) => {
    asked.push(url);
    const answer = answers[url];
    if (typeof answer === 'function') return (answer as () => never)();
    if (answer === undefined) throw new Error(`unexpected call ${url}`);
    return answer;
  }) as ApiClient['request'];
  const client = { request, resetSessionErrorLatch: () => undefined } as unknown as ApiClient;
  return { client, asked };
}

const menu1 = `/passport/web-rbac/logins/menu/1`;

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the console asks for the session before its shell mounts (issue #17: first paint)', () => {
  it('asks the profile at once and the menus once it answered; the session machine uses both answers, asking nothing again', async () => {
    local.set('userInfo', user(1));
    const { client, asked } = fakeClient({
      [SessionPaths.proFile]: user(1),
      [menu1]: [{ menuId: 1 }],
      [LoginPaths.menuButton]: [{ code: 'x:y' }],
    });
    const warm = warmStart(client);
    expect(asked).toEqual([SessionPaths.proFile]);
    await warm.menus?.answer;
    expect(asked).toEqual([SessionPaths.proFile, menu1, LoginPaths.menuButton]);

    const actor = createActor(provideSession(client, warm)).start();
    const done = await waitFor(actor, (s) => s.matches('authenticated'));
    expect(done.context.menus).toEqual([{ menuId: 1 }]);
    expect(done.context.userInfo?.token).toBe('tok-7');
    expect(asked).toHaveLength(3);
    actor.stop();
  });

  it('asks nothing without a stored token', () => {
    const { client, asked } = fakeClient({});
    expect(warmStart(client)).toEqual({});
    expect(asked).toEqual([]);
  });

  it('a token no longer valid: the user id is asked as spec 000 §8 says, no menus, and the session is anonymous', async () => {
    local.set('userInfo', user(1));
    const { client, asked } = fakeClient({
      [SessionPaths.proFile]: () => {
        throw new Error('4010');
      },
      [SessionPaths.getUserID]: '',
    });
    const warm = warmStart(client);
    const actor = createActor(provideSession(client, warm)).start();
    await waitFor(actor, (s) => s.matches('anonymous'));
    await warm.menus?.answer.catch(() => undefined);
    expect(asked).toEqual([SessionPaths.proFile, SessionPaths.getUserID]);
    actor.stop();
  });

  it('a profile naming another landing end: the menus are asked for that one, by the machine', async () => {
    local.set('userInfo', user(1));
    const { client, asked } = fakeClient({
      [SessionPaths.proFile]: user(2),
      '/passport/web-rbac/logins/menu/2': [{ menuId: 2 }],
      [LoginPaths.menuButton]: [],
    });
    const actor = createActor(provideSession(client, warmStart(client))).start();
    const done = await waitFor(actor, (s) => s.matches('authenticated'));
    expect(done.context.menus).toEqual([{ menuId: 2 }]);
    expect(asked).toEqual([SessionPaths.proFile, '/passport/web-rbac/logins/menu/2', LoginPaths.menuButton]);
    actor.stop();
  });

  it('a user who must change the password or choose a department: no menus asked early', async () => {
    for (const who of [
      { ...user(1), resetPassword: 1 },
      { ...user(1), selectedDataDeptId: null },
    ] as UserInfo[]) {
      localStorage.clear();
      local.set('userInfo', who);
      const { client, asked } = fakeClient({ [SessionPaths.proFile]: who });
      const warm = warmStart(client);
      await warm.menus?.answer.catch(() => undefined);
      expect(asked).toEqual([SessionPaths.proFile]);
    }
  });

  it('early menus that failed are asked again, so the failure the machine reports is its own', async () => {
    local.set('userInfo', user(1));
    let menuCalls = 0;
    const { client } = fakeClient({
      [SessionPaths.proFile]: user(1),
      [menu1]: () => {
        menuCalls++;
        if (menuCalls === 1) throw new Error('网络异常');
        return [{ menuId: 1 }] as never;
      },
      [LoginPaths.menuButton]: [],
    });
    const actor = createActor(provideSession(client, warmStart(client))).start();
    const done = await waitFor(actor, (s) => s.matches('authenticated'));
    expect(done.context.menus).toEqual([{ menuId: 1 }]);
    expect(menuCalls).toBe(2);
    actor.stop();
  });
});
