import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { DoseState } from '../../../domain/statuses/drugs.js';
import {
  DrugAuthority as A,
  KeepType,
  DrugApi as P,
  type RoundAnswer,
  type RoundDose,
} from '../../../features/drugs/api.js';
import { migrateToLatest } from '../../../server/db/migrations.js';
import { call, grantNurse, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

/**
 * 今日用药, the medication round (issue #42 point 3): the day's due doses come from 用药设置, per
 * floor; 服药 writes a 用药记录 through the custody ledger (the kept rest falls), 拒服 and 暂停 carry
 * their reason, a dose other than the setting's is kept and flagged; all or nothing, in the user's
 * departments, with the module's authority. On SQLite; TEST_DATABASE_URL runs the same on PostgreSQL
 * (tests/support/serverHarness.ts).
 */
type Rec = Record<string, unknown>;
let h: Awaited<ReturnType<typeof startTestApp>>;
let admin = '';
let nurse = '';
/** A resident of the nurse's department (护理一部) in a bed, and one of another department. */
let own = { oldmanId: 0, floorId: 0 };
let other = 0;
let drugId = 0;
const db = () => h.app.services.db;
const today = () => localDay(h.clock.now);
const inAYear = () => localDay(h.clock.now + 365 * 86_400_000);

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) => {
  const r = await call(h.app, token, method, url, body);
  expect(r.body, `${method} ${url}: ${r.body.msg}`).toMatchObject({ code: 0 });
  return r.body.result as Rec;
};
const keep = async (oldmanId: number, quantity: number, expiryDate = inAYear()) =>
  Number(
    (
      await ok('POST', P.keep, {
        oldmanId,
        drugId,
        quantity,
        expiryDate,
        handedBy: '王建国',
      })
    ).keepId,
  );
const schedule = async (oldmanId: number, over: Rec = {}) =>
  Number(
    (
      await ok('POST', P.set, {
        oldmanId,
        drugId,
        dose: 2,
        timesPerDay: 3,
        useTimes: '08:00,12:00,18:00',
        startDate: today(),
        setStatus: 1,
        ...over,
      })
    ).setId,
  );
const round = async (query = '', token = nurse) =>
  (await ok('GET', `${P.round}${query}`, undefined, token)) as unknown as RoundAnswer;
const dosesOf = async (setId: number, query = '') =>
  (await round(query)).list.filter((d) => d.setId === setId);
const doseAt = async (setId: number, slot: string) =>
  (await dosesOf(setId)).find((d) => d.slot === slot) as RoundDose;
const put = (body: Rec, token = nurse) => call(h.app, token, 'PUT', P.roundDose, body);
const counts = async () => {
  const { rows } = await sql<{ uses: number; doses: number; moves: number }>`select
    (select count(*) from drugUse) as uses, (select count(*) from drugRoundDose) as doses,
    (select count(*) from drugKeepRecord) as moves`.execute(db());
  return { uses: Number(rows[0]?.uses), doses: Number(rows[0]?.doses), moves: Number(rows[0]?.moves) };
};
/** A fresh elder for one test: no drugs of the test's drug yet. */
const fresh = async () => {
  const { rows } = await sql<{ oldmanId: number; floorId: number }>`select m.oldmanId, r.floorId
    from oldman m join bed b on b.bedId = m.bedId join room r on r.roomId = b.roomId
    join userDataDept u on u.deptId = m.deptId join users s on s.userId = u.userId and s.loginName = 'huli01'
    where m.orgId = 1 and m.oldmanStatus = 1
      and not exists (select 1 from drugSet x where x.oldmanId = m.oldmanId and x.drugId = ${drugId})
    order by m.oldmanId limit 1`.execute(db());
  const elder = rows[0];
  if (!elder) throw new Error('no resident left in 护理一部');
  return { oldmanId: Number(elder.oldmanId), floorId: Number(elder.floorId) };
};

