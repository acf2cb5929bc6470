import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { Code } from '../../domain/codes.js';
import { Timing } from '../../domain/http.js';
import type { UserInfo } from '../../domain/session.js';
import { makeDept, makeUserInfo } from '../../machines/paths/sampleUsers.js';
import { type SessionEvent, sessionAlertText, sessionMachine } from '../../machines/sessionMachine.js';

/** The users whose shape decides where a sign-in leads. */
const users = {
  chooses: makeUserInfo(),
  single: makeUserInfo({ userId: 2, dataDeptInfoList: [makeDept(2, '护理一部')] }),
  ready: makeUserInfo({ userId: 3, selectedDataDeptId: 1 }),
  mustReset: makeUserInfo({ userId: 4, resetPassword: 1 }),
};
const err = (code: number) => ({ code, message: `错误${code}` });
const sessionErrors = [Code.loginExpired, Code.signedInElsewhere, Code.keyInfoChanged].map(
  (code) => ({ type: 'session.error', code }) as const,
);

/** Every event the model may take from a state: what the user does and what the effects report back. */
function eventsFrom(value: string): SessionEvent[] {
  switch (value) {
    case 'checking':
      return [
        { type: 'session.checked', userInfo: null },
        { type: 'session.checked', userInfo: users.ready },
      ];
    case 'anonymous':
      return [{ type: 'session.login', loginName: 'admin', loginPassword: 'pw' }];
    case 'authenticating':
      return [
        ...Object.values(users).map((userInfo) => ({ type: 'session.loginSucceeded', userInfo }) as const),
        { type: 'session.loginFailed', error: err(Code.wrongCredentials) },
        { type: 'session.loginFailed', error: err(Code.photoCodeRequired) },
      ];
    case 'passwordChangeRequired':
      return [
        { type: 'session.changePassword', password: 'Newpass2026' },
        { type: 'session.logout' },
        ...sessionErrors,
      ];
    case 'changingPassword':
      return [
        { type: 'session.passwordChanged' },
        { type: 'session.passwordChangeFailed', error: err(Code.passwordWeak) },
      ];
    case 'choosingDepartment':
      return [
        { type: 'session.selectDept', deptId: 2 },
        { type: 'session.cancelSwitch' },
        { type: 'session.logout' },
        ...sessionErrors,
      ];
    case 'selectingDepartment':
      return [
        { type: 'session.deptSelected', deptId: 2 },
        { type: 'session.deptSelectFailed', error: err(Code.deptNotAllowed) },
        ...sessionErrors,
      ];
    case 'loadingMenus':
      return [
        { type: 'session.menusLoaded', menus: [], buttons: [] },
        { type: 'session.menusFailed', error: err(5000) },
        ...sessionErrors,
      ];
    case 'authenticated':
      return [{ type: 'session.logout' }, { type: 'session.switchDept' }, ...sessionErrors];
    case 'startupFailed':
      return [{ type: 'session.logout' }];
    case 'expired':
    case 'signedInElsewhere':
    case 'keyInfoChanged':
      return [{ type: 'session.alertClosed' }];
    case 'loggingOut':
      return [{ type: 'session.loggedOut' }];
    case 'leaving':
      return [{ type: 'session.cleared' }];
    default:
      return [];
  }
}

type Snapshot = ReturnType<typeof sessionMachine.getInitialSnapshot>;
function serialize(s: Snapshot): string {
  return JSON.stringify([
    s.value,
    Math.min(s.context.failures, 3),
    s.context.photoCodeRequired,
    s.context.userInfo?.userId ?? 0,
    s.context.userInfo?.selectedDataDeptId ?? null,
  ]);
}
/** A readable name for a path: the states and events, not the whole context. */
const describePath = (steps: readonly { event: { type: string }; state: Snapshot }[], end: Snapshot) =>
  steps
    .filter((st) => st.event.type !== 'xstate.init')
    .map((st) => `—${st.event.type.replace('session.', '')}→ ${String(st.state.value)}`)
    .join(' ') || String(end.value);

