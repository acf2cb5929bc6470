import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OldmanPaths } from '../../../domain/api/oldman.js';
import { Code } from '../../../domain/codes.js';
import { LiveStatus, ResidencePaths as P, residencePath } from '../../../domain/resources/residence.js';
import { call, signInAdmin, startTestApp } from '../../support/serverHarness.js';

/**
 * Issue #36 point 5: a residence change (预订, 入住, 调整床位, 交换床位) into a bed of another data
 * department moves the elder there only when the body confirms it; unconfirmed it is refused and
 * writes nothing, confirmed it leaves a 修改记录 row and says so in the operation log.
 */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Elder = {
  oldmanId: number;
  oldmanName: string;
  oldmanStatus: number;
  bedId: number | null;
  bedName?: string;
  deptId: number;
  deptName: string;
  sex: number | null;
};
type Modify = { section: string; changes: { label: string; before: string; after: string }[] };

let h: Harness;
let admin: string;
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const db = () => h.app.services.db;
const QUESTION =
  /^(.+床)属于(.+部)，(.+)现属(.+部)。办理后(她|他|该长者)将归入\2，\4将不再看到\5。确定继续吗？$/;

async function elders(query: string) {
  const res = await call(h.app, admin, 'GET', `${P.list}?pageHelper=0&${query}`);
  expect(res.body.code).toBe(0);
  return (res.body.result as { list: Elder[] }).list;
}
const elder = async (oldmanId: number) =>
  (await call(h.app, admin, 'GET', residencePath(P.one, { oldmanId }))).body.result as Elder;
const modifyRecords = async (oldmanId: number) =>
  (await call(h.app, admin, 'GET', OldmanPaths.modifyRecord.replace(':id', String(oldmanId)))).body
    .result as Modify[];
const counts = async () => {
  const n = async (table: 'liveRecord' | 'oldmanModify' | 'operationLog') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { live: await n('liveRecord'), modify: await n('oldmanModify'), log: await n('operationLog') };
};
const lastLog = () =>
  db()
    .selectFrom('operationLog')
    .select(['operationName', 'params'])
    .orderBy('logId', 'desc')
    .executeTakeFirstOrThrow();

/** A free, in-service bed of another department than `deptId`, with its department's name. */
async function freeBedOutside(deptId: number) {
  const bed = await db()
    .selectFrom('bed')
    .innerJoin('room', 'room.roomId', 'bed.roomId')
    .innerJoin('dept', 'dept.deptId', 'room.deptId')
    .select(['bed.bedId', 'room.deptId', 'dept.deptName'])
    .where('room.deptId', '!=', deptId)
    .where('dept.orgId', '=', (eb) =>
      eb.selectFrom('dept as own').select('own.orgId').where('own.deptId', '=', deptId),
    )
    .where('bed.bedStatus', '=', 0)
    .where('bed.useStatus', '=', 1)
    .where('room.useStatus', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('oldman').select('oldmanId').whereRef('oldman.bedId', '=', 'bed.bedId'))),
    )
    .orderBy('bed.bedId')
    .executeTakeFirstOrThrow();
  return bed;
}

