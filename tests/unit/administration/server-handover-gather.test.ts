import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { localDateTime, localDateTimeMs, localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { HandoverStatus } from '../../../domain/statuses/quality.js';
import { QualityPaths as P } from '../../../features/administration/api/quality.js';
import { call, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

/** Issue #37 point 4: a handover that gathers the shift, acknowledged per elder by the receiver only. */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Gathered = { kind: string; oldmanId: number | null; oldmanName: string | null; text: string };
type Gather = Rec & { alarms: Gathered[]; vitals: Gathered[]; tasks: Gathered[]; outings: Gathered[] };
let h: Harness;
let admin = '';
let nurse = '';
const db = () => h.app.services.db;

beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  nurse = (await signInNurse(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

/** 护理一部 (the nurse's), two of its residents, a resident elsewhere, the two accounts' staff records. */
async function facts() {
  const one = async <T>(q: ReturnType<typeof sql>) => (await q.execute(db())).rows[0] as T;
  const u = await one<{ orgId: number; empId: number }>(
    sql`select orgId, empId from users where loginName = 'admin'`,
  );
  const n = await one<{ empId: number }>(sql`select empId from users where loginName = 'huli01'`);
  const d = await one<{ deptId: number }>(
    sql`select deptId from dept where orgId = ${u.orgId} and deptName = '护理一部'`,
  );
  const own = await sql<{ oldmanId: number; oldmanName: string }>`select oldmanId, oldmanName from oldman
    where deptId = ${d.deptId} and bedId is not null and oldmanStatus in (1, 2) order by oldmanId limit 2`.execute(
    db(),
  );
  const other = await one<{ oldmanId: number; deptId: number }>(sql`select oldmanId, deptId from oldman
    where orgId = ${u.orgId} and deptId != ${d.deptId} and bedId is not null order by oldmanId limit 1`);
  return {
    orgId: u.orgId,
    adminEmp: u.empId,
    nurseEmp: n.empId,
    deptId: d.deptId,
    elders: own.rows,
    other,
  };
}

/** Today at a wall-clock time of the home. */
const at = (hhmm: string) => localDateTimeMs(`${localDay(h.clock.now)} ${hhmm}:00`);

/** One of each record the shift hands over, for an elder (and its department), at `time`. */
async function happenings(
  orgId: number,
  elder: { oldmanId: number; deptId: number },
  time: string,
  tag: string,
) {
  const day = time.slice(0, 10);
  const slot = time.slice(11, 16);
  const ms = localDateTimeMs(time);
  await sql`insert into alarmRecord (orgId, deptId, source, alarmType, alarmTypeName, severity, deviceId, deviceCode,
      deviceName, oldmanId, oldmanName, content, status, count, firstTime, lastTime)
    values (${orgId}, ${elder.deptId}, 'pnt', ${`test.${tag}`}, '离床告警', 2,
      (select min(deviceId) from device), 'T1', '床垫', ${elder.oldmanId}, '', ${`${tag}离床未归`}, 0, 1, ${ms}, ${ms})`.execute(
    db(),
  );
  await sql`insert into piOldmanSign (orgId, deptId, oldmanId, signType, measureTime, systolic, diastolic, abnormal)
    values (${orgId}, ${elder.deptId}, ${elder.oldmanId}, 1, ${time}, 186, 100, 1)`.execute(db());
  await sql`insert into nursingTask (orgId, deptId, oldmanId, projectId, taskDate, slot, taskStatus, reason)
    values (${orgId}, ${elder.deptId}, ${elder.oldmanId}, (select min(projectId) from careProject where orgId = ${orgId}),
      ${day}, ${slot}, 2, ${`${tag}拒绝翻身`})`.execute(db());
  await sql`insert into oldmanOut (orgId, deptId, oldmanId, outStatus, destination, expectedOutTime,
      expectedReturnTime, actualOutTime)
    values (${orgId}, ${elder.deptId}, ${elder.oldmanId}, 3, ${`${tag}市一医院复诊`}, ${time}, ${`${day} 20:00:00`},
      ${time})`.execute(db());
}

const gather = async (token: string, query = '') => {
  const res = await call(h.app, token, 'GET', `${P.handoverGather}${query}`);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.result as Gather;
};
const mine = (list: Gathered[], tag: string) => list.filter((g) => g.text.includes(tag));

describe('交接班 gathers the shift (issue #37 point 4)', () => {
  it('pre-fills day, shift and giver and lists the department’s alarms, abnormal signs, tasks and outings of the shift', async () => {
    const f = await facts();
    const [elder] = f.elders;
    if (!elder) throw new Error('no resident in 护理一部');
    h.clock.now = at('10:30');
    nurse = (await signInNurse(h.app)).token; // a session of the moved clock (hours ahead, it had expired)
    await happenings(
      f.orgId,
      { oldmanId: elder.oldmanId, deptId: f.deptId },
      localDateTime(at('09:00')),
      '本班',
    );
    await happenings(f.orgId, f.other, localDateTime(at('09:00')), '他部');
    // 早班 is 07:00–15:00 (the home's attendance shift 早班): a reading at 06:00 is the night's
    await sql`insert into piOldmanSign (orgId, deptId, oldmanId, signType, measureTime, systolic, diastolic, abnormal)
      values (${f.orgId}, ${f.deptId}, ${elder.oldmanId}, 1, ${localDateTime(at('06:00'))}, 190, 100, 1)`.execute(
      db(),
    );

    const g = await gather(nurse);
    expect(g).toMatchObject({
      handoverDate: localDay(h.clock.now),
      fromShift: 1,
      toShift: 2,
      deptId: f.deptId,
      handedBy: f.nurseEmp,
      from: localDateTime(at('07:00')),
      to: localDateTime(at('15:00')),
    });
    for (const list of [g.alarms, g.vitals, g.tasks, g.outings]) {
      expect(mine(list, '本班')).toHaveLength(list === g.vitals ? 0 : 1);
      expect(mine(list, '他部')).toHaveLength(0);
    }
    expect(mine(g.alarms, '本班')[0]).toMatchObject({
      oldmanId: elder.oldmanId,
      oldmanName: elder.oldmanName,
    });
    const readings = g.vitals.filter((v) => v.oldmanId === elder.oldmanId).map((v) => v.text);
    expect(readings.filter((t) => t.includes('血压186/100mmHg'))).toHaveLength(1);
    expect(readings.filter((t) => t.includes('190/100'))).toHaveLength(0);
    expect(mine(g.tasks, '本班')[0]?.text).toContain('未完成');
    expect(mine(g.outings, '本班')[0]?.text).toContain('外出中：本班市一医院复诊');

    // at 02:00 it is the 夜班 begun the evening before, handed to 早班
    h.clock.now = at('02:00');
    const night = await gather(nurse);
    const yesterday = localDay(h.clock.now - 86_400_000);
    expect(night).toMatchObject({ handoverDate: yesterday, fromShift: 3, toShift: 1 });
    expect(night.from).toBe(`${yesterday} 23:00:00`);
    expect(night.to).toBe(localDateTime(at('07:00')));
    // another department is its own to read
    expect((await call(h.app, nurse, 'GET', `${P.handoverGather}?deptId=${f.other.deptId}`)).body.code).toBe(
      Code.deptNotAllowed,
    );
  });

  it('takes a gathered line into the elder’s note; 交代长者数 counts the notes', async () => {
    const f = await facts();
    const [a, b] = f.elders;
    if (!a || !b) throw new Error('two residents of 护理一部 needed');
    const made = await call(h.app, nurse, 'POST', P.handover, {
      handoverDate: localDay(h.clock.now),
      fromShift: 1,
      toShift: 2,
      deptId: f.deptId,
      handedBy: f.nurseEmp,
      receivedBy: f.adminEmp,
    });
    expect(made.body.code).toBe(0);
    const handoverId = Number((made.body.result as Rec).handoverId);
    const take = (oldmanId: number, text: string) =>
      call(h.app, nurse, 'PUT', pathWith(P.handoverTake, { id: handoverId }), { oldmanId, text });
    expect((await take(a.oldmanId, '告警未处理：离床告警')).body.code).toBe(0);
    expect((await take(a.oldmanId, '外出中：市一医院复诊')).body.code).toBe(0);
    expect((await take(b.oldmanId, '护理任务未完成：翻身')).body.code).toBe(0);
    expect((await take(f.other.oldmanId, '不在本部')).body.code).not.toBe(0);
    const notes = (
      (await call(h.app, nurse, 'GET', `${P.handoverItem}?handoverId=${handoverId}&pageHelper=0`)).body
        .result as { list: Rec[] }
    ).list;
    expect(notes.map((n) => [n.oldmanId, n.condition])).toEqual([
      [a.oldmanId, '告警未处理：离床告警\n外出中：市一医院复诊'],
      [b.oldmanId, '护理任务未完成：翻身'],
    ]);
    const listed = (await call(h.app, nurse, 'GET', `${P.handover}?pageHelper=0`)).body.result as {
      list: Rec[];
    };
    expect(listed.list.find((r) => Number(r.handoverId) === handoverId)?.itemCount).toBe(2);
  });

  it('each note is acknowledged (已知晓) by the receiver only; 已接班 once all are and she confirms', async () => {
    const f = await facts();
    const [a, b] = f.elders;
    if (!a || !b) throw new Error('two residents of 护理一部 needed');
    const made = await call(h.app, admin, 'POST', P.handover, {
      handoverDate: localDay(h.clock.now),
      fromShift: 1,
      toShift: 2,
      deptId: f.deptId,
      handedBy: f.adminEmp,
      receivedBy: f.nurseEmp,
    });
    const handoverId = Number((made.body.result as Rec).handoverId);
    const note = async (oldmanId: number) =>
      Number(
        (
          (
            await call(h.app, admin, 'POST', P.handoverItem, {
              handoverId,
              oldmanId,
              condition: '夜间咳嗽',
            })
          ).body.result as Rec
        ).itemId,
      );
    const first = await note(a.oldmanId);
    const second = await note(b.oldmanId);
    const ack = (itemId: number, token: string) =>
      call(h.app, token, 'PUT', pathWith(P.handoverItemAck, { id: itemId }));
    const ackOf = async (itemId: number) =>
      (
        await sql<{ ackTime: string | null; ackName: string | null }>`select ackTime, ackName
          from qualityHandoverItem where itemId = ${itemId}`.execute(db())
      ).rows[0];

    // the giver is not the receiver: refused, nothing written
    expect((await ack(first, admin)).body).toMatchObject({
      code: Code.actionRefused,
      msg: '只能由接班人本人确认知晓',
    });
    expect((await ackOf(first))?.ackTime).toBeNull();
    expect((await ack(first, nurse)).body.code).toBe(0);
    expect(await ackOf(first)).toMatchObject({ ackTime: expect.any(String), ackName: '李秀英' });
    // an acknowledged note is not rewritten behind the receiver's back
    const rewrite = await call(h.app, admin, 'PUT', P.handoverItem, {
      itemId: first,
      handoverId,
      oldmanId: a.oldmanId,
      condition: '改写',
    });
    expect(rewrite.body.code).not.toBe(0);
    // confirmed only when every note is known
    const confirm = () => call(h.app, nurse, 'PUT', pathWith(P.handoverConfirm, { id: handoverId }));
    expect((await confirm()).body.msg).toBe('还有1位长者的交代未确认知晓，请逐一确认后再接班');
    expect((await ack(second, nurse)).body.code).toBe(0);
    expect((await confirm()).body.code).toBe(0);
    const done = (await call(h.app, nurse, 'GET', pathWith(P.handoverOne, { id: handoverId }))).body
      .result as Rec;
    expect(done.handoverStatus).toBe(HandoverStatus.confirmed);
  });
});