beforeAll(async () => {
  h = await startTestApp();
  // 10:00 of the home's day: 08:00 is past, 18:00 ahead; a dose may be recorded at any time of the day
  h.clock.now = new Date(`${localDay(Date.now())}T10:00:00`).getTime();
  admin = (await signInAdmin(h.app)).token;
  nurse = (await signInNurse(h.app)).token;
  drugId = Number(
    (await ok('POST', P.dict, { drugName: '巡视测试片', unit: '片', drugSpec: '5mg×20片' })).drugId,
  );
  own = await fresh();
  const { rows } = await sql<{ oldmanId: number }>`select m.oldmanId from oldman m
    where m.orgId = 1 and m.oldmanStatus = 1 and m.bedId is not null and m.deptId not in
      (select u.deptId from userDataDept u join users s on s.userId = u.userId where s.loginName = 'huli01')
    order by m.oldmanId limit 1`.execute(db());
  other = Number(rows[0]?.oldmanId);
  expect(own.oldmanId > 0 && other > 0 && drugId > 0).toBe(true);
});
afterAll(() => h.close());

describe('今日用药 (GET round, PUT round/dose)', () => {
  it('lists each due dose of an active schedule per floor, with the kept rest, as 待服', async () => {
    await keep(own.oldmanId, 20);
    const setId = await schedule(own.oldmanId);
    const all = await round();
    expect(all.roundDate).toBe(today());
    const floor = all.floors.find((f) => f.floorId === own.floorId);
    expect(floor?.pending).toBeGreaterThanOrEqual(3);
    const mine = await dosesOf(setId, `?floorId=${own.floorId}`);
    expect(mine.map((d) => d.slot)).toEqual(['08:00', '12:00', '18:00']);
    expect(mine[0]).toMatchObject({
      oldmanId: own.oldmanId,
      drugName: '巡视测试片',
      unit: '片',
      dose: 2,
      restQuantity: 20,
      doseState: DoseState.pending,
      differs: false,
      floorId: own.floorId,
    });
    expect(mine[0]?.bedName).toBeTruthy();
    // another floor's list does not hold them; a day before the schedule starts has none
    const elsewhere = all.floors.find((f) => f.floorId !== own.floorId);
    if (elsewhere) expect(await dosesOf(setId, `?floorId=${elsewhere.floorId}`)).toEqual([]);
    const yesterday = localDay(h.clock.now - 86_400_000);
    expect(await dosesOf(setId, `?roundDate=${yesterday}`)).toEqual([]);
    // a schedule without its own times gives its doses at the usual ones
    const twice = await schedule(own.oldmanId, { timesPerDay: 2, useTimes: '', dose: 1 });
    expect((await dosesOf(twice)).map((d) => d.slot)).toEqual(['08:00', '18:00']);
    await ok('DELETE', `${P.set}/${twice}`);
  });

  it('服药 writes a 用药记录 by the custody ledger: the rest falls by the dose; twice is refused', async () => {
    const setId = await firstSet();
    const before = await counts();
    const given = await ok('PUT', P.roundDose, { setId, slot: '08:00', event: 'dose.give' }, nurse);
    expect(given).toMatchObject({ doseState: DoseState.given, differs: false, restQuantity: 18 });
    expect((given.useIds as number[]).length).toBe(1);
    const after = await counts();
    expect(after).toEqual({ uses: before.uses + 1, doses: before.doses + 1, moves: before.moves + 1 });
    const use = (
      await sql<Rec>`select quantity, remark, nurseName from drugUse where useId = ${(given.useIds as number[])[0]}`.execute(
        db(),
      )
    ).rows[0];
    expect(use).toMatchObject({ quantity: 2, remark: '今日用药 08:00' });
    const move = (
      await sql<Rec>`select keepType, quantity, balanceAfter from drugKeepRecord order by recordId desc limit 1`.execute(
        db(),
      )
    ).rows[0];
    expect(move).toMatchObject({ keepType: KeepType.use, quantity: -2, balanceAfter: 18 });
    const shown = await doseAt(setId, '08:00');
    expect(shown).toMatchObject({
      doseState: DoseState.given,
      quantity: 2,
      restQuantity: 18,
      differs: false,
    });
    expect(shown.doneByName).toBeTruthy();
    expect((await doseAt(setId, '12:00')).restQuantity).toBe(18);

    const again = await put({ setId, slot: '08:00', event: 'dose.give' });
    expect(again.body).toMatchObject({ code: Code.actionRefused, msg: '本次用药当前状态为已服，不能服药' });
    const refuse = await put({ setId, slot: '08:00', event: 'dose.refuse', reason: '长者拒绝' });
    expect(refuse.body).toMatchObject({ code: Code.actionRefused, msg: '本次用药当前状态为已服，不能拒服' });
    expect(await counts()).toEqual(after);
  });

  it('拒服 and 暂停 need their reason, draw nothing and show it', async () => {
    const setId = await firstSet();
    const before = await counts();
    const bare = await put({ setId, slot: '12:00', event: 'dose.refuse' });
    expect(bare.body).toMatchObject({ code: Code.invalidInput, msg: '请填写原因' });
    const blank = await put({ setId, slot: '12:00', event: 'dose.hold', reason: '   ' });
    expect(blank.body).toMatchObject({ code: Code.invalidInput, msg: '请填写原因' });
    const withQuantity = await put({
      setId,
      slot: '12:00',
      event: 'dose.refuse',
      reason: '拒绝',
      quantity: 1,
    });
    expect(withQuantity.body).toMatchObject({ code: Code.invalidInput, msg: '拒服或暂停不能填写用量' });
    expect(await counts()).toEqual(before);

    const refused = await ok('PUT', P.roundDose, {
      setId,
      slot: '12:00',
      event: 'dose.refuse',
      reason: '长者拒绝服药',
    });
    expect(refused).toMatchObject({ doseState: DoseState.refused, useIds: [], restQuantity: 18 });
    expect(await doseAt(setId, '12:00')).toMatchObject({
      doseState: DoseState.refused,
      reason: '长者拒绝服药',
      quantity: null,
      restQuantity: 18,
    });
    expect((await counts()).uses).toBe(before.uses);
  });

  it('a dose other than the setting is given, stored and flagged', async () => {
    const setId = await firstSet();
    const given = await ok('PUT', P.roundDose, { setId, slot: '18:00', event: 'dose.give', quantity: 1 });
    expect(given).toMatchObject({ differs: true, restQuantity: 17 });
    expect(await doseAt(setId, '18:00')).toMatchObject({
      doseState: DoseState.given,
      quantity: 1,
      plannedQuantity: 2,
      differs: true,
    });
    const use = (
      await sql<Rec>`select quantity, remark from drugUse where useId = ${(given.useIds as number[])[0]}`.execute(
        db(),
      )
    ).rows[0];
    expect(use).toMatchObject({ quantity: 1, remark: '今日用药 18:00，用量与设置的2片不同' });
    // the floor's count of what is left
    const floor = (await round()).floors.find((f) => f.floorId === own.floorId);
    expect(floor?.total).toBeGreaterThanOrEqual(3);
  });

  it('draws on the custody that expires first, across records; short custody refuses all', async () => {
    const elder = await fresh();
    const soon = await keep(elder.oldmanId, 1, localDay(h.clock.now + 30 * 86_400_000));
    const later = await keep(elder.oldmanId, 5);
    // expired custody is not given from (nor counted)
    await sql`update drugKeep set expiryDate = ${localDay(h.clock.now - 86_400_000)} where keepId = ${await keep(
      elder.oldmanId,
      9,
    )}`.execute(db());
    const setId = await schedule(elder.oldmanId, { dose: 2, timesPerDay: 1, useTimes: '08:00' });
    expect((await doseAt(setId, '08:00')).restQuantity).toBe(6);
    const given = await ok('PUT', P.roundDose, { setId, slot: '08:00', event: 'dose.give' });
    expect((given.useIds as number[]).length).toBe(2);
    const rests = await sql<{
      keepId: number;
      restQuantity: number;
    }>`select keepId, restQuantity from drugKeep
      where keepId in (${soon}, ${later}) order by keepId`.execute(db());
    expect(rests.rows.map((r) => Number(r.restQuantity))).toEqual([0, 4]);

    const big = await schedule(elder.oldmanId, { dose: 5, timesPerDay: 1, useTimes: '12:00' });
    const before = await counts();
    const short = await put({ setId: big, slot: '12:00', event: 'dose.give' });
    expect(short.body).toMatchObject({
      code: Code.drugKeepInsufficient,
      msg: `代管药品余量不足：${await nameOf(elder.oldmanId)}的巡视测试片现余4片，不能服用5片`,
    });
    // nothing written: no round row, no 用药记录, no movement
    expect(await counts()).toEqual(before);
    expect((await doseAt(big, '12:00')).doseState).toBe(DoseState.pending);
  });

  it('two nurses at the same dose: one records it, the other is told; one draw only', async () => {
    const elder = await fresh();
    await keep(elder.oldmanId, 10);
    const setId = await schedule(elder.oldmanId, { dose: 1, timesPerDay: 1, useTimes: '08:00' });
    const before = await counts();
    const both = await Promise.all([
      put({ setId, slot: '08:00', event: 'dose.give' }),
      put({ setId, slot: '08:00', event: 'dose.hold', reason: '长者睡眠中' }),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual([0, Code.actionRefused]);
    const after = await counts();
    expect(after.doses).toBe(before.doses + 1);
    expect(after.uses - before.uses).toBe(
      (await doseAt(setId, '08:00')).doseState === DoseState.given ? 1 : 0,
    );
  });

  it('refuses what is not due, a later day and bad input, in Chinese', async () => {
    const setId = await firstSet();
    const cases: [Rec, number, string][] = [
      [{ setId, slot: '09:00', event: 'dose.give' }, Code.actionRefused, '没有应服的药'],
      [
        { setId, slot: '08:00', event: 'dose.give', roundDate: '2099-01-01' },
        Code.invalidInput,
        '不能记录以后日期的用药',
      ],
      [{ setId, slot: '8点', event: 'dose.give' }, Code.invalidInput, '服药时间格式不正确'],
      [{ setId, slot: '08:00', event: 'dose.eat' }, Code.invalidInput, '操作无效'],
      [{ setId, slot: '08:00', event: 'dose.give', quantity: 0 }, Code.invalidInput, '用量至少为1'],
      [{ setId: 999_999, slot: '08:00', event: 'dose.give' }, Code.notFound, '用药设置不存在'],
      [{ slot: '08:00', event: 'dose.give' }, Code.invalidInput, '请选择用药设置'],
    ];
    for (const [body, code, msg] of cases) {
      const r = await put(body);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
      expect(r.body.msg).toContain(msg);
    }
    const badDay = await call(h.app, nurse, 'GET', `${P.round}?roundDate=2026/01/01`);
    expect(badDay.body).toMatchObject({ code: Code.invalidInput });
    expect(badDay.body.msg).toContain('日期格式应为YYYY-MM-DD');
    // a held schedule (停用) has no doses due
    const stopped = await schedule((await fresh()).oldmanId, { setStatus: 0 });
    expect(await dosesOf(stopped)).toEqual([]);
    expect((await put({ setId: stopped, slot: '08:00', event: 'dose.give' })).body.code).toBe(
      Code.actionRefused,
    );
  });

  it('department scope and authority', async () => {
    await keep(other, 10);
    const theirs = await schedule(other);
    expect(await dosesOf(theirs)).toEqual([]);
    expect((await round('', admin)).list.some((d) => d.setId === theirs)).toBe(true);
    const refused = await put({ setId: theirs, slot: '08:00', event: 'dose.give' });
    expect(refused.body.code).toBe(Code.deptNotAllowed);

    const viewer = await grantNurse(h.app, 'drug', [A.round]);
    expect((await call(h.app, viewer, 'GET', P.round)).body.code).toBe(0);
    const setId = await firstSet();
    const before = await counts();
    expect((await put({ setId, slot: '12:00', event: 'dose.hold', reason: '外出' }, viewer)).body.code).toBe(
      Code.noAuthority,
    );
    const none = await grantNurse(h.app, 'drug', [A.useList]);
    expect((await call(h.app, none, 'GET', P.round)).body.code).toBe(Code.noAuthority);
    expect(await counts()).toEqual(before);
    nurse = await grantNurse(h.app, 'drug', [A.round, A.roundDo]);
  });

  it('the migration runs again over a database that has it', async () => {
    await sql`delete from kysely_migration where name >= '0021_medication_round'`.execute(db());
    await migrateToLatest(db() as never);
    expect((await counts()).doses).toBeGreaterThan(0);
  });
});

/** The schedule the first tests made for `own`. */
async function firstSet() {
  const { rows } = await sql<{ setId: number }>`select setId from drugSet
    where oldmanId = ${own.oldmanId} and drugId = ${drugId} and useTimes = '08:00,12:00,18:00'
    order by setId limit 1`.execute(db());
  return Number(rows[0]?.setId);
}

async function nameOf(oldmanId: number) {
  const { rows } = await sql<{
    oldmanName: string;
  }>`select oldmanName from oldman where oldmanId = ${oldmanId}`.execute(db());
  return String(rows[0]?.oldmanName);
}
