import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IotPaths } from '../../../domain/api/iot.js';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { TaskStatus } from '../../../domain/statuses/care.js';
import { CarePaths as P } from '../../../features/care/api/care.js';
import { CareHealthPaths as H, SignType } from '../../../features/care/api/careHealth.js';
import { call, signInAdmin, startTestApp, type TestApp } from '../../support/serverHarness.js';

// Issue #37 point 3: vital signs taken at the task (a measuring task's 完成 writes the reading) and
// 录入体征, several kinds of one elder at one time, with 体重 in one decimal.
let h: Awaited<ReturnType<typeof startTestApp>>;
let app: TestApp;
let admin: string;
type Rec = Record<string, unknown>;

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const r = await call(app, admin, method, url, body);
  expect(r.body, `${method} ${url}: ${r.body.msg}`).toMatchObject({ code: 0 });
  return r.body.result as Rec & { list: Rec[]; total: number };
};
const refused = async (url: string, body: unknown, message: RegExp, method: 'POST' | 'PUT' = 'POST') => {
  const r = await call(app, admin, method, url, body);
  expect(r.body.code, `${url}: ${r.body.msg}`).toBe(Code.invalidInput);
  expect(r.body.msg).toMatch(message);
};
const db = () => app.services.db;
const signsOf = async (oldmanId: number) =>
  (await sql<Rec>`select * from piOldmanSign where oldmanId = ${oldmanId} order by signId`.execute(db()))
    .rows;

async function freeResident(): Promise<{ oldmanId: number; oldmanName: string }> {
  const rows = await sql<{ oldmanId: number; oldmanName: string }>`
    select m.oldmanId, m.oldmanName from oldman m
    where m.orgId = 1 and m.oldmanStatus = ${LiveStatus.living} and m.bedId is not null
      and not exists (select 1 from nursingPlan p where p.oldmanId = m.oldmanId)
      and not exists (select 1 from piOldmanSign s where s.oldmanId = m.oldmanId)
    order by m.oldmanId desc limit 1`.execute(db());
  const e = rows.rows[0];
  if (!e) throw new Error('no free resident');
  return e;
}

beforeAll(async () => {
  h = await startTestApp();
  app = h.app;
  admin = (await signInAdmin(app)).token;
});
afterAll(() => h.close());

describe('录入体征: several kinds at once', () => {
  it('saves only the filled kinds in one call, 体重 with one decimal; one bad kind saves none', async () => {
    const e = await freeResident();
    const at = localDateTime(h.clock.now - 10 * 60_000).slice(0, 16);
    await refused(H.signBatch, { oldmanId: e.oldmanId, measureTime: at }, /^请至少填写一项体征$/);
    await refused(
      H.signBatch,
      { oldmanId: e.oldmanId, measureTime: at, systolic: 128, diastolic: 80, temperature: '48.0' },
      /^体温48℃不在可能范围（34–43℃），请核对后重新录入$/,
    );
    expect(await signsOf(e.oldmanId)).toHaveLength(0);
    await refused(H.signBatch, { oldmanId: e.oldmanId, measureTime: at, weight: '52.55' }, /体重/);
    const saved = await ok('POST', H.signBatch, {
      oldmanId: e.oldmanId,
      measureTime: at,
      systolic: 128,
      diastolic: 80,
      temperature: '36.6',
      weight: '52.5',
      heartRate: null,
      bloodSugar: '',
    });
    expect(saved).toMatchObject({ abnormal: 0 });
    expect(saved.signIds).toHaveLength(3);
    const rows = await signsOf(e.oldmanId);
    expect(rows.map((r) => r.signType)).toEqual([
      SignType.bloodPressure,
      SignType.temperature,
      SignType.weight,
    ]);
    expect(rows[2]).toMatchObject({ weight: '52.5', measureTime: `${at}:00` });
    // 体重 has its own history and its point on the personal chart
    const series = await ok(
      'GET',
      `${H.signSeries.replace(':oldmanId', String(e.oldmanId))}?start=${at.slice(0, 10)}&end=${at.slice(0, 10)}`,
    );
    expect(series.list).toContainEqual(expect.objectContaining({ signType: SignType.weight, value: 52.5 }));
  });

  it('a value beyond the thresholds raises the entered-vitals alarm of its kind', async () => {
    const e = await freeResident();
    const saved = await ok('POST', H.signBatch, {
      oldmanId: e.oldmanId,
      measureTime: localDateTime(h.clock.now - 60_000),
      bloodOxygen: 86,
      heartRate: 72,
    });
    expect(saved.abnormal).toBe(1);
    const alarms = await sql<Rec>`select alarmType from alarmRecord where oldmanId = ${e.oldmanId}
      and alarmType like 'sign.%'`.execute(db());
    expect(alarms.rows.map((a) => a.alarmType)).toEqual(['sign.bloodOxygen']);
    // the alarm history filters by that type of its own
    const history = await ok('GET', `${IotPaths.mattressAlarms}?alarmType=sign.bloodOxygen&pageSize=50`);
    expect(history.list.some((r) => r.oldmanName === e.oldmanName)).toBe(true);
    expect(history.list.every((r) => r.alarmType === 'sign.bloodOxygen')).toBe(true);
  });
});

