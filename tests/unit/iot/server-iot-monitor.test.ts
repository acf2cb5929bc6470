import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Vitals } from '../../../domain/devices.js';
import { Topic } from '../../../domain/topics.js';
import { SIMULATOR_DEVICES_FILE, type SimulatedDevice } from '../../../server/db/seedRealtime.js';
import { call, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let base = '';
const clients: MqttClient[] = [];
beforeEach(async () => {
  h = await startTestApp();
  base = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.endAsync(true);
  await h.close();
});

const MINUTE = 60_000;
const mattresses = () =>
  (JSON.parse(readFileSync(join(h.dataDir, SIMULATOR_DEVICES_FILE), 'utf8')) as SimulatedDevice[]).filter(
    (d) => d.orgId === 1 && d.kind === 'mattress',
  );

async function connect(device: SimulatedDevice) {
  const client = await mqtt.connectAsync(`${base}/mqtt`, {
    username: device.deviceCode,
    clientId: `${device.deviceCode}#test`,
    password: device.secret,
    reconnectPeriod: 0,
    connectTimeout: 4000,
  });
  clients.push(client);
  return client;
}

const vitals = (over: Partial<Vitals>): Vitals => ({
  ts: h.clock.now,
  heartRate: 70,
  breathRate: 16,
  inBed: 1,
  movement: 1,
  urineWet: 0,
  ...over,
});

/** Publishes vitals as the mattress and waits until the engine has stored them. */
async function publish(device: SimulatedDevice, samples: Vitals[]) {
  const client = await connect(device);
  const before = h.app.services.rules.counters.accepted;
  for (const v of samples)
    await client.publishAsync(Topic.device(1, device.deviceId, 'vitals'), JSON.stringify(v), { qos: 1 });
  await expect.poll(() => h.app.services.rules.counters.accepted).toBe(before + samples.length);
  await h.app.services.rules.flush();
}

async function elderOf(token: string, deviceId: number) {
  const res = await call(h.app, token, 'GET', '/pims/web-org/mattress/oldman');
  const list = res.body.result as { oldmanId: number; deviceId: number; roomName: string; bedName: string }[];
  const elder = list.find((e) => e.deviceId === deviceId);
  if (!elder) throw new Error('mattress without elder');
  return elder;
}

interface MonitorRow {
  deviceId: number;
  oldmanId: number;
  buildingName: string | null;
  floorName: string | null;
  floorNo: number | null;
  roomName: string | null;
  bedName: string | null;
  value: number | null;
  vitals: Vitals | null;
}

describe('mattress monitors', () => {
  it('list every mattress with an elder, its bed place, live vitals and the 24-hour value of the kind', async () => {
    const admin = await signInAdmin(h.app);
    const [mattress] = mattresses();
    if (!mattress) throw new Error('no mattress');
    await publish(mattress, [
      vitals({ heartRate: 60, breathRate: 14, movement: 2 }),
      vitals({ heartRate: 80, breathRate: 18, movement: 3 }),
      vitals({ inBed: 0, heartRate: 0, breathRate: 0, movement: 0 }),
    ]);
    const rowOf = async (kind: number) => {
      const res = await call(h.app, admin.token, 'GET', `/pims/web-org/mattressMonitor/${kind}`);
      expect(res.body.code).toBe(0);
      const rows = res.body.result as MonitorRow[];
      expect(rows.every((r) => r.oldmanId !== null)).toBe(true);
      return rows.find((r) => r.deviceId === mattress.deviceId);
    };
    const heart = await rowOf(1);
    expect(heart).toMatchObject({ value: 70, vitals: { inBed: 0 } });
    expect(heart?.buildingName).toMatch(/号楼$/);
    expect(heart?.floorName).toMatch(/层$/);
    expect(heart?.roomName).toBeTruthy();
    expect(heart?.bedName).toBeTruthy();
    expect(await rowOf(2)).toMatchObject({ value: 16 });
    expect(await rowOf(3)).toMatchObject({ value: 0.67 });
    expect(await rowOf(4)).toMatchObject({ value: 5 });

    const elder = await elderOf(admin.token, mattress.deviceId);
    expect(elder.roomName).toBe(heart?.roomName);
    expect(elder.bedName).toBe(heart?.bedName);
  });

  it('show a nurse only the mattresses of her data department', async () => {
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const all = (await call(h.app, admin.token, 'GET', '/pims/web-org/mattressMonitor/1')).body
      .result as MonitorRow[];
    const hers = (await call(h.app, nurse.token, 'GET', '/pims/web-org/mattressMonitor/1')).body
      .result as MonitorRow[];
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.length).toBeLessThan(all.length);
    const foreign = all.find((r) => !hers.some((x) => x.deviceId === r.deviceId));
    const refused = await call(
      h.app,
      nurse.token,
      'GET',
      `/tams/web-org/healthRecord/${foreign?.oldmanId}/heartbeat/statistics`,
    );
    expect(refused.body.code).toBe(10301);
  });
});

