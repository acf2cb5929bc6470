import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { pathWith } from '../../../domain/http.js';
import type { DrawnMachineAnswer, MachineItem, PathsAnswer } from '../../../features/system/api.js';
import { TestPathPaths } from '../../../features/system/api.js';
import { findMachines, formatCsv, generatePaths, sheetRows } from '../../../machines/paths/generate.js';
import { DemoAccounts } from '../../../server/db/seed.js';
import { call, signIn, signInAdmin, startTestApp } from '../../support/serverHarness.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let h: App;
let admin: string;
beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterAll(async () => {
  await h.close();
});

const settleIn = (path: string) => pathWith(path, { machine: 'settleIn' });

describe('状态机与测试路径 from the server (issue #41)', () => {
  it('lists every machine with its module, counts and what its e2e path spec covers', async () => {
    const { body } = await call(h.app, admin, 'GET', TestPathPaths.machines);
    const list = body.result as MachineItem[];
    expect(list.map((m) => m.name).sort()).toEqual(
      findMachines()
        .map((m) => m.name)
        .sort(),
    );
    const settle = list.find((m) => m.title === '入住办理');
    expect(settle?.home).toBe('居住管理');
    expect(settle?.coverage?.kind).toBe('transitions');
    expect(settle?.coverage?.leftOut.map((l) => l.event)).toEqual(['settleIn.pickBed', 'settleIn.setDate']);
    expect(settle?.coverage?.covered).toBeGreaterThan(0);
    expect(settle?.coverage?.covered).toBeLessThanOrEqual(settle?.coverage?.total ?? 0);
    // a machine whose spec leaves nothing out covers every transition its paths can reach
    expect(list.find((m) => m.title === '账单')?.home).toBe('费用管理');
  });

  it('draws a machine: every state and transition placed, guarded ones named, covered ones marked', async () => {
    const { body } = await call(h.app, admin, 'GET', settleIn(TestPathPaths.machine));
    const drawn = body.result as DrawnMachineAnswer;
    expect(drawn.states.map((s) => s.id)).toContain(drawn.states[0]?.id);
    expect(drawn.states.length).toBeGreaterThan(3);
    for (const s of drawn.states) {
      expect(s.label, s.id).toMatch(/[\u4e00-\u9fa5]/);
      expect(s.x + s.width / 2).toBeLessThanOrEqual(drawn.width + 1);
    }
    expect(drawn.transitions.some((t) => t.guard !== null)).toBe(true);
    for (const t of drawn.transitions) expect(t.points.length, t.id).toBeGreaterThan(1);
    // the left-out events are never covered, and say why
    const pick = drawn.transitions.filter((t) => t.event === 'settleIn.pickBed');
    expect(pick.length).toBeGreaterThan(0);
    for (const t of pick) expect([t.covered, Boolean(t.leftOut)]).toEqual([false, true]);
    expect(drawn.transitions.filter((t) => t.covered).length).toBe(drawn.coverage?.covered);
  });

  it('answers the paths and the sheet of `npm run paths`, and refuses an event the machine has not', async () => {
    const found = findMachines().find((m) => m.short === 'settleIn');
    if (!found) throw new Error('no settleIn');
    const without = ['settleIn.pickBed', 'settleIn.setDate'];
    const { body } = await call(
      h.app,
      admin,
      'GET',
      `${settleIn(TestPathPaths.paths)}?kind=transitions&without=${without.join(',')}`,
    );
    const answer = body.result as PathsAnswer;
    const paths = generatePaths(found, 'transitions', without);
    expect(answer.paths.length).toBe(paths.length);
    expect(answer.rows).toEqual(sheetRows(found, paths));
    // each path's transitions are ids of the drawing's transitions
    const drawn = (await call(h.app, admin, 'GET', settleIn(TestPathPaths.machine))).body
      .result as DrawnMachineAnswer;
    const ids = new Set(drawn.transitions.map((t) => t.id));
    for (const p of answer.paths) for (const t of p.transitions) expect(ids.has(t), t).toBe(true);

    const csv = await h.app.inject({
      method: 'GET',
      url: `${settleIn(TestPathPaths.sheet)}?kind=transitions&without=${without.join(',')}&format=csv`,
      headers: { authorization: admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toBe(formatCsv(sheetRows(found, paths)));

    const unknown = await call(h.app, admin, 'GET', `${settleIn(TestPathPaths.paths)}?without=settleIn.fly`);
    expect([unknown.body.code, unknown.body.msg]).toEqual([
      Code.invalidInput,
      '入住办理没有事件 settleIn.fly',
    ]);
    const kind = await call(h.app, admin, 'GET', `${settleIn(TestPathPaths.paths)}?kind=longest`);
    expect(kind.body.code).toBe(Code.invalidInput);
    const none = await call(h.app, admin, 'GET', pathWith(TestPathPaths.machine, { machine: 'nothing' }));
    expect([none.status, none.body.msg]).toEqual([404, '没有名为 nothing 的状态机']);
  });

  it('is the tester’s and the administrator’s: a care worker is refused every call', async () => {
    const tester = await signIn(h.app, DemoAccounts.tester.loginName, DemoAccounts.tester.password);
    expect((await call(h.app, tester.token, 'GET', TestPathPaths.machines)).body.code).toBe(0);
    const worker = (await signIn(h.app, DemoAccounts.careWorker.loginName, DemoAccounts.careWorker.password))
      .token;
    for (const url of [
      TestPathPaths.machines,
      settleIn(TestPathPaths.machine),
      settleIn(TestPathPaths.paths),
      settleIn(TestPathPaths.sheet),
    ]) {
      const refused = await call(h.app, worker, 'GET', url);
      expect(refused.body.code, url).toBe(Code.noAuthority);
    }
  });
});
