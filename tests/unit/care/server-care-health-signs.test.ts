import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IotPaths } from '../../../domain/api/iot.js';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { CareHealthPaths as P, SignType } from '../../../features/care/api/careHealth.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin: string;
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) => {
  const res = await call(h.app, token, method, url, body);
  if (res.body.code !== 0) throw new Error(`${method} ${url}: ${res.body.code} ${res.body.msg}`);
  return res.body.result as Rec;
};
const answer = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  token = admin,
) => (await call(h.app, token, method, url, body)).body;

const minutesAgo = (m: number) => localDateTime(Date.now() - m * 60_000);
async function resident(): Promise<Rec> {
  const page = (await ok('GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageSize=1')) as unknown as Page;
  return page.list[0] as Rec;
}
const openSignAlarms = (oldmanId: unknown) =>
  h.app.services.db
    .selectFrom('alarmRecord')
    .selectAll()
    .where('oldmanId', '=', Number(oldmanId))
    .where('status', '=', 0)
    .where('alarmType', 'like', 'sign.%')
    .execute();

describe('vital signs (piOldmanSign)', () => {
  it('enters, lists by kind, edits and deletes a normal reading without an alarm', async () => {
    const e = await resident();
    const made = await ok('POST', P.signs, {
      oldmanId: e.oldmanId,
      signType: SignType.bloodPressure,
      measureTime: minutesAgo(10),
      systolic: 132,
      diastolic: 84,
      heartRate: 70, // another kind's value is dropped
    });
    const list = (await ok(
      'GET',
      `${P.signs}?signType=1&oldmanId=${e.oldmanId}&pageSize=50`,
    )) as unknown as Page;
    const row = list.list.find((r) => r.signId === made.signId) as Rec;
    expect(row).toMatchObject({ systolic: 132, diastolic: 84, heartRate: null, abnormal: 0 });
    expect(row.deptId).toBe(e.deptId);
    await ok('PUT', P.signs, { ...row, systolic: 140 });
    const oxygen = (await ok(
      'GET',
      `${P.signs}?signType=2&oldmanId=${e.oldmanId}&pageSize=50`,
    )) as unknown as Page;
    expect(oxygen.list.some((r) => r.signId === made.signId)).toBe(false);
    expect(await openSignAlarms(e.oldmanId)).toHaveLength(0);
    expect((await ok('DELETE', `${P.signs}/${String(made.signId)}`)).deleted).toBe(1);
  });

  it('refuses impossible values with a clear message and writes nothing', async () => {
    const e = await resident();
    const base = { oldmanId: e.oldmanId, measureTime: minutesAgo(5) };
    const cases: [Rec, string][] = [
      [{ signType: 2, bloodOxygen: 120 }, '血氧饱和度（%）不能大于100'],
      [{ signType: 1, systolic: 80, diastolic: 95 }, '舒张压应低于收缩压，请核对后重新录入'],
      [{ signType: 1, systolic: 130 }, '请填写舒张压'],
      [{ signType: 5, temperature: '45.2' }, '体温45.2℃不在可能范围（34–43℃），请核对后重新录入'],
      [{ signType: 5, temperature: '36,5' }, '体温应为数字，最多一位小数（如 36.5）'],
      [{ signType: 3, bloodSugar: '0.4' }, '血糖0.4mmol/L不在可能范围（1.1–33.3mmol/L），请核对后重新录入'],
      [{ signType: 4, heartRate: 300 }, '心率（次/分）不能大于250'],
      [
        { signType: 4, heartRate: 70, measureTime: localDateTime(Date.now() + 3600_000) },
        '测量时间不能晚于现在',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await answer('POST', P.signs, { ...base, ...body });
      expect(res, msg).toMatchObject({ code: Code.invalidInput, msg });
    }
    const list = (await ok(
      'GET',
      `${P.signs}?oldmanId=${e.oldmanId}&measureTimeStart=${minutesAgo(0).slice(0, 10)}`,
    )) as unknown as Page;
    expect(list.list.filter((r) => r.measureTime === base.measureTime)).toHaveLength(0);
  });

  it('a reading outside the thresholds raises one alarm per elder and kind in 告警中心', async () => {
    const e = await resident();
    await ok('POST', P.signs, {
      oldmanId: e.oldmanId,
      signType: SignType.bloodOxygen,
      measureTime: minutesAgo(3),
      bloodOxygen: 86,
    });
    const [alarm] = await openSignAlarms(e.oldmanId);
    expect(alarm).toMatchObject({
      source: 'mattress',
      alarmType: 'sign.bloodOxygen',
      alarmTypeName: '血氧过低（体征录入）',
      severity: 3,
      deviceId: null,
      count: 1,
    });
    expect(alarm?.content).toContain('血氧饱和度86%，低于90%');
    // the console's resync and the history list carry it
    const unhandled = (await ok('GET', IotPaths.unhandledAlarms)) as unknown as Rec[] | { list: Rec[] };
    const records = Array.isArray(unhandled) ? unhandled : unhandled.list;
    expect(records.some((r) => r.recordId === alarm?.recordId && r.deviceId === 0)).toBe(true);
    const history = (await ok('GET', `${IotPaths.mattressAlarms}?pageSize=100`)) as unknown as Page;
    expect(history.list.some((r) => r.recordId === alarm?.recordId)).toBe(true);
    // a second low reading counts up the open alarm
    await ok('POST', P.signs, {
      oldmanId: e.oldmanId,
      signType: 2,
      measureTime: minutesAgo(1),
      bloodOxygen: 88,
    });
    const again = await openSignAlarms(e.oldmanId);
    expect(again).toHaveLength(1);
    expect(again[0]?.count).toBe(2);
    // a fever is another kind: its own alarm
    await ok('POST', P.signs, {
      oldmanId: e.oldmanId,
      signType: 5,
      measureTime: minutesAgo(1),
      temperature: '38.9',
    });
    expect((await openSignAlarms(e.oldmanId)).map((a) => a.alarmType).sort()).toEqual([
      'sign.bloodOxygen',
      'sign.temperature',
    ]);
    const abnormal = (await ok('GET', `${P.signs}?oldmanId=${e.oldmanId}&abnormal=1`)) as unknown as Page;
    expect(abnormal.total).toBe(3);
    // handled through the existing lifecycle
    await ok('POST', IotPaths.alarmHandle, {
      recordId: alarm?.recordId,
      status: 3,
      handleNote: '已吸氧，复测95%',
    });
    expect((await openSignAlarms(e.oldmanId)).map((a) => a.alarmType)).toEqual(['sign.temperature']);
  });

  it('answers one elder’s readings for the personal chart', async () => {
    const e = await resident();
    await ok('POST', P.signs, {
      oldmanId: e.oldmanId,
      signType: 5,
      measureTime: minutesAgo(2),
      temperature: '36.8',
    });
    const day = minutesAgo(2).slice(0, 10);
    const series = await ok(
      'GET',
      `${P.signSeries.replace(':oldmanId', String(e.oldmanId))}?start=${day}&end=${day}`,
    );
    expect((series.list as Rec[]).some((p) => p.signType === 5 && p.value === 36.8)).toBe(true);
    expect(
      (await answer('GET', `${P.signSeries.replace(':oldmanId', String(e.oldmanId))}?start=x&end=${day}`))
        .code,
    ).toBe(Code.invalidInput);
  });

  it('refuses without authority, another organisation’s elder, and anonymous callers', async () => {
    const e = await resident();
    const nurse = await grantNurse(h.app, 'careplan', []);
    const body = { oldmanId: e.oldmanId, signType: 4, measureTime: minutesAgo(1), heartRate: 72 };
    expect((await answer('POST', P.signs, body, nurse)).code).toBe(Code.noAuthority);
    expect((await answer('GET', P.signs, undefined, nurse)).code).toBe(Code.noAuthority);
    const other = (await signInOtherOrg(h.app)).token;
    expect((await answer('POST', P.signs, body, other)).code).toBe(Code.invalidInput);
    expect((await call(h.app, null, 'GET', P.signs)).body.code).toBe(4011);
    const reader = await grantNurse(h.app, 'careplan', ['careplan:sign:heartRate']);
    expect((await answer('GET', P.signs, undefined, reader)).code).toBe(0);
    expect((await answer('POST', P.signs, body, reader)).code).toBe(Code.noAuthority);
  });

  it('each kind is its own screen: its list shows only the kinds the user may open, 录入 only its own kind', async () => {
    // 心率 only: reads and enters heart rate, nothing of blood pressure; an elder of her department
    const nurse = await grantNurse(h.app, 'careplan', [
      'careplan:sign:heartRate',
      'careplan:signEdit:heartRate',
    ]);
    const e = (
      (await ok(
        'GET',
        '/pims/web-pi/oldmans?oldmanStatuses=1&pageSize=1',
        undefined,
        nurse,
      )) as unknown as Page
    ).list[0] as Rec;
    const at = minutesAgo(2);
    const pressure = await ok('POST', P.signs, {
      oldmanId: e.oldmanId,
      signType: 1,
      measureTime: at,
      systolic: 128,
      diastolic: 82,
    });
    const heart = await ok('POST', P.signs, {
      oldmanId: e.oldmanId,
      signType: 4,
      measureTime: at,
      heartRate: 70,
    });
    // 心率 only: reads and enters heart rate, nothing of blood pressure
    const seen = (await ok(
      'GET',
      `${P.signs}?oldmanId=${e.oldmanId}&pageHelper=0`,
      undefined,
      nurse,
    )) as Page;
    expect(seen.list.map((r) => r.signId)).toContain(heart.signId);
    expect(seen.list.every((r) => r.signType === 4)).toBe(true);
    expect(
      (
        await ok(
          'POST',
          P.signs,
          { oldmanId: e.oldmanId, signType: 4, measureTime: at, heartRate: 75 },
          nurse,
        )
      ).signId,
    ).toBeTruthy();
    const refusedPressure = await answer(
      'POST',
      P.signs,
      { oldmanId: e.oldmanId, signType: 1, measureTime: at, systolic: 120, diastolic: 80 },
      nurse,
    );
    expect(refusedPressure).toMatchObject({ code: Code.noAuthority, msg: '无权录入血压' });
    // nor may she change a blood pressure into a heart rate, or delete one
    expect(
      (
        await answer(
          'PUT',
          P.signs,
          { signId: pressure.signId, oldmanId: e.oldmanId, signType: 4, measureTime: at, heartRate: 66 },
          nurse,
        )
      ).code,
    ).toBe(Code.noAuthority);
    expect((await answer('DELETE', `${P.signs}/${String(pressure.signId)}`, undefined, nurse)).code).toBe(
      Code.noAuthority,
    );
    const all = (await ok('GET', `${P.signs}?oldmanId=${e.oldmanId}&pageHelper=0`)) as Page;
    expect(all.list.find((r) => r.signId === pressure.signId)).toMatchObject({
      signType: 1,
      systolic: 128,
      diastolic: 82,
    });
  });

  it('answers the biometric setting: off, nothing kept', async () => {
    const r = await ok('GET', P.biometric);
    expect(r).toMatchObject({ enabled: 0 });
    expect((r.methods as Rec[]).map((m) => m.code)).toEqual(['face', 'fingerprint']);
  });
});
