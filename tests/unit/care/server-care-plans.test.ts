import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeMs, localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { REMINDS_PATH } from '../../../domain/reminders.js';
import { OutStatus } from '../../../domain/resources/outing.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { PlanStatus, TaskStatus } from '../../../domain/statuses/care.js';
import { CarePaths as P } from '../../../features/care/api/care.js';
import { cancelAbsentTasks, generateTasks } from '../../../features/care/server/planTasks.js';
import {
  call,
  grantNurse,
  signInAdmin,
  signInOtherOrg,
  startTestApp,
  type TestApp,
} from '../../support/serverHarness.js';

// Spec 001 §7 "Care configuration": care projects, the levels' project configuration, nursing plans,
// their tasks and the execution groups, through the real app.
let h: Awaited<ReturnType<typeof startTestApp>>;
let app: TestApp;
let admin: string;
type Rec = Record<string, unknown>;

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) => {
  const r = await call(app, token, method, url, body);
  expect(r.body, `${method} ${url}`).toMatchObject({ code: 0 });
  return r.body.result as Rec & { list: Rec[]; total: number };
};
const refused = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body: unknown,
  code: number,
  message?: RegExp,
  token = admin,
) => {
  const r = await call(app, token, method, url, body);
  expect(r.body.code, `${method} ${url}: ${r.body.msg}`).toBe(code);
  if (message) expect(r.body.msg).toMatch(message);
  return r.body;
};
const db = () => app.services.db;
const today = () => localDay(h.clock.now);

/** A resident in the house without a plan, of the nurse's department (护理一部) when asked. */
async function freeResident(
  dept?: string,
): Promise<{ oldmanId: number; oldmanName: string; deptId: number }> {
  const rows = await sql<{ oldmanId: number; oldmanName: string; deptId: number }>`
    select m.oldmanId, m.oldmanName, m.deptId from oldman m join dept d on d.deptId = m.deptId
    where m.orgId = 1 and m.oldmanStatus = ${LiveStatus.living} and m.bedId is not null
      and ${dept ? sql`d.deptName = ${dept}` : sql`1 = 1`}
      and not exists (select 1 from nursingPlan p where p.oldmanId = m.oldmanId)
    order by m.oldmanId desc limit 1`.execute(db());
  return rows.rows[0] as { oldmanId: number; oldmanName: string; deptId: number };
}
const levelId = async (name: string) =>
  Number(
    (
      await sql<{
        levelId: number;
      }>`select levelId from careLevel where orgId = 1 and levelName = ${name}`.execute(db())
    ).rows[0]?.levelId,
  );
/** The elder's care level on the profile: a new plan takes that level's configured projects. */
const withLevel = async (oldmanId: number, levelName: string) =>
  sql`update oldman set nursingLevel = ${levelName} where oldmanId = ${oldmanId}`.execute(db());
const tasksOf = async (planId: number) =>
  (await ok('GET', `${P.taskRecord}?planId=${planId}&pageHelper=0`)).list;

beforeAll(async () => {
  h = await startTestApp();
  app = h.app;
  admin = (await signInAdmin(app)).token;
});
afterAll(() => h.close());