describe('a measuring task is done with its value', () => {
  it('测量血压 asks for the value: without it or impossible, refused and still pending; with it, done and recorded', async () => {
    const e = await freeResident();
    await sql`update oldman set nursingLevel = '半护理' where oldmanId = ${e.oldmanId}`.execute(db());
    const { planId } = (await ok('POST', P.plan, {
      planName: '测量任务',
      oldmanId: e.oldmanId,
      startDate: localDateTime(h.clock.now).slice(0, 10),
    })) as unknown as { planId: number };
    await ok('PUT', P.planStatus, { planId, event: 'plan.activate' });
    const tasks = (await ok('GET', `${P.taskRecord}?planId=${planId}&pageHelper=0`)).list;
    const bp = tasks.find((t) => t.projectName === '测量血压') as Rec;
    const other = tasks.find((t) => t.projectName === '晨间护理') as Rec;
    expect(bp).toBeTruthy();
    const today = await ok('GET', P.taskToday);
    const floorOf = (
      await sql<{ floorId: number }>`select r.floorId from oldman m join bed b on b.bedId = m.bedId
        join room r on r.roomId = b.roomId where m.oldmanId = ${e.oldmanId}`.execute(db())
    ).rows[0]?.floorId;
    const onFloor = await ok('GET', `${P.taskToday}?floorId=${floorOf}`);
    expect(today.taskDate).toBeTruthy();
    const listed = onFloor.list.filter((t) => t.oldmanId === e.oldmanId);
    expect(listed.find((t) => t.taskId === bp.taskId)?.measure).toBe('bloodPressure');
    expect(listed.find((t) => t.taskId === other.taskId)?.measure).toBeNull();

    const pending = async () => (await ok('GET', `${P.taskProject}/${bp.taskId}`)).taskStatus;
    await refused(P.taskProject, { taskId: bp.taskId, event: 'task.done' }, /^请填写血压$/, 'PUT');
    await refused(
      P.taskProject,
      { taskId: bp.taskId, event: 'task.done', signs: { systolic: 400, diastolic: 80 } },
      /^收缩压400mmHg不在可能范围（40–300mmHg），请核对后重新录入$/,
      'PUT',
    );
    await refused(
      P.taskProject,
      { taskId: bp.taskId, event: 'task.done', signs: { systolic: 120 } },
      /^请填写舒张压$/,
      'PUT',
    );
    expect(await pending()).toBe(TaskStatus.pending);
    expect(await signsOf(e.oldmanId)).toHaveLength(0);

    // another kind given with the task is not written: the task measures its own
    await ok('PUT', P.taskProject, {
      taskId: bp.taskId,
      event: 'task.done',
      signs: { systolic: 186, diastolic: 96, temperature: '36.5' },
    });
    expect(await pending()).toBe(TaskStatus.done);
    const rows = await signsOf(e.oldmanId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      signType: SignType.bloodPressure,
      systolic: 186,
      diastolic: 96,
      abnormal: 1,
    });
    expect(String(rows[0]?.remark)).toMatch(/^护理任务：测量血压/);
    const alarms = await sql<Rec>`select alarmType from alarmRecord where oldmanId = ${e.oldmanId}
      and alarmType like 'sign.%'`.execute(db());
    expect(alarms.rows.map((a) => a.alarmType)).toEqual(['sign.bloodPressure']);
    // a task that measures nothing is done as before
    await ok('PUT', P.taskProject, { taskId: other.taskId, event: 'task.done' });
  });
});
