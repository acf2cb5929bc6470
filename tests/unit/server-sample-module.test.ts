import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import { modules } from '../../features/modules.js';
import { SAMPLE_SCREEN, sampleModule, sampleToolResource } from '../support/sampleModule.js';
import {
  call,
  grantNurse,
  signInAdmin,
  signInOtherOrg,
  startTestApp,
  type TestApp,
} from '../support/serverHarness.js';

// A module defined from its descriptor alone (tests/support/sampleModule.ts) is served in full.
let h: Awaited<ReturnType<typeof startTestApp>>;
let app: TestApp;
let admin: string;
let depts: { nurse1: number; nurse2: number };
const URL = sampleToolResource.api.list as string;

beforeAll(async () => {
  h = await startTestApp({ modules: [...modules, sampleModule] });
  app = h.app;
  admin = (await signInAdmin(app)).token;
  const rows = await app.services.db
    .selectFrom('dept')
    .select(['deptId', 'deptName'])
    .where('orgId', '=', 1)
    .execute();
  const idOf = (name: string) => rows.find((r) => r.deptName === name)?.deptId ?? 0;
  depts = { nurse1: idOf('护理一部'), nurse2: idOf('护理二部') };
});
afterAll(() => h.close());

const create = (token: string, body: Record<string, unknown>) => call(app, token, 'POST', URL, body);
const list = (token: string, query = '') => call(app, token, 'GET', `${URL}?pageNum=1&pageSize=50${query}`);
const rowsOf = (r: { body: { result: unknown } }) =>
  (r.body.result as { list: Record<string, unknown>[]; total: number }).list;

describe('a module made of one descriptor', () => {
  it('is in the menu the server delivers, with its screen path and buttons', async () => {
    const rows = await app.services.db
      .selectFrom('menu')
      .select(['code', 'menuName', 'routePath'])
      .where('code', 'like', 'sample%')
      .orderBy('code')
      .execute();
    expect(rows).toEqual([
      { code: 'sample', menuName: '器具管理', routePath: '' },
      { code: 'sample:tools', menuName: '护理器具', routePath: SAMPLE_SCREEN },
      { code: 'sample:tools:add', menuName: '新增器具', routePath: '' },
      { code: 'sample:tools:delete', menuName: '删除器具', routePath: '' },
      { code: 'sample:tools:edit', menuName: '编辑器具', routePath: '' },
    ]);
  });

  it('creates, lists, filters, reads, updates, exports and deletes, each change in the operation log', async () => {
    const made = await create(admin, { toolName: '助行器', quantity: 4, price: 35000, deptId: depts.nurse1 });
    expect(made.body).toMatchObject({ code: 0 });
    const toolId = (made.body.result as { toolId: number }).toolId;
    await create(admin, { toolName: '轮椅', quantity: 2, deptId: depts.nurse2 });
    await create(admin, { toolName: '护理床', quantity: 1, deptId: depts.nurse1 });

    expect(rowsOf(await list(admin)).map((r) => r.toolName)).toEqual(['护理床', '轮椅', '助行器']);
    expect(
      rowsOf(await list(admin, `&toolName=${encodeURIComponent('助行')}`)).map((r) => r.toolName),
    ).toEqual(['助行器']);
    const one = await call(app, admin, 'GET', `${URL}/${toolId}`);
    expect(one.body.result).toMatchObject({ toolName: '助行器', quantity: 4, price: 35000 });

    const updated = await call(app, admin, 'PUT', URL, { toolId, toolName: '助行器', quantity: 6 });
    expect(updated.body.code).toBe(0);
    expect((await call(app, admin, 'GET', `${URL}/${toolId}`)).body.result).toMatchObject({ quantity: 6 });

    const csv = await app.inject({
      method: 'GET',
      url: `${URL}?export=csv`,
      headers: { authorization: admin },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('器具名称');
    expect(csv.body).toContain('助行器');

    const removed = await call(app, admin, 'DELETE', `${URL}/${toolId}`);
    expect(removed.body).toMatchObject({ code: 0, result: { deleted: 1 } });
    expect(rowsOf(await list(admin)).map((r) => r.toolName)).toEqual(['护理床', '轮椅']);

    const log = await app.services.db
      .selectFrom('operationLog')
      .select(['operationType', 'operationName'])
      .where('operationName', 'like', '%护理器具%')
      .orderBy('logId')
      .execute();
    expect(log.map((l) => l.operationType)).toEqual(['ADD', 'ADD', 'ADD', 'UPDATE', 'DELETE']);
    expect(log[4]?.operationName).toBe('护理器具：助行器');
  });

  it('refuses bad input with the field named in Chinese and writes nothing', async () => {
    const before = rowsOf(await list(admin)).length;
    const blank = await create(admin, { toolName: '', quantity: 1 });
    expect(blank.body).toMatchObject({ code: Code.invalidInput, msg: '请填写器具名称' });
    const negative = await create(admin, { toolName: '拐杖', quantity: -1 });
    expect(negative.body).toMatchObject({ code: Code.invalidInput, msg: '数量不能小于0' });
    const twice = await create(admin, { toolName: '轮椅', quantity: 1 });
    expect(twice.body).toMatchObject({ code: Code.conflict, msg: '器具名称“轮椅”已存在' });
    expect(rowsOf(await list(admin))).toHaveLength(before);
  });

  it('checks its authority codes: a nurse without them is refused, with them sees her department only', async () => {
    // An administrator takes the module from the nurses' role: the server refuses every call.
    const without = await grantSample([]);
    expect((await list(without)).body.code).toBe(Code.noAuthority);
    expect((await create(without, { toolName: '血压计', quantity: 1 })).body.code).toBe(Code.noAuthority);

    // Then grants the list alone: she sees her department's tools and may not add one.
    const viewer = await grantSample(['sample:tools']);
    const seen = rowsOf(await list(viewer));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.deptId === depts.nurse1)).toBe(true);
    const other = rowsOf(await list(admin)).find((r) => r.deptId === depts.nurse2);
    const denied = await call(app, viewer, 'GET', `${URL}/${String(other?.toolId)}`);
    expect(denied.body.code).toBe(Code.deptNotAllowed);
    expect((await create(viewer, { toolName: '体温计', quantity: 1 })).body.code).toBe(Code.noAuthority);
  });

  it('keeps another institution out', async () => {
    const other = (await signInOtherOrg(app)).token;
    expect(rowsOf(await list(other))).toEqual([]);
  });
});