const model = createTestModel(sessionMachine, {
  events: (snapshot) => eventsFrom(String(snapshot.value)),
  // Failures beyond the photo-code threshold look alike; so do users with the same shape.
  serializeState: (s) => serialize(s),
});

/** The system under test: a real actor whose effects are recorded instead of calling the server. */
function startSut() {
  const effects: { name: string; params?: unknown }[] = [];
  const record = (name: string) => (_: unknown, params?: unknown) => void effects.push({ name, params });
  const names = [
    'checkSession',
    'startLogin',
    'startSelectDept',
    'startChangePassword',
    'startLoadMenus',
    'startLogout',
    'scheduleClear',
    'storeUser',
    'storeMenus',
    'showBlockingAlert',
    'raiseLogoutEvent',
    'clearStorage',
  ] as const;
  const actor = createActor(
    sessionMachine.provide({ actions: Object.fromEntries(names.map((n) => [n, record(n)])) as never }),
  );
  actor.start();
  const called = (name: string) => effects.filter((e) => e.name === name);
  return { actor, effects, called };
}

describe('session machine, model-based paths', () => {
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });

  it('reaches every state of the machine', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(
      Object.keys(sessionMachine.root.states)
        .filter((s) => s !== 'deciding')
        .sort(),
    );
  });

  // Every transition: the shortest path to each state, then each event the model offers there.
  const adjacency = model.getAdjacencyMap();
  const transitionCases = paths.flatMap((path) =>
    eventsFrom(String(path.state.value)).map((event) => ({ path, event })),
  );

  it('offers transitions from every state but the transient one', () => {
    const from = new Set(transitionCases.map((c) => String(c.path.state.value)));
    expect(from.size).toBe(Object.keys(sessionMachine.root.states).length - 1);
  });

  for (const { path, event } of transitionCases) {
    it(`${describePath(path.steps, path.state)} —${event.type.replace('session.', '')}${'code' in event ? ` ${event.code}` : ''}→`, () => {
      const sut = startSut();
      for (const step of path.steps) sut.actor.send(step.event);
      expect(sut.actor.getSnapshot().value).toEqual(path.state.value);
      sut.actor.send(event);
      const expected = adjacency[serialize(path.state) as keyof typeof adjacency]?.transitions;
      const next = Object.values(expected ?? {}).find(
        (t) => JSON.stringify(t.event) === JSON.stringify(event),
      )?.state;
      expect(next, 'the model has this transition').toBeDefined();
      expect(sut.actor.getSnapshot().value).toEqual(next?.value);
      sut.actor.stop();
    });
  }

  for (const path of paths) {
    it(describePath(path.steps, path.state), async () => {
      const sut = startSut();
      const eventTypes = [...new Set(paths.flatMap((p) => p.steps.map((st) => st.event.type)))];
      await path.test({
        states: {
          '*': (snapshot) => {
            expect(sut.actor.getSnapshot().value).toEqual(snapshot.value);
          },
        },
        events: Object.fromEntries(
          eventTypes.map((type) => [type, ({ event }: { event: SessionEvent }) => sut.actor.send(event)]),
        ) as never,
      });
      // What a user would notice at the end of the path.
      const end = sut.actor.getSnapshot();
      const value = String(end.value);
      expect(sut.called('checkSession')).toHaveLength(1);
      if (['expired', 'signedInElsewhere', 'keyInfoChanged'].includes(value)) {
        expect(sut.called('showBlockingAlert').at(-1)?.params).toEqual({ text: end.context.alertText });
        expect(Object.values(sessionAlertText)).toContain(end.context.alertText);
      }
      if (value === 'authenticating')
        expect(sut.called('startLogin').at(-1)?.params).toEqual({ loginName: 'admin', loginPassword: 'pw' });
      if (value === 'leaving')
        expect(sut.called('scheduleClear').at(-1)?.params).toEqual({ ms: Timing.logoutDelayMs });
      if (value === 'anonymous' && path.steps.some((st) => st.event.type === 'session.cleared')) {
        expect(sut.called('raiseLogoutEvent').length).toBeGreaterThan(0);
        expect(sut.called('clearStorage').length).toBeGreaterThan(0);
        expect(end.context.userInfo).toBeNull();
      }
      if (value === 'authenticated') {
        expect(end.context.userInfo?.selectedDataDeptId).not.toBeNull();
        expect(sut.called('storeMenus').length).toBeGreaterThan(0);
      }
      sut.actor.stop();
    });
  }
});

