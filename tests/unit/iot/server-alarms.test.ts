import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import mqtt, { type MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AlarmRecord } from '../../../domain/alarms.js';
import { IotPaths } from '../../../domain/api/iot.js';
import { corridorRect, slotCentre, toLngLat } from '../../../domain/floorPlan.js';
import { Topic } from '../../../domain/topics.js';
import { migrateToLatest } from '../../../server/db/migrations.js';
import { SIMULATOR_DEVICES_FILE, type SimulatedDevice } from '../../../server/db/seedRealtime.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let base = '';
const clients: (MqttClient | WebSocket)[] = [];
beforeEach(async () => {
  h = await startTestApp();
  base = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterEach(async () => {
  for (const c of clients.splice(0)) c instanceof WebSocket ? c.close() : await c.endAsync(true);
  await h.close();
});

const devices = () =>
  JSON.parse(readFileSync(join(h.dataDir, SIMULATOR_DEVICES_FILE), 'utf8')) as SimulatedDevice[];

async function connectDevice(device: SimulatedDevice, secret = device.secret) {
  const client = await mqtt.connectAsync(`${base}/mqtt`, {
    username: device.deviceCode,
    clientId: `${device.deviceCode}#test`,
    password: secret,
    reconnectPeriod: 0,
    connectTimeout: 4000,
  });
  clients.push(client);
  return client;
}

/** A push console: collects every message after auth.ok. */
async function pushConsole(token: string) {
  const ws = new WebSocket(`${base}/push`);
  clients.push(ws);
  const messages: { type: string; data?: unknown }[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await expect.poll(() => messages.map((m) => m.type)).toContain('auth.ok');
  const alarms = () =>
    messages
      .filter((m) => m.type.startsWith('alarm.'))
      .map((m) => ({ type: m.type, ...(m.data as AlarmRecord) }));
  return { ws, messages, alarms };
}

const sos = (c: MqttClient, d: SimulatedDevice) =>
  c.publishAsync(
    Topic.device(d.orgId, d.deviceId, 'event'),
    JSON.stringify({ ts: Date.now(), event: 'sos' }),
  );

describe('device alarms end to end (broker → rules → database → push)', () => {
  it('places a positioning alarm where the watch last was: building, floor and room or corridor', async () => {
    const admin = await signInAdmin(h.app);
    const console1 = await pushConsole(admin.token);
    const watch = devices().find((d) => d.orgId === 1 && d.kind === 'watch');
    if (!watch) throw new Error('no seeded watch');
    const building = await h.app.services.db
      .selectFrom('building')
      .selectAll()
      .where('orgId', '=', 1)
      .orderBy('buildingId')
      .executeTakeFirstOrThrow();
    const room = await h.app.services.db
      .selectFrom('room')
      .innerJoin('floor', 'floor.floorId', 'room.floorId')
      .select(['room.roomName', 'room.planSlot', 'floor.floorNo'])
      .where('floor.buildingId', '=', building.buildingId)
      .where('room.planSlot', '=', 2)
      .orderBy('floor.floorNo')
      .executeTakeFirstOrThrow();
    const device = await connectDevice(watch);
    const at = async (x: number, y: number) => {
      const [lng, lat] = toLngLat(building, x, y);
      await device.publishAsync(
        Topic.position(watch.orgId, watch.deviceId),
        JSON.stringify({ ts: Date.now(), buildingId: building.buildingId, floorNo: room.floorNo, lng, lat }),
      );
    };
    const [cx, cy] = slotCentre(2);
    await at(cx, cy);
    await sos(device, watch);
    await expect.poll(() => console1.alarms()).toHaveLength(1);
    expect(console1.alarms()[0]?.roomName).toBe(
      `${building.buildingName} ${room.floorNo}层 ${room.roomName}`,
    );

    // Walked into the corridor and pressed again: the open alarm moves with them.
    const [, y0, , y1] = corridorRect();
    await at(cx, (y0 + y1) / 2);
    await sos(device, watch);
    await expect.poll(() => console1.alarms()).toHaveLength(2);
    expect(console1.alarms()[1]?.roomName).toBe(`${building.buildingName} ${room.floorNo}层 走廊`);

    // The flush keeps the watch's last place and battery on its device row (a restart starts from it).
    const [lng, lat] = toLngLat(building, cx, (y0 + y1) / 2);
    await device.publishAsync(
      Topic.device(watch.orgId, watch.deviceId, 'battery'),
      JSON.stringify({ ts: Date.now(), level: 64 }),
    );
    await expect.poll(() => h.app.services.rules.counters.accepted).toBeGreaterThanOrEqual(5);
    await h.app.services.rules.flush();
    const stored = await h.app.services.db
      .selectFrom('device')
      .select(['online', 'lastSeen', 'battery', 'buildingId', 'floorNo', 'lng', 'lat'])
      .where('deviceId', '=', watch.deviceId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      online: 1,
      battery: 64,
      buildingId: building.buildingId,
      floorNo: room.floorNo,
    });
    expect(stored.lng).toBeCloseTo(lng, 9);
    expect(stored.lat).toBeCloseTo(lat, 9);
    expect(stored.lastSeen).toBeGreaterThan(Date.now() - 60_000);
  });

  it('raises one record per device and type, counts re-triggers, and lets an operator handle it', async () => {
    const admin = await signInAdmin(h.app);
    const console1 = await pushConsole(admin.token);
    const watch = devices().find((d) => d.orgId === 1 && d.kind === 'watch');
    if (!watch) throw new Error('no seeded watch');
    const device = await connectDevice(watch);

    await sos(device, watch);
    await expect.poll(() => console1.alarms()).toHaveLength(1);
    const created = console1.alarms()[0];
    expect(created).toMatchObject({
      type: 'alarm.created',
      source: 'pnt',
      alarmType: 'sos',
      status: 0,
      count: 1,
    });
    expect(created?.oldmanName).toBeTruthy();

    await sos(device, watch);
    await expect.poll(() => console1.alarms()).toHaveLength(2);
    expect(console1.alarms()[1]).toMatchObject({
      type: 'alarm.updated',
      recordId: created?.recordId,
      count: 2,
      version: 2,
    });

    const list = await call(h.app, admin.token, 'GET', '/loms/web-lo/pnt/alarm/record?status=0');
    expect(list.body.result).toMatchObject({ total: 1 });

    const recordId = created?.recordId;
    const noNote = await call(h.app, admin.token, 'POST', '/loms/web-lo/pnt/alarm/record/handle', {
      recordId,
      status: 3,
    });
    expect(noNote.body).toMatchObject({ code: 10001, msg: '请填写处理说明' });

    const handled = await call(h.app, admin.token, 'POST', '/loms/web-lo/pnt/alarm/record/handle', {
      recordId,
      status: 3,
      handleNote: '已到房间查看，长者安好',
    });
    expect(handled.body).toMatchObject({ code: 0, result: { status: 3, handlerName: '王建国', version: 3 } });
    await expect.poll(() => console1.alarms().at(-1)).toMatchObject({ type: 'alarm.updated', status: 3 });

    // A closed record cannot be handled again; the machine on the server refuses it.
    const again = await call(h.app, admin.token, 'POST', '/loms/web-lo/pnt/alarm/record/handle', {
      recordId,
      status: 2,
    });
    expect(again.body.code).toBe(10009);
    const unhandled = await call(h.app, admin.token, 'GET', '/loms/di-lo/alarm/sendUnhandledAlarms');
    expect(unhandled.body.result).toEqual([]);

    // After it is closed, a new SOS opens a new record.
    await sos(device, watch);
    await expect.poll(() => console1.alarms().at(-1)).toMatchObject({ type: 'alarm.created', count: 1 });
    expect(console1.alarms().at(-1)?.recordId).not.toBe(recordId);
  });

  it('never sends an alarm to another organisation, nor to a nurse outside its department', async () => {
    const admin = await pushConsole((await signInAdmin(h.app)).token);
    const other = await pushConsole((await signInOtherOrg(h.app)).token);
    const nurse = await signInNurse(h.app);
    const nurseConsole = await pushConsole(nurse.token);
    const all = devices().filter((d) => d.orgId === 1 && d.kind === 'watch');
    // The nurse sees 护理一部 only; pick one watch outside it.
    const visible = await call(h.app, nurse.token, 'GET', '/loms/web-lo/pnt/device/list/rt');
    const visibleIds = new Set((visible.body.result as { deviceId: number }[]).map((d) => d.deviceId));
    const outside = all.find((d) => !visibleIds.has(d.deviceId));
    const inside = all.find((d) => visibleIds.has(d.deviceId));
    if (!outside || !inside) throw new Error('seed has no watches on both sides');
    await sos(await connectDevice(outside), outside);
    await sos(await connectDevice(inside), inside);
    await expect.poll(() => admin.alarms()).toHaveLength(2);
    await expect.poll(() => nurseConsole.alarms()).toHaveLength(1);
    expect(nurseConsole.alarms()[0]?.deviceId).toBe(inside.deviceId);
    expect(other.alarms()).toEqual([]);

    // The nurse cannot act on the record of another department either.
    const foreign = admin.alarms().find((a) => a.deviceId === outside.deviceId);
    const refused = await call(h.app, nurse.token, 'POST', '/loms/web-lo/pnt/alarm/record/handle', {
      recordId: foreign?.recordId,
      status: 2,
    });
    expect(refused.body.code).toBe(10301);
  });

  it('refuses wrong device secrets, foreign topics and malformed telemetry without raising anything', async () => {
    const [watch, second] = devices().filter((d) => d.orgId === 1 && d.kind === 'watch');
    if (!watch || !second) throw new Error('no watches');
    await expect(connectDevice(watch, 'wrong-secret')).rejects.toThrow();
    const device = await connectDevice(watch);
    await device.publishAsync(Topic.device(1, watch.deviceId, 'event'), '{"ts":1,"event":"boom"}');
    await device.publishAsync(Topic.device(1, watch.deviceId, 'vitals'), 'not json');
    await expect.poll(() => h.app.services.rules.counters.rejected).toBe(2);
    // Publishing as another device gets this client disconnected by the broker.
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));
    device.publish(
      Topic.device(1, second.deviceId, 'event'),
      JSON.stringify({ ts: Date.now(), event: 'sos' }),
    );
    await closed;
    const list = await call(h.app, (await signInAdmin(h.app)).token, 'GET', '/loms/web-lo/pnt/alarm/record');
    expect(list.body.result).toMatchObject({ total: 0 });
  });

  it('drops what devices send once the rules engine stopped (the server closing), writing nothing', async () => {
    const watch = devices().find((d) => d.orgId === 1 && d.kind === 'watch');
    if (!watch) throw new Error('no watch');
    const device = await connectDevice(watch);
    await h.app.services.rules.stop();
    const accepted = h.app.services.rules.counters.accepted;
    await device.publishAsync(
      Topic.device(1, watch.deviceId, 'event'),
      JSON.stringify({ ts: Date.now(), event: 'sos' }),
      { qos: 1 },
    );
    await device.endAsync();
    expect(h.app.services.rules.counters.accepted).toBe(accepted);
    const list = await call(h.app, (await signInAdmin(h.app)).token, 'GET', '/loms/web-lo/pnt/alarm/record');
    expect(list.body.result).toMatchObject({ total: 0 });
  });

  it('stores vitals as minute aggregates that the health statistics read back', async () => {
    const admin = await signInAdmin(h.app);
    const mattress = devices().find((d) => d.orgId === 1 && d.kind === 'mattress');
    if (!mattress) throw new Error('no mattress');
    const client = await connectDevice(mattress);
    const ts = h.clock.now;
    for (const heartRate of [60, 70, 80])
      await client.publishAsync(
        Topic.device(1, mattress.deviceId, 'vitals'),
        JSON.stringify({ ts, heartRate, breathRate: 16, inBed: 1, movement: 2, urineWet: 0 }),
      );
    await expect.poll(() => h.app.services.rules.counters.accepted).toBeGreaterThanOrEqual(3);
    await h.app.services.rules.flush();
    const elders = await call(h.app, admin.token, 'GET', '/pims/web-org/mattress/oldman');
    const elder = (elders.body.result as { oldmanId: number; deviceId: number }[]).find(
      (e) => e.deviceId === mattress.deviceId,
    );
    const stats = await call(
      h.app,
      admin.token,
      'GET',
      `/tams/web-org/healthRecord/${elder?.oldmanId}/heartbeat/statistics`,
    );
    expect(stats.body.result).toMatchObject({ avg: 70, points: [{ avg: 70, min: 60, max: 80 }] });
    const monitor = await call(h.app, admin.token, 'GET', '/pims/web-org/mattressMonitor/1');
    const row = (
      monitor.body.result as { deviceId: number; value: number; vitals: { heartRate: number } }[]
    ).find((r) => r.deviceId === mattress.deviceId);
    expect(row).toMatchObject({ value: 70, vitals: { heartRate: 80 } });
  });
  it('keeps one open call per button: a second press re-rings it, answer and clear close it', async () => {
    const button = devices().find((d) => d.orgId === 1 && d.kind === 'callButton');
    if (!button) throw new Error('no seeded call button');
    const client = await connectDevice(button);
    const press = (action: 'call' | 'answer' | 'clear') =>
      client.publishAsync(
        Topic.device(1, button.deviceId, 'call'),
        JSON.stringify({ ts: Date.now(), model: button.model, action }),
      );
    const records = () =>
      h.app.services.db
        .selectFrom('callRecord')
        .select(['callId', 'callStatus', 'answerTime', 'clearTime', 'realtime'])
        .where('deviceId', '=', button.deviceId)
        .orderBy('callId')
        .execute();
    const accepted = () => h.app.services.rules.counters.accepted;
    const before = accepted();
    await press('call');
    await press('call');
    await expect.poll(accepted).toBeGreaterThanOrEqual(before + 2);
    await h.app.services.rules.flush();
    await expect.poll(records).toMatchObject([{ callStatus: 2, answerTime: null, clearTime: null }]);
    await press('answer');
    await press('clear');
    await expect.poll(records).toMatchObject([{ callStatus: 1, realtime: 0 }]);
    const [closed] = await records();
    expect(closed?.answerTime).not.toBeNull();
    expect(closed?.clearTime).not.toBeNull();
    // After the clear a new press is a new call.
    await press('call');
    await expect.poll(async () => (await records()).length).toBe(2);
  });
});