describe('moving an elder to another data department through a residence change', () => {
  it('预订 into a bed of another department: refused without the flag, writing nothing; confirmed, moves and records', async () => {
    const waiting = (await elders('oldmanStatus=3'))[0];
    if (!waiting) throw new Error('no waiting elder');
    // Registered under 护理二部, as in the issue; the free beds of the demo are 护理一部's 3号楼.
    const second = await db()
      .selectFrom('dept')
      .select('deptId')
      .where('deptName', '=', '护理二部')
      .where('orgId', '=', (eb) =>
        eb.selectFrom('dept as own').select('own.orgId').where('own.deptId', '=', waiting.deptId),
      )
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('oldman')
      .set({ deptId: second.deptId })
      .where('oldmanId', '=', waiting.oldmanId)
      .execute();
    const w = await elder(waiting.oldmanId);
    expect(w.deptName).toBe('护理二部');
    const bed = await freeBedOutside(w.deptId);
    const url = residencePath(P.status, { oldmanId: w.oldmanId, oldmanStatusNew: LiveStatus.reserved });
    const before = await counts();

    const refused = await call(h.app, admin, 'PUT', url, { bedId: bed.bedId, date: '2026-03-01' });
    expect(refused.body.code).toBe(Code.deptMoveUnconfirmed);
    const m = QUESTION.exec(String(refused.body.msg));
    expect(m, String(refused.body.msg)).not.toBeNull();
    expect(m?.slice(2, 5)).toEqual([bed.deptName, w.oldmanName, w.deptName]);
    expect(await elder(w.oldmanId)).toMatchObject({
      oldmanStatus: LiveStatus.waiting,
      bedId: null,
      deptId: w.deptId,
    });
    expect(await counts()).toEqual(before);
    const falseFlag = await call(h.app, admin, 'PUT', url, { bedId: bed.bedId, confirmDeptMove: false });
    expect(falseFlag.body.code).toBe(Code.deptMoveUnconfirmed);
    expect(await counts()).toEqual(before);

    const done = await call(h.app, admin, 'PUT', url, {
      bedId: bed.bedId,
      date: '2026-03-01',
      confirmDeptMove: true,
    });
    expect(done.body.code).toBe(0);
    const after = await elder(w.oldmanId);
    expect(after).toMatchObject({
      oldmanStatus: LiveStatus.reserved,
      bedId: bed.bedId,
      deptId: bed.deptId,
      deptName: bed.deptName,
    });
    const [row] = await modifyRecords(w.oldmanId);
    expect(row).toMatchObject({
      section: '预订',
      changes: [
        { label: '所属部门', before: w.deptName, after: bed.deptName },
        { label: '床位', before: '', after: m?.[1] },
      ],
    });
    expect(await lastLog()).toMatchObject({
      operationName: `预订：${w.oldmanName}（所属部门：${w.deptName} → ${bed.deptName}）`,
    });
    expect((await lastLog()).params).toContain('"confirmDeptMove":true');

    // Checking in to the bed she booked stays in its department: nothing to confirm.
    const checkIn = await call(
      h.app,
      admin,
      'PUT',
      residencePath(P.status, { oldmanId: w.oldmanId, oldmanStatusNew: LiveStatus.living }),
      { bedId: bed.bedId },
    );
    expect(checkIn.body.code).toBe(0);
    expect(await modifyRecords(w.oldmanId)).toHaveLength(1);
  });

  it('调整床位 and 交换床位 across departments ask too; within one department they do not', async () => {
    const living = await elders('oldmanStatus=1');
    const x = living.find((e) => e.bedId !== null);
    if (!x?.bedId) throw new Error('no living elder');
    const y = living.find((e) => e.bedId !== null && e.deptId !== x.deptId);
    const same = living.find((e) => e.bedId !== null && e.deptId === x.deptId && e !== x);
    if (!y?.bedId || !same?.bedId) throw new Error('living elders of two departments needed');
    const bed = await freeBedOutside(x.deptId);
    const before = await counts();

    const adjust = await call(h.app, admin, 'PUT', P.adjust, { oldmanId: x.oldmanId, bedId: bed.bedId });
    expect(adjust.body.code).toBe(Code.deptMoveUnconfirmed);
    expect(adjust.body.msg).toMatch(QUESTION);
    const exchange = await call(h.app, admin, 'PUT', P.exchange, {
      oldmanId: x.oldmanId,
      otherOldmanId: y.oldmanId,
    });
    expect(exchange.body).toMatchObject({
      code: Code.deptMoveUnconfirmed,
      msg: expect.stringContaining(
        `办理后${x.oldmanName}将归入${y.deptName}，${x.deptName}将不再看到`,
      ) as unknown,
    });
    expect(exchange.body.msg).toContain(`${y.oldmanName}将归入${x.deptName}，${y.deptName}将不再看到`);
    expect(await elder(x.oldmanId)).toMatchObject({ bedId: x.bedId, deptId: x.deptId });
    expect(await elder(y.oldmanId)).toMatchObject({ bedId: y.bedId, deptId: y.deptId });
    expect(await counts()).toEqual(before);

    // Within one department: no question, no 修改记录 row.
    const sameDept = await call(h.app, admin, 'PUT', P.exchange, {
      oldmanId: x.oldmanId,
      otherOldmanId: same.oldmanId,
    });
    expect(sameDept.body.code).toBe(0);
    expect(await modifyRecords(x.oldmanId)).toEqual([]);

    const swapped = await call(h.app, admin, 'PUT', P.exchange, {
      oldmanId: x.oldmanId,
      otherOldmanId: y.oldmanId,
      confirmDeptMove: true,
    });
    expect(swapped.body.code).toBe(0);
    expect(await elder(x.oldmanId)).toMatchObject({ bedId: y.bedId, deptId: y.deptId });
    expect(await elder(y.oldmanId)).toMatchObject({ bedId: same.bedId, deptId: x.deptId });
    expect((await modifyRecords(x.oldmanId))[0]).toMatchObject({
      section: '交换床位',
      changes: [{ label: '所属部门', before: x.deptName, after: y.deptName }, { label: '床位' }],
    });
    expect((await modifyRecords(y.oldmanId))[0]).toMatchObject({
      section: '交换床位',
      changes: [{ label: '所属部门', before: y.deptName, after: x.deptName }, { label: '床位' }],
    });
    expect((await lastLog()).operationName).toContain(`${x.oldmanName} ${x.deptName} → ${y.deptName}`);

    const moved = await call(h.app, admin, 'PUT', P.adjust, {
      oldmanId: y.oldmanId,
      bedId: bed.bedId,
      confirmDeptMove: true,
    });
    expect(moved.body.code).toBe(0);
    expect(await elder(y.oldmanId)).toMatchObject({ bedId: bed.bedId, deptId: bed.deptId });
    expect((await modifyRecords(y.oldmanId))[0]).toMatchObject({
      section: '调整床位',
      changes: [{ label: '所属部门', before: x.deptName, after: bed.deptName }, { label: '床位' }],
    });
  });
});