describe('care projects (/pims/web-org/projects)', () => {
  it('lists the seeded projects; creates, reads, edits and deletes one; refuses a bad frequency', async () => {
    const seeded = await ok('GET', `${P.projects}?pageHelper=0`);
    expect(seeded.list.map((p) => p.projectName)).toContain('翻身拍背');
    const categoryId = seeded.list[0]?.projectCategoryId;
    const body = {
      projectName: '足部护理',
      projectCategoryId: categoryId,
      frequencyType: 1,
      times: '19:30',
      status: 1,
    };
    await refused('POST', P.projects, { ...body, times: '25:00' }, Code.invalidInput, /执行时间格式/);
    await refused('POST', P.projects, { ...body, frequencyType: 2 }, Code.invalidInput, /执行星期/);
    await refused('POST', P.projects, { ...body, projectName: '' }, Code.invalidInput, /项目名称/);
    await refused('POST', P.projects, { ...body, projectName: '翻身拍背' }, Code.conflict, /已存在/);
    const { projectId } = await ok('POST', P.projects, body);
    expect(await ok('GET', `${P.projects}/${projectId}`)).toMatchObject({
      projectName: '足部护理',
      times: '19:30',
    });
    await ok('PUT', `${P.projects}/${projectId}`, { ...body, times: '20:00' });
    expect(await ok('GET', `${P.projects}/${projectId}`)).toMatchObject({ times: '20:00' });
    await ok('DELETE', `${P.projects}/${projectId}`);
    await refused('GET', `${P.projects}/${projectId}`, undefined, Code.notFound);
    // one in use by a level is kept (停用 instead)
    const used = seeded.list.find((p) => p.projectName === '晨间护理') as Rec;
    await refused('DELETE', `${P.projects}/${used.projectId}`, undefined, Code.conflict, /不能删除/);
  });

  it('answers only with the authority, and only the own organisation', async () => {
    const none = await grantNurse(app, 'careplan:', []);
    await refused('GET', P.projects, undefined, Code.noAuthority, undefined, none);
    const other = (await signInOtherOrg(app)).token;
    const theirs = await ok('GET', `${P.projects}?pageHelper=0`, undefined, other);
    const ours = await ok('GET', `${P.projects}?pageHelper=0`);
    const ids = new Set(ours.list.map((p) => p.projectId));
    expect(theirs.list.some((p) => ids.has(p.projectId))).toBe(false);
    await refused(
      'GET',
      `${P.projects}/${ours.list[0]?.projectId}`,
      undefined,
      Code.notFound,
      undefined,
      other,
    );
  });
});

describe('care levels: project configuration', () => {
  it('lists, adds, edits, removes and sets a level’s projects at once', async () => {
    const level = await levelId('自理');
    const projects = (await ok('GET', `${P.projects}?pageHelper=0`)).list;
    const [a, b, c] = projects as [Rec, Rec, Rec];
    expect((await ok('GET', `${P.levelProjectConfig}?levelId=${level}`)).total).toBe(0);
    const { configId } = await ok('POST', P.levelProjectConfig, {
      levelId: level,
      projectId: a.projectId,
      frequencyType: 1,
      times: '08:00',
    });
    await refused(
      'POST',
      P.levelProjectConfig,
      { levelId: level, projectId: a.projectId, frequencyType: 1 },
      Code.conflict,
      /已配置/,
    );
    await ok('PUT', P.levelProjectConfig, {
      configId,
      levelId: level,
      projectId: a.projectId,
      frequencyType: 3,
    });
    expect((await ok('GET', `${P.levelProjectConfig}?levelId=${level}`)).list[0]).toMatchObject({
      frequencyType: 3,
    });
    await ok('DELETE', `${P.levelProjectConfig}/${configId}`);
    await refused(
      'POST',
      P.setLevelProjectConfig,
      { levelId: level, items: [{ projectId: b.projectId }, { projectId: b.projectId }] },
      Code.invalidInput,
      /重复/,
    );
    await ok('POST', P.setLevelProjectConfig, {
      levelId: level,
      items: [{ projectId: b.projectId }, { projectId: c.projectId, frequencyType: 1, times: '10:00' }],
    });
    const set = (await ok('GET', `${P.levelProjectConfig}?levelId=${level}`)).list;
    expect(set.map((r) => [r.projectId, r.frequencyType])).toEqual([
      [b.projectId, b.frequencyType],
      [c.projectId, 1],
    ]);
  });
});