describe('a nurse call nobody answers becomes an alarm (issue #38 point 3)', () => {
  /** The first call button of the home, connected as itself; each press waits until the server took it. */
  async function callButton() {
    const button = devices().find((d) => d.orgId === 1 && d.kind === 'callButton');
    if (!button) throw new Error('no seeded call button');
    const client = await connectDevice(button);
    const press = async (action: 'call' | 'answer' | 'clear') => {
      const before = h.app.services.rules.counters.accepted;
      await client.publishAsync(
        Topic.device(1, button.deviceId, 'call'),
        JSON.stringify({ ts: h.clock.now, model: button.model, action }),
      );
      await expect.poll(() => h.app.services.rules.counters.accepted).toBeGreaterThan(before);
      // the press is written in the engine's queue: the next pass runs after it
      await h.app.services.rules.tick();
    };
    const records = () =>
      h.app.services.db
        .selectFrom('alarmRecord')
        .selectAll()
        .where('deviceId', '=', button.deviceId)
        .where('alarmType', '=', 'call.unanswered')
        .execute();
    return { button, press, records };
  }
  const callAlarms = (c: Awaited<ReturnType<typeof pushConsole>>) =>
    c.alarms().filter((a) => a.alarmType === 'call.unanswered');
  const setting = (token: string, callAlarmAfterSeconds: unknown) =>
    call(h.app, token, 'PUT', IotPaths.alarmSetting, {
      escalateAfterMinutes: 5,
      sound: 1,
      callAlarmAfterSeconds,
    });

  it('raises one 重要 呼叫未应答 when the wait reaches the setting, never again, and the answer at the bed releases it', async () => {
    const admin = await signInAdmin(h.app);
    const console1 = await pushConsole(admin.token);
    expect((await call(h.app, admin.token, 'GET', IotPaths.alarmSetting)).body.result).toMatchObject({
      callAlarmAfterSeconds: 60,
    });
    // the home rings its phones for this alarm (语音通知's scene 呼叫未应答)
    const voice = await call(h.app, admin.token, 'PUT', '/pims/web-org/aliVmsConfig', {
      status: 1,
      accessKeyId: 'LTAI-test',
      accessKeySecret: 'secret',
      calledShowNumber: '',
      ttsCode: 'TTS_1',
      phones: ['13800000002'],
      scenes: ['mattress:call.unanswered'],
    });
    expect(voice.body.code).toBe(0);
    const rung = () => h.calls.filter((c) => c.phones.includes('13800000002'));
    const { button, press, records } = await callButton();
    const pressed = h.clock.now;
    await press('call');
    h.clock.now = pressed + 59_000;
    await h.app.services.rules.tick();
    expect(await records()).toEqual([]);
    expect(rung()).toEqual([]);

    h.clock.now = pressed + 60_000;
    await h.app.services.rules.tick();
    await expect.poll(() => callAlarms(console1)).toHaveLength(1);
    expect(callAlarms(console1)[0]).toMatchObject({
      type: 'alarm.created',
      source: 'mattress',
      alarmTypeName: '呼叫未应答',
      severity: 2,
      status: 0,
      deviceId: button.deviceId,
      content: `床旁呼叫 ${button.model} 等待 60 秒未应答`,
      firstTime: pressed + 60_000,
    });
    await expect.poll(() => rung().length).toBe(1);
    expect(rung()[0]?.text).toContain('呼叫未应答');
    const [record] = await records();
    const stored = await h.app.services.db
      .selectFrom('callRecord')
      .select(['alarmRecordId', 'oldmanName', 'bedName'])
      .where('deviceId', '=', button.deviceId)
      .executeTakeFirstOrThrow();
    expect(stored.alarmRecordId).toBe(record?.recordId);
    expect(record).toMatchObject({ oldmanName: stored.oldmanName, bedName: stored.bedName });

    // later passes find the call alarmed already: no second record, no count-up, nothing pushed
    h.clock.now = pressed + 120_000;
    await h.app.services.rules.tick();
    expect(await records()).toMatchObject([{ count: 1, version: 1 }]);
    expect(callAlarms(console1)).toHaveLength(1);

    // answered at the bed: the alarm is released there and leaves the consoles
    h.clock.now = pressed + 130_000;
    await press('answer');
    await expect
      .poll(() => callAlarms(console1).at(-1))
      .toMatchObject({
        type: 'alarm.updated',
        recordId: record?.recordId,
        status: 4,
        handlerName: '床旁应答',
        handleTime: pressed + 130_000,
      });
    await press('clear');
    expect(await records()).toMatchObject([{ status: 4, version: 2 }]);
    expect(callAlarms(console1)).toHaveLength(2);
  });

  it('with the setting at 0 the press is the alarm; closed by an operator it stays closed while the call still waits', async () => {
    const admin = await signInAdmin(h.app);
    const console1 = await pushConsole(admin.token);
    for (const [bad, msg] of [
      [601, '呼叫未应答转告警（秒）不能大于600'],
      [-1, '呼叫未应答转告警（秒）不能小于0'],
      [1.5, '呼叫未应答转告警（秒）应为整数'],
    ] as const)
      expect((await setting(admin.token, bad)).body).toMatchObject({ code: 10001, msg });
    expect((await setting(admin.token, 0)).body.code).toBe(0);

    const { press, records } = await callButton();
    await press('call');
    await expect.poll(() => callAlarms(console1)).toHaveLength(1);
    const [raised] = callAlarms(console1);
    expect(raised).toMatchObject({ type: 'alarm.created', severity: 2, firstTime: h.clock.now });
    const handled = await call(h.app, admin.token, 'POST', IotPaths.alarmHandle, {
      recordId: raised?.recordId,
      status: 3,
      handleNote: '已到床旁查看',
    });
    expect(handled.body).toMatchObject({ code: 0, result: { status: 3 } });

    // the call still waits at the bed: passes long after raise nothing more
    for (const minutes of [1, 10]) {
      h.clock.now += minutes * 60_000;
      await h.app.services.rules.tick();
    }
    expect(await records()).toMatchObject([{ status: 3, handleNote: '已到床旁查看', count: 1 }]);
    // and the answer at last leaves the operator's closing as it was
    await press('answer');
    expect(await records()).toMatchObject([{ status: 3, handlerName: '王建国' }]);
    expect(callAlarms(console1).map((a) => a.status)).toEqual([0, 3]);
  });

  it('an upgrade settles the calls already waiting without an alarm: no ring for a call of last week', async () => {
    const { button, records } = await callButton();
    const db = h.app.services.db;
    const weekAgo = h.clock.now - 7 * 86_400_000;
    await db
      .insertInto('callRecord')
      .values({
        orgId: 1,
        deptId: 1,
        deviceId: button.deviceId,
        model: button.model,
        oldmanId: null,
        oldmanName: null,
        bedId: null,
        bedName: null,
        roomName: null,
        callTime: weekAgo,
        answerTime: null,
        clearTime: null,
        callStatus: 2,
        connect: null,
        dealType: null,
        realtime: 1,
        alarmRecordId: null,
      })
      .execute();
    await sql`delete from kysely_migration where name >= '0025_call_alarm'`.execute(db);
    await migrateToLatest(db as unknown as Kysely<unknown>);
    await h.app.services.rules.tick();
    expect(await records()).toEqual([]);
    const [waiting] = await db
      .selectFrom('callRecord')
      .select('alarmRecordId')
      .where('deviceId', '=', button.deviceId)
      .execute();
    expect(waiting?.alarmRecordId).toBe(0);
  });
});