const grantSample = (codes: string[]) => grantNurse(app, 'sample', codes);

describe("its workflow actions, asked of the record's machine", () => {
  it('retires a tool in service once; a second retire is refused naming the state; restore brings it back', async () => {
    const made = await create(admin, { toolName: '氧气瓶', quantity: 2 });
    const toolId = (made.body.result as { toolId: number }).toolId;
    expect((await call(app, admin, 'GET', `${URL}/${toolId}`)).body.result).toMatchObject({ inService: 1 });

    const retired = await call(app, admin, 'PUT', `${URL}/${toolId}/retire`, {});
    expect(retired.body).toMatchObject({ code: 0, result: { toolId } });
    expect((await call(app, admin, 'GET', `${URL}/${toolId}`)).body.result).toMatchObject({ inService: 0 });

    const again = await call(app, admin, 'PUT', `${URL}/${toolId}/retire`, {});
    expect(again.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已退役，不能退役' });
    expect((await call(app, admin, 'PUT', `${URL}/${toolId}/restore`, {})).body.code).toBe(0);
    expect((await call(app, admin, 'GET', `${URL}/${toolId}`)).body.result).toMatchObject({ inService: 1 });

    const log = await app.services.db
      .selectFrom('operationLog')
      .select('operationName')
      .where('operationName', 'like', '%护理器具：氧气瓶')
      .orderBy('logId')
      .execute();
    expect(log.map((l) => l.operationName)).toEqual([
      '护理器具：氧气瓶',
      '退役护理器具：氧气瓶',
      '恢复护理器具：氧气瓶',
    ]);
  });

  it("needs the action's authority and keeps to the department and the organisation", async () => {
    const made = await create(admin, { toolName: '轮椅垫', quantity: 1, deptId: depts.nurse1 });
    const toolId = (made.body.result as { toolId: number }).toolId;
    const elsewhere = await create(admin, { toolName: '坐便椅', quantity: 1, deptId: depts.nurse2 });
    const elsewhereId = (elsewhere.body.result as { toolId: number }).toolId;
    const viewer = await grantSample(['sample:tools']);
    expect((await call(app, viewer, 'PUT', `${URL}/${toolId}/retire`, {})).body.code).toBe(Code.noAuthority);
    const editor = await grantSample(['sample:tools', 'sample:tools:edit']);
    expect((await call(app, editor, 'PUT', `${URL}/${elsewhereId}/retire`, {})).body.code).toBe(
      Code.deptNotAllowed,
    );
    expect((await call(app, admin, 'GET', `${URL}/${elsewhereId}`)).body.result).toMatchObject({
      inService: 1,
    });
    expect((await call(app, editor, 'PUT', `${URL}/${toolId}/retire`, {})).body.code).toBe(0);
    const other = (await signInOtherOrg(app)).token;
    expect((await call(app, other, 'PUT', `${URL}/${toolId}/retire`, {})).body.code).toBe(Code.notFound);
    const bad = await call(app, admin, 'PUT', `${URL}/abc/retire`, {});
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '编号无效' });
  });
});