describe('nursing plans and their tasks', () => {
  let planId: number;
  let elder: { oldmanId: number; oldmanName: string; deptId: number };

  it('creates a draft plan with the level’s projects; a draft makes no tasks', async () => {
    elder = await freeResident('护理一部');
    await withLevel(elder.oldmanId, '全护理');
    await refused(
      'POST',
      P.plan,
      { planName: '计划', oldmanId: elder.oldmanId, startDate: today(), endDate: '2000-01-01' },
      Code.invalidInput,
      /结束日期/,
    );
    ({ planId } = (await ok('POST', P.plan, {
      planName: `${elder.oldmanName}全护理计划`,
      oldmanId: elder.oldmanId,
      startDate: today(),
    })) as unknown as { planId: number });
    const plan = await ok('GET', `${P.plan}/${planId}`);
    // the plan shows the elder's level (the profile's) and keeps none of its own
    expect(plan).toMatchObject({
      planStatus: PlanStatus.draft,
      deptId: elder.deptId,
      itemCount: 7,
      nursingLevel: '全护理',
    });
    expect(plan).not.toHaveProperty('levelId');
    const items = await ok('GET', `${P.planItem}?planId=${planId}&pageHelper=0`);
    expect(items.total).toBe(7);
    await refused('POST', `${P.planTask}/${planId}`, {}, Code.actionRefused, /草稿，不能生成任务/);
    expect(await tasksOf(planId)).toEqual([]);
  });

  it('starts the plan: today’s tasks appear once, however often they are made', async () => {
    await refused(
      'PUT',
      P.planStatus,
      { planId, event: 'plan.resume' },
      Code.actionRefused,
      /草稿，不能恢复/,
    );
    await ok('PUT', P.planStatus, { planId, event: 'plan.activate' });
    const tasks = await tasksOf(planId);
    // 7 items: 晨间1 + 血压1 + 服药3 + 口腔2 + 翻身3 (shifts) + 擦浴(Wed/Sat) + 巡视1
    const weekday = new Date(`${today()}T00:00:00Z`).getUTCDay();
    expect(tasks.length).toBe(11 + (weekday === 3 || weekday === 6 ? 1 : 0));
    expect(tasks.every((t) => t.taskStatus === TaskStatus.pending && t.taskDate === today())).toBe(true);
    expect(await ok('POST', `${P.planTask}/${planId}`, {})).toMatchObject({ created: 0 });
    const before = tasks.length;
    expect((await generateTasks(db(), today())).created).toBe(0);
    expect((await tasksOf(planId)).length).toBe(before);
    // tomorrow's, made ahead
    const tomorrow = localDay(h.clock.now + 86_400_000);
    expect(
      Number((await ok('POST', `${P.planTask}/${planId}`, { taskDate: tomorrow })).created),
    ).toBeGreaterThan(0);
  });

  it('today’s list by floor, one task done, one missed with its reason; the rest stays as it was', async () => {
    const day = await ok('GET', P.taskToday);
    expect(day.taskDate).toBe(today());
    const floors = day.floors as { floorId: number; pending: number }[];
    expect(floors.length).toBeGreaterThan(0);
    const mine = (await tasksOf(planId)).filter((t) => t.taskDate === today());
    const floor = (
      await sql<{ floorId: number }>`select r.floorId from oldman m join bed b on b.bedId = m.bedId
        join room r on r.roomId = b.roomId where m.oldmanId = ${elder.oldmanId}`.execute(db())
    ).rows[0]?.floorId;
    const onFloor = await ok('GET', `${P.taskToday}?floorId=${floor}`);
    const listed = (onFloor.list as Rec[]).filter((t) => t.planId === planId);
    expect(listed.length).toBe(mine.length);
    expect(listed[0]).toMatchObject({ oldmanName: elder.oldmanName, floorId: floor });

    const remindsBefore = await ok('GET', REMINDS_PATH);
    const care = remindsBefore.list.find((r) => r.remindType === 'careTasks') as Rec;
    expect(care).toBeTruthy();

    const [first, second] = mine as [Rec, Rec];
    expect(await ok('PUT', P.taskProject, { taskId: first.taskId, event: 'task.done' })).toMatchObject({
      taskStatus: TaskStatus.done,
    });
    await refused(
      'PUT',
      P.taskProject,
      { taskId: second.taskId, event: 'task.miss' },
      Code.invalidInput,
      /原因/,
    );
    await refused(
      'PUT',
      P.taskProject,
      { taskId: second.taskId, event: 'task.miss', reason: '   ' },
      Code.invalidInput,
    );
    expect((await ok('GET', `${P.taskProject}/${second.taskId}`)).taskStatus).toBe(TaskStatus.pending);
    await ok('PUT', P.taskProject, { taskId: second.taskId, event: 'task.miss', reason: '长者拒绝' });
    expect(await ok('GET', `${P.taskProject}/${second.taskId}`)).toMatchObject({
      taskStatus: TaskStatus.missed,
      reason: '长者拒绝',
      doneByName: '王建国',
    });
    // a finished task is not done again
    await refused(
      'PUT',
      P.taskProject,
      { taskId: first.taskId, event: 'task.miss', reason: 'x' },
      Code.actionRefused,
      /已完成/,
    );
    await refused('PUT', P.taskProject, { taskId: 999999, event: 'task.done' }, Code.notFound);
    const after = (await ok('GET', REMINDS_PATH)).list.find((r) => r.remindType === 'careTasks') as Rec;
    expect(Number(after.pending)).toBe(Number(care.pending) - 2);
  });

  it('the nurse works only with the authority and in her department', async () => {
    const mine = (await tasksOf(planId)).filter((t) => t.taskStatus === TaskStatus.pending) as Rec[];
    const viewer = await grantNurse(app, 'careplan:', ['careplan:tasks', 'careplan:record']);
    await refused(
      'PUT',
      P.taskProject,
      { taskId: mine[0]?.taskId, event: 'task.done' },
      Code.noAuthority,
      undefined,
      viewer,
    );
    const doer = await grantNurse(app, 'careplan:', [
      'careplan:nursing',
      'careplan:tasks',
      'careplan:tasks:do',
      'careplan:record',
    ]);
    // a plan of another department is not hers
    const elsewhere = await freeResident('护理二部');
    const { planId: other } = (await ok('POST', P.plan, {
      planName: '他部计划',
      oldmanId: elsewhere.oldmanId,
      startDate: today(),
    })) as unknown as { planId: number };
    await refused('GET', `${P.plan}/${other}`, undefined, Code.deptNotAllowed, undefined, doer);
    await refused(
      'PUT',
      P.planStatus,
      { planId: other, event: 'plan.activate' },
      Code.noAuthority,
      undefined,
      doer,
    );
    await ok('DELETE', `${P.plan}/${other}`);
    await ok('PUT', P.taskProject, { taskId: mine[0]?.taskId, event: 'task.done' }, doer);
  });

  it('suspending cancels the pending tasks; ending refuses any more work on them', async () => {
    await ok('PUT', P.planStatus, { planId, event: 'plan.suspend' });
    const tasks = await tasksOf(planId);
    expect(tasks.filter((t) => t.taskStatus === TaskStatus.pending)).toEqual([]);
    expect(
      tasks.filter((t) => t.taskStatus === TaskStatus.cancelled).every((t) => t.reason === '护理计划已暂停'),
    ).toBe(true);
    // resumed at noon: what the suspension cancelled from 12:00 on is to be done again, beside the
    // cancelled record; the morning's stay cancelled. Twice over, still one task to do per time.
    const at = (t: Rec) => `${String(t.taskDate)} ${String(t.slot)}`;
    const cancelledSlots = tasks.filter((t) => t.taskStatus === TaskStatus.cancelled).map(at);
    // (tomorrow's were made earlier: they are all ahead)
    const ahead = cancelledSlots.filter((when) => when >= `${today()} 12:00`).sort();
    expect(ahead.length).toBeGreaterThan(0);
    expect(ahead.length).toBeLessThan(cancelledSlots.length);
    const realNow = h.clock.now;
    h.clock.now = localDateTimeMs(`${today()} 12:00:00`);
    admin = (await signInAdmin(app)).token; // a session of the moved clock
    try {
      for (let round = 0; round < 2; round++) {
        await ok('PUT', P.planStatus, { planId, event: 'plan.resume' });
        const after = await tasksOf(planId);
        const open = after.filter((t) => t.taskStatus === TaskStatus.pending).map(at);
        expect(open.sort()).toEqual(ahead);
        expect(after.filter((t) => t.taskStatus === TaskStatus.cancelled).length).toBe(
          cancelledSlots.length + round * ahead.length,
        );
        if (round === 0) await ok('PUT', P.planStatus, { planId, event: 'plan.suspend' });
      }
      // the reopened ones are the day's work again: suspending cancels them too
      await ok('PUT', P.planStatus, { planId, event: 'plan.suspend' });
      expect((await tasksOf(planId)).some((t) => t.taskStatus === TaskStatus.pending)).toBe(false);
      // making the day's tasks again skips every time that has a task, cancelled or not
      await ok('PUT', P.planStatus, { planId, event: 'plan.resume' });
      const made = await db()
        .transaction()
        .execute((trx) => generateTasks(trx, today(), { planIds: [planId] }));
      expect(made.created).toBe(0);
    } finally {
      h.clock.now = realNow;
      admin = (await signInAdmin(app)).token;
    }
    // (the reopened ones out of the way of what follows)
    await sql`update nursingTask set taskStatus = ${TaskStatus.cancelled}, reason = ${'测试'}
      where planId = ${planId} and taskStatus = ${TaskStatus.pending}`.execute(db());
    await ok('POST', P.planItem, {
      planId,
      projectId: (tasks[0] as Rec).projectId,
      frequencyType: 1,
      times: '23:30',
    });
    const pending = (await tasksOf(planId)).filter((t) => t.taskStatus === TaskStatus.pending) as Rec[];
    expect(pending.map((t) => t.slot)).toEqual(['23:30']);
    await ok('PUT', P.planStatus, { planId, event: 'plan.end' });
    await refused('PUT', P.planStatus, { planId, event: 'plan.activate' }, Code.actionRefused, /已结束/);
    // a task of an ended plan: refused with 10010 and changes nothing
    const [task] = pending;
    await sql`update nursingTask set taskStatus = ${TaskStatus.pending} where taskId = ${Number(task?.taskId)}`.execute(
      db(),
    );
    await refused(
      'PUT',
      P.taskProject,
      { taskId: task?.taskId, event: 'task.done' },
      Code.actionRefused,
      /护理计划已结束/,
    );
    expect((await ok('GET', `${P.taskProject}/${task?.taskId}`)).taskStatus).toBe(TaskStatus.pending);
    await refused('POST', `${P.planTask}/${planId}`, {}, Code.actionRefused, /已结束，不能生成任务/);
    await refused(
      'PUT',
      P.plan,
      { planId, planName: '改名', oldmanId: elder.oldmanId, startDate: today() },
      Code.actionRefused,
      /^已结束的护理计划不能修改$/,
    );
    expect((await ok('GET', `${P.plan}/${planId}`)).planName).not.toBe('改名');
    await refused(
      'DELETE',
      `${P.plan}/${planId}`,
      undefined,
      Code.actionRefused,
      /^护理计划当前状态为已结束，只有草稿可以删除$/,
    );
    expect((await ok('GET', `${P.plan}/${planId}`)).planId).toBe(planId);
  });

  it('a task of an elder who has left is refused and unchanged; one out on an outing is cancelled', async () => {
    const gone = await freeResident();
    await withLevel(gone.oldmanId, '半护理');
    const { planId: p } = (await ok('POST', P.plan, {
      planName: '离院测试',
      oldmanId: gone.oldmanId,
      startDate: today(),
    })) as unknown as { planId: number };
    await ok('PUT', P.planStatus, { planId: p, event: 'plan.activate' });
    const [t1, t2] = (await tasksOf(p)) as [Rec, Rec];
    await sql`update oldman set oldmanStatus = ${LiveStatus.quit} where oldmanId = ${gone.oldmanId}`.execute(
      db(),
    );
    await refused(
      'PUT',
      P.taskProject,
      { taskId: t1.taskId, event: 'task.done' },
      Code.actionRefused,
      /已不在院/,
    );
    expect((await ok('GET', `${P.taskProject}/${t1.taskId}`)).taskStatus).toBe(TaskStatus.pending);
    await refused('POST', `${P.planTask}/${p}`, {}, Code.actionRefused, /已不在院/);
    // the job's sweep cancels what is left of them
    await cancelAbsentTasks(db(), today());
    expect(await ok('GET', `${P.taskProject}/${t2.taskId}`)).toMatchObject({
      taskStatus: TaskStatus.cancelled,
      reason: '长者已退住',
    });
    await refused(
      'POST',
      P.plan,
      { planName: '不在院', oldmanId: gone.oldmanId, startDate: today() },
      Code.actionRefused,
      /已不在院/,
    );

    const away = await freeResident();
    await withLevel(away.oldmanId, '半护理');
    const { planId: q } = (await ok('POST', P.plan, {
      planName: '外出测试',
      oldmanId: away.oldmanId,
      startDate: today(),
    })) as unknown as { planId: number };
    await ok('PUT', P.planStatus, { planId: q, event: 'plan.activate' });
    await sql`insert into oldmanOut (orgId, deptId, oldmanId, outStatus, expectedOutTime, expectedReturnTime, createTime, updateTime)
      values (1, ${away.deptId}, ${away.oldmanId}, ${OutStatus.out}, '2026-01-01 08:00:00', '2026-01-01 18:00:00', '', '')`.execute(
      db(),
    );
    await cancelAbsentTasks(db(), today());
    const cancelled = await tasksOf(q);
    expect(cancelled.every((t) => t.taskStatus === TaskStatus.cancelled && t.reason === '长者外出')).toBe(
      true,
    );
  });
});

