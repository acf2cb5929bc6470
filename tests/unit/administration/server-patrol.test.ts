import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IotPaths } from '../../../domain/api/iot.js';
import { pathWith } from '../../../domain/api/path.js';
import { localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { REMINDS_PATH } from '../../../domain/reminders.js';
import { PatrolPaths } from '../../../domain/resources/patrolBase.js';
import { PatrolAuthority as A, PatrolResult, PatrolTaskStatus } from '../../../domain/statuses/patrol.js';
import { PatrolTaskPaths as P, PATROL_ALARM_TYPE } from '../../../features/administration/api/patrol.js';
import {
  generatePatrolTasks,
  markMissedTasks,
  plannedOn,
} from '../../../features/administration/server/patrolTasks.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin = '';
const db = () => h.app.services.db;
const today = () => localDay(h.clock.now);

beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

/** A daily plan over a new two-point line, walked today 00:00–23:59; answers the plan's id. */
async function newPlan(over: Rec = {}) {
  const points: number[] = [];
  for (const name of ['一号楼东门', '一号楼配电房']) {
    const res = await call(h.app, admin, 'POST', PatrolPaths.point, {
      pointName: `${name}${Math.random()}`.slice(0, 20),
    });
    expect(res.body.code).toBe(0);
    points.push(Number((res.body.result as Rec).pointPkId));
  }
  const line = await call(h.app, admin, 'POST', PatrolPaths.line, {
    lineName: `测试路线${Math.random()}`.slice(0, 20),
    pointPkIds: points.join(','),
  });
  expect(line.body.code).toBe(0);
  const exec = await sql<{
    empId: number;
  }>`select empId from emp where status = 0 order by empId limit 1`.execute(db());
  const plan = await call(h.app, admin, 'POST', PatrolPaths.plan, {
    planName: `全天巡查${Math.random()}`.slice(0, 20),
    linePkId: Number((line.body.result as Rec).linePkId),
    nursingId: exec.rows[0]?.empId,
    planType: 0,
    startTime: '00:00',
    endTime: '23:59',
    startDate: today(),
    planStatus: 0,
    ...over,
  });
  expect(plan.body.msg).toBe(plan.body.code === 0 ? plan.body.msg : '');
  expect(plan.body.code).toBe(0);
  return Number((plan.body.result as Rec).planPkId);
}

async function taskOf(planPkId: number, day = today()) {
  const res = await call(h.app, admin, 'GET', `${P.task}?pageHelper=0`);
  expect(res.body.code).toBe(0);
  return (res.body.result as Page).list.find((t) => t.planPkId === planPkId && t.taskDate === day);
}

describe('patrol tasks from plans', () => {
  it('plannedOn: day every day, week on its weekdays, month on its days, all within the dates', () => {
    const base = { startDate: '2026-06-01', endDate: '2026-06-30', cycleDays: null };
    expect(plannedOn({ ...base, planType: 0 }, '2026-06-10')).toBe(true);
    expect(plannedOn({ ...base, planType: 0 }, '2026-07-01')).toBe(false);
    expect(plannedOn({ ...base, planType: 0 }, '2026-05-31')).toBe(false);
    // 2026-06-01 is a Monday (1), 2026-06-07 a Sunday (7)
    expect(plannedOn({ ...base, planType: 1, cycleDays: '1,7' }, '2026-06-01')).toBe(true);
    expect(plannedOn({ ...base, planType: 1, cycleDays: '1,7' }, '2026-06-07')).toBe(true);
    expect(plannedOn({ ...base, planType: 1, cycleDays: '1,7' }, '2026-06-02')).toBe(false);
    expect(plannedOn({ ...base, planType: 2, cycleDays: '15' }, '2026-06-15')).toBe(true);
    expect(plannedOn({ ...base, planType: 2, cycleDays: '15' }, '2026-06-16')).toBe(false);
    expect(plannedOn({ ...base, planType: 3 }, '2026-06-16')).toBe(true);
  });

  it('GET createTask makes today’s task with its points once; the job made it already at start', async () => {
    const planPkId = await newPlan();
    const first = await call(h.app, admin, 'GET', P.createTask);
    expect(first.body).toMatchObject({ code: 0, result: { created: 1 } });
    const again = await call(h.app, admin, 'GET', P.createTask);
    expect(again.body).toMatchObject({ code: 0, result: { created: 0 } });
    const task = await taskOf(planPkId);
    expect(task).toMatchObject({ taskStatus: PatrolTaskStatus.scheduled, pointCount: 2, doneCount: 0 });
    const points = await call(h.app, admin, 'GET', pathWith(P.recordPoints, { id: Number(task?.taskId) }));
    expect((points.body.result as Rec[]).map((p) => p.patrolStatus)).toEqual([0, 0]);
    // the seeded daily plan got today's task from the job at start
    await new Promise((r) => setImmediate(r));
    const seeded = await sql<{
      n: number;
    }>`select count(*) as n from patrolTask t join patrolPlan p on p.planPkId = t.planPkId
      where p.planName = '夜间消防巡查计划' and t.taskDate = ${today()}`.execute(db());
    expect(Number(seeded.rows[0]?.n)).toBe(1);
    const dates = await call(h.app, admin, 'GET', `${P.taskDate}?month=${today().slice(0, 7)}`);
    expect(dates.body.result).toContain(today());
  });

  it('a range of days: week and month plans only on their days; bad ranges refused with nothing made', async () => {
    const week = await newPlan({ planType: 1, cycleDays: '1' });
    const month = await newPlan({
      planType: 2,
      cycleDays: '1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28',
    });
    const from = today();
    const to = localDay(h.clock.now + 27 * 86_400_000);
    const res = await call(h.app, admin, 'GET', `${P.createTask}?from=${from}&to=${to}`);
    expect(res.body.code).toBe(0);
    const count = async (planPkId: number) =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from patrolTask where planPkId = ${planPkId}`.execute(
            db(),
          )
        ).rows[0]?.n,
      );
    expect(await count(week)).toBe(4);
    expect(await count(month)).toBeGreaterThanOrEqual(24);
    for (const bad of [
      `from=${to}&to=${from}`,
      'from=2020-01-01&to=2020-01-02',
      'from=2026-13',
      `from=${from}&to=2099-01-01`,
    ]) {
      const refused = await call(h.app, admin, 'GET', `${P.createTask}?${bad}`);
      expect(refused.body.code).toBe(Code.invalidInput);
    }
    expect(await count(week)).toBe(4);
  });

  it('records points: in progress, then completed abnormal with an alarm in 定位告警; nothing twice', async () => {
    const planPkId = await newPlan();
    await call(h.app, admin, 'GET', P.createTask);
    const task = await taskOf(planPkId);
    const taskId = Number(task?.taskId);
    const points = (await call(h.app, admin, 'GET', pathWith(P.recordPoints, { id: taskId }))).body
      .result as Rec[];
    const [p1, p2] = points.map((p) => Number(p.taskPointPkId));
    const put = (id: number | undefined, body: Rec) =>
      call(h.app, admin, 'PUT', pathWith(P.recordPoint, { id: Number(id) }), body);

    const noNote = await put(p1, { patrolStatus: 2 });
    expect(noNote.body).toMatchObject({ code: Code.invalidInput, msg: '请填写异常说明' });
    expect((await put(p1, { patrolStatus: 3 })).body.code).toBe(Code.invalidInput);

    const first = await put(p1, { patrolStatus: 1 });
    expect(first.body.code).toBe(0);
    expect(first.body.result).toMatchObject({ taskStatus: PatrolTaskStatus.inProgress, alarmRecordId: null });
    const twice = await put(p1, { patrolStatus: 1 });
    expect(twice.body.code).toBe(Code.actionRefused);
    expect(twice.body.msg).toContain('已记录');

    const second = await put(p2, { patrolStatus: 2, note: '配电房门锁损坏' });
    expect(second.body.result).toMatchObject({
      taskStatus: PatrolTaskStatus.completed,
      taskResult: PatrolResult.abnormal,
    });
    const alarmId = Number((second.body.result as Rec).alarmRecordId);
    const alarms = await call(h.app, admin, 'GET', `${IotPaths.pntAlarms}?pageHelper=0`);
    const alarm = (alarms.body.result as Page).list.find((a) => a.recordId === alarmId);
    expect(alarm).toMatchObject({ alarmType: PATROL_ALARM_TYPE, alarmTypeName: '巡更异常', status: 0 });
    expect(String(alarm?.content)).toContain('配电房门锁损坏');

    const record = await call(h.app, admin, 'GET', pathWith(P.recordOne, { id: taskId }));
    expect(record.body.result).toMatchObject({
      doneCount: 2,
      abnormalCount: 1,
      taskResult: PatrolResult.abnormal,
    });
    const nursing = await call(h.app, admin, 'GET', pathWith(P.recordNursing, { id: taskId }));
    expect(nursing.body.result).toMatchObject({ nursingId: Number(task?.nursingId) });
    const list = await call(
      h.app,
      admin,
      'GET',
      `${P.record}?pageHelper=0&taskStatus=${PatrolTaskStatus.completed}`,
    );
    expect((list.body.result as Page).list.map((r) => r.taskId)).toContain(taskId);
    const pointList = await call(h.app, admin, 'GET', `${P.pointList}?pageHelper=0&taskId=${taskId}`);
    expect((pointList.body.result as Page).list.map((r) => r.patrolStatus)).toEqual([1, 2]);
  });

  it('a task past its end is 漏巡: on the workbench, and it takes no record', async () => {
    const planPkId = await newPlan({ startTime: '00:00', endTime: '00:01' });
    await call(h.app, admin, 'GET', P.createTask);
    const task = await taskOf(planPkId);
    const missed = await call(h.app, admin, 'GET', P.updateTask);
    expect(missed.body.code).toBe(0);
    expect(await taskOf(planPkId)).toMatchObject({ taskStatus: PatrolTaskStatus.missed });
    const reminds = await call(h.app, admin, 'GET', `${REMINDS_PATH}?remindType=patrolMissed&pageHelper=0`);
    expect(reminds.body.code).toBe(0);
    expect((reminds.body.result as Page).list.map((r) => r.taskId)).toContain(task?.taskId);
    const points = (await call(h.app, admin, 'GET', pathWith(P.recordPoints, { id: Number(task?.taskId) })))
      .body.result as Rec[];
    const refused = await call(
      h.app,
      admin,
      'PUT',
      pathWith(P.recordPoint, { id: Number(points[0]?.taskPointPkId) }),
      {
        patrolStatus: 1,
      },
    );
    expect(refused.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为漏巡，不能记录巡更点' });
    const unchanged = await sql<{ n: number }>`select count(*) as n from patrolTaskPoint
      where taskId = ${Number(task?.taskId)} and patrolStatus <> 0`.execute(db());
    expect(Number(unchanged.rows[0]?.n)).toBe(0);
  });

  it('a tomorrow task is not recorded yet and is not missed', async () => {
    const planPkId = await newPlan();
    const tomorrow = localDay(h.clock.now + 86_400_000);
    await db()
      .transaction()
      .execute((trx) => generatePatrolTasks(trx, tomorrow, tomorrow));
    const task = await taskOf(planPkId, tomorrow);
    const points = (await call(h.app, admin, 'GET', pathWith(P.recordPoints, { id: Number(task?.taskId) })))
      .body.result as Rec[];
    const refused = await call(
      h.app,
      admin,
      'PUT',
      pathWith(P.recordPoint, { id: Number(points[0]?.taskPointPkId) }),
      {
        patrolStatus: 1,
      },
    );
    expect(refused.body).toMatchObject({ code: Code.actionRefused, msg: '巡更任务未到日期，不能记录' });
    await markMissedTasks(db(), h.clock.now);
    expect(await taskOf(planPkId, tomorrow)).toMatchObject({ taskStatus: PatrolTaskStatus.scheduled });
  });

  it('refuses without the authority, and another organisation’s task is not found', async () => {
    const planPkId = await newPlan();
    await call(h.app, admin, 'GET', P.createTask);
    const task = await taskOf(planPkId);
    const points = (await call(h.app, admin, 'GET', pathWith(P.recordPoints, { id: Number(task?.taskId) })))
      .body.result as Rec[];
    const viewer = await grantNurse(h.app, 'patrol', [A.record]);
    expect((await call(h.app, viewer, 'GET', `${P.record}?pageHelper=0`)).body.code).toBe(0);
    const put = await call(
      h.app,
      viewer,
      'PUT',
      pathWith(P.recordPoint, { id: Number(points[0]?.taskPointPkId) }),
      {
        patrolStatus: 1,
      },
    );
    expect(put.body.code).toBe(Code.noAuthority);
    expect((await call(h.app, viewer, 'GET', P.createTask)).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, viewer, 'GET', P.updateTask)).body.code).toBe(Code.noAuthority);
    const none = await grantNurse(h.app, 'patrol', []);
    expect((await call(h.app, none, 'GET', `${P.task}?pageHelper=0`)).body.code).toBe(Code.noAuthority);
    const other = (await signInOtherOrg(h.app)).token;
    const foreign = await call(h.app, other, 'GET', pathWith(P.recordPoints, { id: Number(task?.taskId) }));
    expect(foreign.body.code).toBe(Code.notFound);
    const post = await call(h.app, admin, 'POST', P.task, {});
    expect(post.status).toBe(404);
  });
});

describe('patrol demo data', () => {
  it('a fresh start has last week’s walked tasks, one abnormal, and yesterday’s night round 漏巡 on the workbench', async () => {
    const done = await sql<{ n: number; abnormal: number }>`select count(*) as n,
        sum(case when taskResult = ${PatrolResult.abnormal} then 1 else 0 end) as abnormal
      from patrolTask where taskStatus = ${PatrolTaskStatus.completed}`.execute(db());
    expect(Number(done.rows[0]?.n)).toBeGreaterThan(5);
    expect(Number(done.rows[0]?.abnormal)).toBe(1);
    await markMissedTasks(db(), h.clock.now);
    const reminds = await call(h.app, admin, 'GET', `${REMINDS_PATH}?remindType=patrolMissed&pageHelper=0`);
    expect((reminds.body.result as Page).list.map((r) => r.planName)).toContain('夜间消防巡查计划');
  });
});