describe('health statistics', () => {
  it('return one point per step minutes with the bucket average, minimum and maximum', async () => {
    const admin = await signInAdmin(h.app);
    const [mattress] = mattresses();
    if (!mattress) throw new Error('no mattress');
    const start = Math.floor(h.clock.now / (10 * MINUTE)) * 10 * MINUTE - 60 * MINUTE;
    await publish(mattress, [
      vitals({ ts: start, heartRate: 60, breathRate: 12, movement: 1 }),
      vitals({ ts: start + MINUTE, heartRate: 80, breathRate: 20, movement: 2 }),
      vitals({ ts: start + 2 * MINUTE, inBed: 0, heartRate: 0, breathRate: 0, movement: 0 }),
      vitals({ ts: start + 10 * MINUTE, heartRate: 90, breathRate: 18, movement: 4 }),
    ]);
    const { oldmanId } = await elderOf(admin.token, mattress.deviceId);
    const stats = async (series: string, step?: number) => {
      const query = `startTime=${start}&endTime=${start + 30 * MINUTE}${step ? `&step=${step}` : ''}`;
      const res = await call(
        h.app,
        admin.token,
        'GET',
        `/tams/web-org/healthRecord/${oldmanId}/${series}/statistics?${query}`,
      );
      expect(res.body.code).toBe(0);
      return res.body.result as { step: number; avg: number; points: { time: number; avg: number }[] };
    };

    // One point a minute by default; the out-of-bed minute has no heart rate.
    const minutes = await stats('heartbeat');
    expect(minutes.step).toBe(1);
    expect(minutes.points.map((p) => p.avg)).toEqual([60, 80, 90]);

    const tenMinutes = await stats('heartbeat', 10);
    expect(tenMinutes).toMatchObject({
      step: 10,
      points: [
        { time: start, avg: 70, min: 60, max: 80, minutes: 3 },
        { time: start + 10 * MINUTE, avg: 90, min: 90, max: 90, minutes: 1 },
      ],
    });
    expect((await stats('breath', 10)).points).toMatchObject([{ avg: 16, min: 12, max: 20 }, { avg: 18 }]);
    expect((await stats('bed', 10)).points).toMatchObject([
      { avg: 0.67, minutes: 3 },
      { avg: 1, minutes: 1 },
    ]);
    expect((await stats('roll', 10)).points).toMatchObject([{ avg: 3 }, { avg: 4 }]);
  });

  it('refuse bad input with the server message, never a server error', async () => {
    const admin = await signInAdmin(h.app);
    const [mattress] = mattresses();
    if (!mattress) throw new Error('no mattress');
    const { oldmanId } = await elderOf(admin.token, mattress.deviceId);
    const get = (url: string) => call(h.app, admin.token, 'GET', url);
    const statsUrl = `/tams/web-org/healthRecord/${oldmanId}/heartbeat/statistics`;

    const cases: [string, number, string | RegExp][] = [
      [`${statsUrl}?startTime=abc`, 10001, '开始时间应为数字'],
      [`${statsUrl}?startTime=2000&endTime=1000`, 10001, '开始时间不能晚于结束时间'],
      [`${statsUrl}?step=0`, 10001, '统计粒度不能小于1'],
      [`${statsUrl}?step=1441`, 10001, '统计粒度不能大于1440'],
      [`${statsUrl}?startTime=0&endTime=${40 * 86_400_000}`, 10001, '统计区间不能超过 31 天'],
      [`/tams/web-org/healthRecord/999999/heartbeat/statistics`, 10004, '长者不存在'],
      [`/tams/web-org/healthRecord/${oldmanId}/pulse/statistics`, 10001, '统计项目取值无效'],
      ['/pims/web-org/mattressMonitor/5', 10001, '种类不能大于4'],
      ['/pims/web-org/mattressMonitor/x', 10001, '种类应为数字'],
    ];
    for (const [url, code, msg] of cases) {
      const res = await get(url);
      expect(res.status, url).toBeLessThan(500);
      expect(res.body.code, url).toBe(code);
      expect(res.body.msg, url).toMatch(msg);
    }
  });
});