describe('execution groups (/pims/web-org/executions)', () => {
  it('creates a group, puts plans in and takes them out, deletes it', async () => {
    const plans = (await ok('GET', `${P.plan}?pageHelper=0`)).list;
    const [p1, p2] = plans as [Rec, Rec];
    await refused('POST', P.executions, { executionName: '' }, Code.invalidInput, /执行组名称/);
    const { executionId } = await ok('POST', P.executions, { executionName: '三楼早班组' });
    expect(await ok('GET', `${P.executions}/${executionId}`)).toMatchObject({ executionName: '三楼早班组' });
    expect((await ok('GET', `${P.executions}?pageHelper=0`)).total).toBeGreaterThan(0);
    await refused(
      'POST',
      `${P.executionProject}/${executionId}`,
      { nursingPlanIds: [] },
      Code.invalidInput,
      /请选择/,
    );
    expect(
      await ok('POST', `${P.executionProject}/${executionId}`, {
        nursingPlanIds: [p1.planId, p2.planId, p1.planId],
      }),
    ).toMatchObject({ added: 2 });
    expect(
      await ok('POST', `${P.executionProject}/${executionId}`, { nursingPlanIds: [p1.planId] }),
    ).toMatchObject({
      added: 0,
    });
    const listed = (await ok('GET', `${P.executionProject}/${executionId}`)) as unknown as Rec[];
    expect(listed.map((r) => r.nursingPlanId).sort()).toEqual([p1.planId, p2.planId].sort());
    const item = (await ok('GET', `${P.planItem}?planId=${p1.planId}&pageHelper=0`)).list[0] as Rec;
    const withProject = (await ok(
      'GET',
      `${P.executionProject}/${executionId}/${item.projectId}`,
    )) as unknown as Rec[];
    expect(withProject.map((r) => r.nursingPlanId)).toContain(p1.planId);
    await ok('DELETE', `${P.executionProject}/${executionId}/${p1.planId}`);
    await refused(
      'DELETE',
      `${P.executionProject}/${executionId}/${p1.planId}`,
      undefined,
      Code.invalidInput,
      /不在此执行组/,
    );
    await ok('DELETE', `${P.executions}/${executionId}`);
    await refused('GET', `${P.executions}/${executionId}`, undefined, Code.notFound);
  });
});
