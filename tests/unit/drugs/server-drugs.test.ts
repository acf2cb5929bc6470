import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { KeepState } from '../../../domain/statuses/drugs.js';
import { DrugAuthority as A, KeepType, DrugApi as P, TakeType } from '../../../features/drugs/api.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
let h: Harness;
let admin = '';
/** An elder of the restricted nurse's department (护理一部) and one of another department. */
let own = 0;
let other = 0;
let aspirin = 0;
const db = () => h.app.services.db;
const inAYear = localDay(Date.now() + 365 * 86_400_000);

const one = async <T = Rec>(query: ReturnType<typeof sql>) =>
  (await query.execute(db())).rows[0] as T | undefined;
const count = async (table: string) =>
  Number((await one<{ n: number }>(sql`select count(*) as n from ${sql.table(table)}`))?.n);
const keepRow = async (keepId: number) =>
  (await one<{ restQuantity: number; keepState: number }>(
    sql`select restQuantity, keepState from drugKeep where keepId = ${keepId}`,
  )) ?? { restQuantity: -1, keepState: -1 };

const register = async (token: string, oldmanId: number, quantity: number, over: Rec = {}) =>
  call(h.app, token, 'POST', P.keep, {
    oldmanId,
    drugId: aspirin,
    quantity,
    expiryDate: inAYear,
    handedBy: '王建国',
    batchNo: 'B2026001',
    ...over,
  });
const newKeep = async (quantity: number, oldmanId = own) => {
  const res = await register(admin, oldmanId, quantity);
  expect(res.body.code).toBe(0);
  return Number((res.body.result as Rec).keepId);
};
const dose = (token: string, keepId: number, quantity: number, over: Rec = {}) =>
  call(h.app, token, 'POST', P.use, { keepId, quantity, ...over });

beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  const nurseDept = await one<{ deptId: number }>(sql`select d.deptId from userDataDept d
    join users u on u.userId = d.userId where u.loginName = 'huli01'`);
  const deptId = Number(nurseDept?.deptId);
  own = Number(
    (
      await one<{ id: number }>(sql`select oldmanId as id from oldman where orgId = 1 and deptId = ${deptId}
      and oldmanStatus in (1, 4) order by oldmanId limit 1`)
    )?.id,
  );
  other = Number(
    (
      await one<{ id: number }>(sql`select oldmanId as id from oldman where orgId = 1 and deptId != ${deptId}
      and oldmanStatus in (1, 4) order by oldmanId limit 1`)
    )?.id,
  );
  const drugs = (await call(h.app, admin, 'GET', P.dictNoPage)).body.result as Rec[];
  aspirin = Number(drugs.find((d) => d.drugName === '阿司匹林肠溶片')?.drugId);
  expect([own, other, aspirin].every((n) => n > 0)).toBe(true);
});
afterAll(async () => {
  await h.close();
});