describe('alarm rules and rails', () => {
  it('validates inputs with the spec messages and reloads the engine on change', async () => {
    const admin = await signInAdmin(h.app);
    const bad = await call(h.app, admin.token, 'POST', '/pims/web-pi/device/mattress/alarmRules', {
      ruleName: '心率',
      alarmType: 4,
      minValue: 100,
      maxValue: 50,
    });
    expect(bad.body).toMatchObject({ code: 10001 });
    expect(bad.body.msg).toContain('下限必须小于上限');
    const rail = await call(h.app, admin.token, 'POST', '/loms/web-lo/pnt/rail', {
      railName: '花园',
      buildingId: 1,
      floorNo: 1,
      polygon: [
        [120.13, 30.26],
        [120.1301, 30.26],
        [120.1301, 30.2601],
      ],
    });
    expect(rail.body.code).toBe(10001);
    const ok = await call(h.app, admin.token, 'POST', '/loms/web-lo/pnt/rail', {
      railName: '花园',
      buildingId: 1,
      floorNo: 1,
      polygon: [
        [120.13, 30.26],
        [120.1301, 30.26],
        [120.1301, 30.2601],
        [120.13, 30.26],
      ],
    });
    expect(ok.body.code).toBe(0);
    const railId = (ok.body.result as { railId: number }).railId;
    const ruleRes = await call(h.app, admin.token, 'POST', '/loms/web-lo/pnt/alarm/rule', {
      ruleName: '离开花园',
      alarmType: 'railAlarm',
      railId,
      railTrigger: 'exit',
    });
    expect(ruleRes.body.code).toBe(0);
    const inUse = await call(h.app, admin.token, 'DELETE', `/loms/web-lo/pnt/rail/${railId}`);
    expect(inUse.body).toMatchObject({ code: 10009, msg: '围栏正被规则「离开花园」使用，不能删除' });
    // The other organisation cannot see or delete it.
    const other = await signInOtherOrg(h.app);
    const foreign = await call(
      h.app,
      other.token,
      'DELETE',
      `/loms/web-lo/pnt/alarm/rule/${(ruleRes.body.result as { ruleId: number }).ruleId}`,
    );
    expect(foreign.body.code).toBe(10004);
  });

  it('serves the floor plan of a building as GeoJSON made from its rooms', async () => {
    const admin = await signInAdmin(h.app);
    const buildings = await call(h.app, admin.token, 'GET', '/loms/web-lo/pnt/building');
    const first = (buildings.body.result as { buildingId: number; floors: { floorNo: number }[] }[])[0];
    expect(first?.floors).toHaveLength(3);
    const plan = await call(
      h.app,
      admin.token,
      'GET',
      `/loms/web-lo/pnt/map/one?buildingId=${first?.buildingId}&floorNo=1`,
    );
    const features = (plan.body.result as { features: { properties: { kind: string; name: string } }[] })
      .features;
    expect(features.filter((f) => f.properties.kind === 'room')).toHaveLength(8);
    expect(features.map((f) => f.properties.name)).toContain('1101');
  });
});
