import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import { ALL_DATA_DEPTS } from '../../domain/deptChoice.js';
import { OLDMAN_BASE } from '../../domain/resources/oldman.js';
import { ResidencePaths } from '../../domain/resources/residence.js';
import type { UserInfo } from '../../domain/session.js';
import { COST } from '../../features/expense/api.js';
import {
  defaultDeptId,
  heldDeptIds,
  holdsDept,
  inReadDepts,
  readDeptIds,
  readScopeKey,
  requireDept,
} from '../../server/http/deptScope.js';
import { call, signInAdmin, signInNurse, startTestApp } from '../support/serverHarness.js';

describe('the data-department scope of a request', () => {
  const held = [3, 5, 7];
  it('reads the chosen department; all held ones with 全部部门 or before a choice', () => {
    expect(readDeptIds({ dataDeptIds: held, selectedDeptId: 5 })).toEqual([5]);
    expect(readDeptIds({ dataDeptIds: held, selectedDeptId: ALL_DATA_DEPTS })).toEqual(held);
    expect(readDeptIds({ dataDeptIds: held, selectedDeptId: null })).toEqual(held);
    // a choice the user no longer holds reads nothing of it
    expect(readDeptIds({ dataDeptIds: held, selectedDeptId: 9 })).toEqual(held);
    // no department at all: a list that matches nothing, never an empty `in ()`
    expect(readDeptIds({ dataDeptIds: [], selectedDeptId: null })).toEqual([-1]);
    expect(heldDeptIds({ dataDeptIds: [], selectedDeptId: null })).toEqual([-1]);
  });

  it('writes and opens by id in any held department, whatever is chosen', () => {
    const user = { dataDeptIds: held, selectedDeptId: 5 };
    expect(holdsDept(user, 3)).toBe(true);
    expect(() => requireDept(user, 7)).not.toThrow();
    expect(() => requireDept(user, 4)).toThrow(expect.objectContaining({ code: Code.deptNotAllowed }));
    expect(() => requireDept(null, 3)).toThrow(expect.objectContaining({ code: Code.deptNotAllowed }));
    expect(defaultDeptId(user)).toBe(5);
    expect(defaultDeptId({ dataDeptIds: held, selectedDeptId: ALL_DATA_DEPTS })).toBe(3);
  });

  it('keys kept answers and SQL by the scope read', () => {
    expect(readScopeKey({ dataDeptIds: held, selectedDeptId: 5 })).not.toBe(
      readScopeKey({ dataDeptIds: held, selectedDeptId: 0 }),
    );
    const fragment = sql`select 1 where ${inReadDepts('o.deptId', { dataDeptIds: held, selectedDeptId: 7 })}`;
    expect(fragment.compile(dummyCompiler).sql).toContain('"o"."deptId" in (7)');
  });
});

// Compiles without a database (Kysely's SQLite dialect pieces are enough for a fragment).

const dummyCompiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('lists follow the chosen data department (issue #23: 长者档案 listed all 151 with 护理二部 chosen)', () => {
  type Harness = Awaited<ReturnType<typeof startTestApp>>;
  type Rec = Record<string, unknown>;
  let h: Harness;
  let admin: string;
  let depts: { deptId: number; deptName: string }[];
  const deptOf = (name: string) => depts.find((d) => d.deptName === name)?.deptId ?? -1;
  beforeAll(async () => {
    h = await startTestApp();
    admin = (await signInAdmin(h.app)).token;
    depts = (await call(h.app, admin, 'GET', '/passport/web-rbac/logins/getDataDeptInfoList')).body
      .result as typeof depts;
  });
  afterAll(async () => {
    await h.close();
  });
  const choose = async (deptId: number, token = admin) =>
    call(h.app, token, 'POST', `/passport/web-rbac/logins/selectDataDeptID/${deptId}`);
  const list = async (url: string, token = admin) => {
    const res = await call(h.app, token, 'GET', url);
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.result as { list: Rec[]; total: number };
  };
  /** Lists whose rows carry the elder's department, read the way the console reads them. */
  const elderLists = [
    `${OLDMAN_BASE}?pageSize=500`,
    `${OLDMAN_BASE}?pageHelper=0&oldmanStatuses=1,4`,
    `${ResidencePaths.list}?pageSize=500`,
  ];

  it('each list shows the chosen department only, and every held one with 全部部门', async () => {
    const one = deptOf('护理一部');
    const two = deptOf('护理二部');
    expect(one).toBeGreaterThan(0);
    expect(two).toBeGreaterThan(0);
    expect((await choose(ALL_DATA_DEPTS)).body).toMatchObject({ code: 0, result: { deptName: '全部部门' } });
    const everyone = await list(elderLists[0] as string);
    const me = (await call(h.app, admin, 'GET', '/pims/web-pi/oldmans/proFile')).body.result as UserInfo;
    expect(me.selectedDataDeptId).toBe(ALL_DATA_DEPTS);
    for (const url of elderLists) {
      await choose(two);
      const second = await list(url);
      expect(second.total, url).toBeGreaterThan(0);
      expect(new Set(second.list.map((r) => r.deptId)), url).toEqual(new Set([two]));
      // the same address answered again for another choice: a kept answer is never another scope's
      await choose(one);
      const first = await list(url);
      expect(new Set(first.list.map((r) => r.deptId)), url).toEqual(new Set([one]));
      await choose(ALL_DATA_DEPTS);
      const all = await list(url);
      expect(all.total, url).toBe(first.total + second.total);
    }
    expect(everyone.total).toBeGreaterThan(0);
  });

  it('accounts, bills, receipts and reports read the chosen department too', async () => {
    const two = deptOf('护理二部');
    await choose(two);
    const accounts = await list(`${COST}/account?pageHelper=0`);
    const names = new Set(accounts.list.map((r) => r.oldmanId));
    const elders = await list(`${OLDMAN_BASE}?pageSize=500`);
    expect(names).toEqual(new Set(elders.list.map((r) => r.oldmanId)));
    const receipts = await list(`${COST}/receipt?pageHelper=0`);
    expect(receipts.total).toBeGreaterThan(0);
    const receiptElders = new Set(
      (
        await h.app.services.db
          .selectFrom('ledgerTx')
          .innerJoin('oldman', 'oldman.oldmanId', 'ledgerTx.oldmanId')
          .select(['ledgerTx.txId', 'oldman.deptId'])
          .where(
            'ledgerTx.txId',
            'in',
            receipts.list.length ? receipts.list.map((r) => Number(r.txId)) : [-1],
          )
          .execute()
      ).map((r) => r.deptId),
    );
    expect([...receiptElders].every((d) => d === two)).toBe(true);
    await choose(ALL_DATA_DEPTS);
  });

  it('writes stay allowed in every held department, whatever is chosen; others are refused', async () => {
    const one = deptOf('护理一部');
    const two = deptOf('护理二部');
    await choose(two);
    // the chosen department filters what the list shows, not what may be opened by its id
    await choose(one);
    const inOne = (await list(`${OLDMAN_BASE}?pageSize=1`)).list[0] as Rec;
    await choose(two);
    const opened = await call(h.app, admin, 'GET', `${OLDMAN_BASE}/proFile/${String(inOne.oldmanId)}`);
    expect(opened.body.code).toBe(0);
    const paid = await call(h.app, admin, 'POST', `${COST}/account/1/0`, {
      oldmanId: inOne.oldmanId,
      amount: 100,
      payWay: 2,
    });
    expect(paid.body.code, paid.body.msg).toBe(0);

    const nurse = (await signInNurse(h.app)).token;
    expect((await choose(two, nurse)).body.code).toBe(Code.deptNotAllowed);
    const inTwo = (await list(`${OLDMAN_BASE}?pageSize=1`)).list[0] as Rec;
    const refused = await call(h.app, nurse, 'POST', `${COST}/account/1/0`, {
      oldmanId: inTwo.oldmanId,
      amount: 100,
      payWay: 2,
    });
    expect(refused.body.code).toBe(Code.deptNotAllowed);
    // 全部部门 of a nurse with one department is that department
    expect((await choose(ALL_DATA_DEPTS, nurse)).body.code).toBe(0);
    const mine = await list(`${OLDMAN_BASE}?pageSize=500`, nurse);
    expect(new Set(mine.list.map((r) => r.deptId))).toEqual(new Set([one]));
  });
});