describe('session machine rules', () => {
  it('asks for the photo code after three wrong passwords', () => {
    const { actor } = startSut();
    actor.send({ type: 'session.checked', userInfo: null });
    for (let i = 1; i <= 3; i++) {
      expect(actor.getSnapshot().context.photoCodeRequired).toBe(false);
      actor.send({ type: 'session.login', loginName: 'admin', loginPassword: 'x' });
      actor.send({
        type: 'session.loginFailed',
        error: { code: Code.wrongCredentials, message: '用户名或密码错误' },
      });
      expect(actor.getSnapshot().value).toBe('anonymous');
      expect(actor.getSnapshot().context.failures).toBe(i);
    }
    expect(actor.getSnapshot().context.photoCodeRequired).toBe(true);
    expect(actor.getSnapshot().context.error?.message).toBe('用户名或密码错误');
  });

  it('chooses a department only with more than one and none selected; a single one is selected by itself', () => {
    const run = (user: UserInfo) => {
      const sut = startSut();
      sut.actor.send({ type: 'session.checked', userInfo: user });
      return {
        state: sut.actor.getSnapshot().value,
        selected: sut.called('startSelectDept').map((e) => e.params),
      };
    };
    expect(run(users.chooses)).toEqual({ state: 'choosingDepartment', selected: [] });
    expect(run(users.ready)).toEqual({ state: 'loadingMenus', selected: [] });
    expect(run(users.single)).toEqual({ state: 'selectingDepartment', selected: [{ deptId: 2 }] });
    expect(run(users.mustReset).state).toBe('passwordChangeRequired');
  });

  it('a switch of department can be cancelled back to the console; the first choice after sign-in cannot', () => {
    const first = startSut();
    first.actor.send({ type: 'session.checked', userInfo: users.chooses });
    first.actor.send({ type: 'session.cancelSwitch' });
    expect(first.actor.getSnapshot().value).toBe('choosingDepartment');

    const { actor, called } = startSut();
    actor.send({ type: 'session.checked', userInfo: users.single });
    actor.send({ type: 'session.deptSelected', deptId: 2 });
    actor.send({ type: 'session.menusLoaded', menus: [], buttons: [] });
    actor.send({ type: 'session.switchDept' });
    expect(actor.getSnapshot().value).toBe('choosingDepartment');
    expect(actor.getSnapshot().can({ type: 'session.cancelSwitch' })).toBe(true);
    actor.send({ type: 'session.cancelSwitch' });
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.userInfo?.selectedDataDeptId).toBe(2);
    // nothing was asked of the server: the department in use stays
    expect(called('startSelectDept')).toHaveLength(1);
    expect(called('startLoadMenus')).toHaveLength(1);
    // a failed switch comes back to the choice, which can still be cancelled
    actor.send({ type: 'session.switchDept' });
    actor.send({ type: 'session.selectDept', deptId: 3 });
    actor.send({ type: 'session.deptSelectFailed', error: err(Code.deptNotAllowed) });
    expect(actor.getSnapshot().value).toBe('choosingDepartment');
    actor.send({ type: 'session.cancelSwitch' });
    expect(actor.getSnapshot().value).toBe('authenticated');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