describe('drugs per elder: custody, doses, take-outs (issue #16)', () => {
  it('the seed shows kept drugs, doses and schedules; the books reconcile', async () => {
    const stock = (await call(h.app, admin, 'GET', `${P.keepStock}?pageNum=1&pageSize=50`)).body.result as {
      list: Rec[];
      total: number;
    };
    expect(stock.total).toBeGreaterThan(3);
    const row = stock.list.find((r) => r.drugName === '硝苯地平缓释片');
    expect(row).toMatchObject({ unit: '片', dailyDose: 2 });
    expect(Number(row?.daysLeft)).toBe(Math.floor(Number(row?.quantity) / 2));
    const uses = (await call(h.app, admin, 'GET', `${P.use}?pageNum=1&pageSize=5`)).body.result as Rec;
    expect(Number(uses.total)).toBeGreaterThan(20);
    const takes = (await call(h.app, admin, 'GET', `${P.take}?pageNum=1&pageSize=5`)).body.result as {
      list: Rec[];
    };
    expect(takes.list[0]).toMatchObject({ drugName: '硝酸甘油片', takeType: TakeType.giveBack });
    expect((await call(h.app, admin, 'GET', P.keepReconcile)).body.result).toMatchObject({ balanced: true });
  });

  it('register, dose, give back part, destroy the rest: rests, states and the ledger follow', async () => {
    const reg = await register(admin, own, 10, { handedPhone: '13812345678' });
    expect(reg.body.code).toBe(0);
    const keepId = Number((reg.body.result as Rec).keepId);
    const detail = (await call(h.app, admin, 'GET', pathWith(P.keepOne, { id: keepId }))).body.result as Rec;
    expect(detail).toMatchObject({
      restQuantity: 10,
      unit: '片',
      keepState: KeepState.kept,
      handedBy: '王建国',
    });

    expect((await dose(admin, keepId, 2, { remark: '早餐后' })).body.code).toBe(0);
    expect(await keepRow(keepId)).toEqual({ restQuantity: 8, keepState: KeepState.partlyUsed });
    const logs = await sql<{ operationName: string }>`select operationName from operationLog
      where path like '/pims/web-org/drug/%' order by logId desc limit 2`.execute(db());
    expect(logs.rows.map((r) => r.operationName)).toEqual([
      expect.stringMatching(/^用药：.+ 阿司匹林肠溶片 2片$/),
      '代管登记：10片，交药人王建国',
    ]);
    const open = (await call(h.app, admin, 'GET', `${P.useKeep}?oldmanId=${own}`)).body.result as Rec[];
    expect(open.find((k) => k.keepId === keepId)).toMatchObject({
      restQuantity: 8,
      drugName: '阿司匹林肠溶片',
    });

    const back = await call(h.app, admin, 'POST', P.take, {
      keepId,
      takeType: TakeType.giveBack,
      quantity: 3,
      receiverName: '王建国',
    });
    expect(back.body.code).toBe(0);
    expect(await keepRow(keepId)).toEqual({ restQuantity: 5, keepState: KeepState.partlyUsed });
    const gone = await call(h.app, admin, 'POST', P.take, {
      keepId,
      takeType: TakeType.destroy,
      quantity: 5,
      receiverName: '护士长孙立明',
    });
    expect(gone.body.code).toBe(0);
    expect(await keepRow(keepId)).toEqual({ restQuantity: 0, keepState: KeepState.destroyed });

    // a closed record takes nothing more, and nothing changes
    const late = await dose(admin, keepId, 1);
    expect(late.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已销毁，不能用药' });

    const moves = (
      await call(h.app, admin, 'GET', `${P.keepStockRecord}?pageNum=1&pageSize=10&keepId=${keepId}`)
    ).body.result as { list: Rec[] };
    expect(moves.list.map((m) => [m.keepType, m.quantity, m.balanceAfter])).toEqual([
      [KeepType.destroy, -5, 0],
      [KeepType.giveBack, -3, 5],
      [KeepType.use, -2, 8],
      [KeepType.receive, 10, 10],
    ]);
    expect((await call(h.app, admin, 'GET', P.keepReconcile)).body.result).toMatchObject({ balanced: true });
  });

  it('a dose or take-out beyond the rest is refused in Chinese and changes nothing', async () => {
    const keepId = await newKeep(3);
    const before = [await count('drugUse'), await count('drugKeepRecord'), await count('drugTake')];
    const over = await dose(admin, keepId, 4);
    expect(over.body.code).toBe(Code.drugKeepInsufficient);
    expect(over.body.msg).toMatch(/^代管药品余量不足：.+的阿司匹林肠溶片现余3片，不能服用4片$/);
    const take = await call(h.app, admin, 'POST', P.take, {
      keepId,
      takeType: TakeType.giveBack,
      quantity: 9,
      receiverName: '王建国',
    });
    expect(take.body.code).toBe(Code.drugKeepInsufficient);
    expect(take.body.msg).toContain('不能退还9片');
    expect(await keepRow(keepId)).toEqual({ restQuantity: 3, keepState: KeepState.kept });
    expect([await count('drugUse'), await count('drugKeepRecord'), await count('drugTake')]).toEqual(before);
  });

  it('a round of doses (use/useIds) is all or nothing', async () => {
    const a = await newKeep(5);
    const b = await newKeep(1);
    const uses = await count('drugUse');
    const refused = await call(h.app, admin, 'POST', P.useIds, {
      doses: [
        { keepId: a, quantity: 1 },
        { keepId: b, quantity: 2 },
      ],
    });
    expect(refused.body.code).toBe(Code.drugKeepInsufficient);
    expect([await keepRow(a), await keepRow(b), await count('drugUse')]).toEqual([
      { restQuantity: 5, keepState: KeepState.kept },
      { restQuantity: 1, keepState: KeepState.kept },
      uses,
    ]);
    const dup = await call(h.app, admin, 'POST', P.useIds, {
      doses: [
        { keepId: a, quantity: 1 },
        { keepId: a, quantity: 1 },
      ],
    });
    expect(dup.body).toMatchObject({ code: Code.invalidInput, msg: '同一代管药品不能重复发放' });
    const round = await call(h.app, admin, 'POST', P.useIds, {
      doses: [
        { keepId: a, quantity: 1 },
        { keepId: b, quantity: 1 },
      ],
    });
    expect(round.body.code).toBe(0);
    expect((round.body.result as { useIds: number[] }).useIds).toHaveLength(2);
    expect(await keepRow(b)).toEqual({ restQuantity: 0, keepState: KeepState.usedUp });
  });

  it('twenty concurrent doses on five kept units: exactly five win, never below zero', async () => {
    const keepId = await newKeep(5);
    const answers = await Promise.all(Array.from({ length: 20 }, () => dose(admin, keepId, 1)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(5);
    expect(answers.filter((a) => a.body.code === Code.drugKeepInsufficient)).toHaveLength(15);
    expect(await keepRow(keepId)).toEqual({ restQuantity: 0, keepState: KeepState.usedUp });
    const used = await one<{ n: number }>(sql`select count(*) as n from drugUse where keepId = ${keepId}`);
    expect(Number(used?.n)).toBe(5);
    expect((await call(h.app, admin, 'GET', P.keepReconcile)).body.result).toMatchObject({ balanced: true });
  });

  it('the database itself refuses a rest below zero or above what was received', async () => {
    const keepId = await newKeep(2);
    await expect(
      sql`update drugKeep set restQuantity = -1 where keepId = ${keepId}`.execute(db()),
    ).rejects.toThrow(/代管药品余量不能为负数/);
    await expect(
      sql`update drugKeep set restQuantity = 3 where keepId = ${keepId}`.execute(db()),
    ).rejects.toThrow(/代管药品余量不能为负数/);
  });

  it('bad input: Chinese messages, nothing written', async () => {
    const keeps = await count('drugKeep');
    for (const [over, msg] of [
      [{ quantity: 0 }, '接收数量'],
      [{ handedBy: '' }, '交药人'],
      [{ expiryDate: '2020-01-01' }, '药品已过有效期，不能登记代管'],
      [{ drugId: 99999 }, '药品不存在'],
      [{ oldmanId: 99999 }, '长者'],
    ] as const) {
      const res = await register(admin, own, 10, over);
      expect(res.body.code, JSON.stringify(over)).not.toBe(0);
      expect(res.body.msg).toContain(msg);
    }
    expect(await count('drugKeep')).toBe(keeps);
    const keepId = await newKeep(2);
    expect((await dose(admin, keepId, 0)).body.msg).toContain('用量');
    expect((await dose(admin, keepId, 1, { useTime: '2099-01-01 08:00:00' })).body.msg).toBe(
      '用药时间不能晚于当前时间',
    );
    expect((await dose(admin, 99999, 1)).body).toMatchObject({ code: Code.notFound, msg: '代管药品不存在' });
    expect(await keepRow(keepId)).toEqual({ restQuantity: 2, keepState: KeepState.kept });
  });

  it('schedules: times match 每日次数; the stock shows the day’s need', async () => {
    const bad = await call(h.app, admin, 'POST', P.set, {
      oldmanId: own,
      drugId: aspirin,
      dose: 1,
      timesPerDay: 2,
      useTimes: '08:00',
      startDate: localDay(Date.now()),
      setStatus: 1,
    });
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '服药时间应有2个，与每日次数相同' });
    const ok = await call(h.app, admin, 'POST', P.set, {
      oldmanId: own,
      drugId: aspirin,
      dose: 1,
      timesPerDay: 2,
      useTimes: '08:00，18:00',
      startDate: localDay(Date.now()),
      setStatus: 1,
    });
    expect(ok.body.code).toBe(0);
    const sets = (await call(h.app, admin, 'GET', `${P.set}?pageNum=1&pageSize=5&oldmanId=${own}`)).body
      .result as { list: Rec[] };
    expect(sets.list[0]).toMatchObject({ useTimes: '08:00,18:00', drugName: '阿司匹林肠溶片' });
    const used = await call(h.app, admin, 'DELETE', pathWith(P.dictOne, { id: aspirin }));
    expect(used.body.code).toBe(Code.actionRefused);
    expect(used.body.msg).toContain('不能删除');
  });

  it('department scope: a nurse sees and doses only her department’s elders', async () => {
    const mine = await newKeep(4, own);
    const theirs = await newKeep(4, other);
    const nurse = await grantNurse(h.app, 'drug', [A.deposited, A.keepAdd, A.use, A.take, A.stock]);
    const list = (await call(h.app, nurse, 'GET', `${P.keep}?pageHelper=0`)).body.result as { list: Rec[] };
    const ids = list.list.map((r) => r.keepId);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    const stock = (await call(h.app, nurse, 'GET', `${P.keepStock}?pageHelper=0`)).body.result as {
      list: Rec[];
    };
    expect(stock.list.every((r) => r.oldmanId !== other)).toBe(true);

    expect((await dose(nurse, theirs, 1)).body.code).toBe(Code.deptNotAllowed);
    expect(
      (
        await call(h.app, nurse, 'POST', P.take, {
          keepId: theirs,
          takeType: 1,
          quantity: 1,
          receiverName: '家属',
        })
      ).body.code,
    ).toBe(Code.deptNotAllowed);
    expect((await call(h.app, nurse, 'GET', `${P.useKeep}?oldmanId=${other}`)).body.code).toBe(
      Code.deptNotAllowed,
    );
    expect((await register(nurse, other, 5)).body.code).toBe(Code.deptNotAllowed);
    expect((await call(h.app, nurse, 'GET', pathWith(P.keepOne, { id: theirs }))).body.code).toBe(
      Code.deptNotAllowed,
    );
    expect(await keepRow(theirs)).toEqual({ restQuantity: 4, keepState: KeepState.kept });
    expect((await dose(nurse, mine, 1)).body.code).toBe(0);
  });

  it('authority: viewing is not dosing; another institution sees nothing', async () => {
    const keepId = await newKeep(4);
    const viewer = await grantNurse(h.app, 'drug', [A.deposited]);
    expect((await call(h.app, viewer, 'GET', `${P.keep}?pageNum=1&pageSize=5`)).body.code).toBe(0);
    expect((await dose(viewer, keepId, 1)).body.code).toBe(Code.noAuthority);
    expect(
      (await call(h.app, viewer, 'POST', P.useIds, { doses: [{ keepId, quantity: 1 }] })).body.code,
    ).toBe(Code.noAuthority);
    expect(
      (
        await call(h.app, viewer, 'POST', P.take, {
          keepId,
          takeType: 2,
          quantity: 1,
          receiverName: '监销人',
        })
      ).body.code,
    ).toBe(Code.noAuthority);
    expect((await register(viewer, own, 5)).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, viewer, 'POST', P.set, {})).body.code).toBe(Code.noAuthority);
    expect(await keepRow(keepId)).toEqual({ restQuantity: 4, keepState: KeepState.kept });

    const stranger = (await signInOtherOrg(h.app)).token;
    expect((await dose(stranger, keepId, 1)).body.code).toBe(Code.notFound);
    const theirs = (await call(h.app, stranger, 'GET', `${P.keep}?pageHelper=0`)).body.result as {
      list: Rec[];
    };
    expect(theirs.list.some((r) => r.keepId === keepId)).toBe(false);
  });

  it('药品管理 reaches the administrators of an existing database with every button', async () => {
    const { syncMenus } = await import('../../../server/db/seed.js');
    // a database from before the drug group existed
    await db().deleteFrom('roleAuthority').where('code', 'like', 'drug%').execute();
    await db().deleteFrom('menu').where('code', 'like', 'drug%').execute();
    await syncMenus(db());
    const codes = (
      await db()
        .selectFrom('roleAuthority')
        .innerJoin('role', 'role.roleId', 'roleAuthority.roleId')
        .select('roleAuthority.code')
        .where('role.orgId', '=', 1)
        .where('role.name', '=', '系统管理员')
        .execute()
    ).map((r) => r.code);
    expect(codes).toEqual(
      expect.arrayContaining(['drug', A.deposited, A.keepAdd, A.use, A.take, A.set, A.drugList, A.stock]),
    );
    const menu = await db()
      .selectFrom('menu')
      .select('menuName')
      .where('code', '=', 'drug')
      .executeTakeFirst();
    expect(menu?.menuName).toBe('药品管理');
  });
});
