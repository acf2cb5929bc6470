import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Topic } from '../../../domain/topics.js';
import { SIMULATOR_DEVICES_FILE, type SimulatedDevice } from '../../../server/db/seedRealtime.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

interface BedRow {
  bedId: number;
  roomName: string;
  oldmanId: number | null;
  oldmanName: string | null;
  mattress: { deviceId: number } | null;
  callButton: { deviceId: number } | null;
}
const BEDS = '/pims/web-org/organization/bed';
const beds = async (token: string, query = '') =>
  (await call(h.app, token, 'GET', `${BEDS}${query}`)).body.result as BedRow[];
const deviceRow = (deviceId: number) =>
  h.app.services.db
    .selectFrom('device')
    .selectAll()
    .where('deviceId', '=', deviceId)
    .executeTakeFirstOrThrow();

describe('beds and their devices', () => {
  it('lists the beds of the user’s departments with their mattress and call button', async () => {
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const all = await beds(admin.token);
    const mine = await beds(nurse.token);
    expect(all.length).toBeGreaterThan(mine.length);
    expect(mine.length).toBeGreaterThan(0);
    expect(all.some((b) => b.mattress !== null)).toBe(true);
    const withElder = all.find((b) => b.oldmanName);
    const found = await beds(admin.token, `?keyword=${encodeURIComponent(withElder?.oldmanName ?? '')}`);
    expect(found.map((b) => b.bedId)).toContain(withElder?.bedId);
  });

  it('moves a mattress to another bed; its alarms then name that bed’s elder', async () => {
    const admin = await signInAdmin(h.app);
    const all = await beds(admin.token);
    const from = all.find((b) => b.mattress && b.oldmanId);
    const to = all.find((b) => b.oldmanId && b.oldmanId !== from?.oldmanId && b.bedId !== from?.bedId);
    if (!from?.mattress || !to) throw new Error('seed has no two occupied beds');
    const moved = from.mattress.deviceId;
    const res = await call(h.app, admin.token, 'PUT', `${BEDS}/${to.bedId}`, {
      mattressDeviceId: moved,
      callDeviceId: to.callButton?.deviceId ?? null,
    });
    expect(res.body).toMatchObject({ code: 0 });
    const after = await beds(admin.token);
    expect(after.find((b) => b.bedId === from.bedId)?.mattress).toBeNull();
    expect(after.find((b) => b.bedId === to.bedId)?.mattress?.deviceId).toBe(moved);
    expect(await deviceRow(moved)).toMatchObject({ bedId: to.bedId, oldmanId: to.oldmanId });
    // The bed's previous mattress is free now.
    if (to.mattress && to.mattress.deviceId !== moved)
      expect((await deviceRow(to.mattress.deviceId)).bedId).toBeNull();
  });

  it('lists the organisation’s mattresses or call buttons with the bed each is on', async () => {
    const admin = await signInAdmin(h.app);
    const other = await signInOtherOrg(h.app);
    type DeviceRow = { deviceId: number; bedId: number | null; roomName: string | null };
    const devices = async (token: string, kind: string) =>
      (await call(h.app, token, 'GET', `${BEDS}/devices?kind=${kind}`)).body.result as DeviceRow[];
    const mattresses = await devices(admin.token, 'mattress');
    const bed = (await beds(admin.token)).find((b) => b.mattress);
    const onBed = mattresses.find((d) => d.deviceId === bed?.mattress?.deviceId);
    expect(onBed).toMatchObject({ bedId: bed?.bedId, roomName: bed?.roomName });
    const kinds = await h.app.services.db
      .selectFrom('device')
      .select('kind')
      .where(
        'deviceId',
        'in',
        mattresses.map((d) => d.deviceId),
      )
      .execute();
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(['mattress']));
    const buttons = await devices(admin.token, 'callButton');
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.some((b) => mattresses.some((m) => m.deviceId === b.deviceId))).toBe(false);
    // Another organisation's devices are not offered.
    const foreign = await devices(other.token, 'mattress');
    expect(foreign.some((d) => mattresses.some((m) => m.deviceId === d.deviceId))).toBe(false);
    const bad = await call(h.app, admin.token, 'GET', `${BEDS}/devices?kind=watch`);
    expect(bad.body.code).toBe(10001);
  });

  it('refuses a device of the wrong kind or of another organisation, and changes nothing', async () => {
    const admin = await signInAdmin(h.app);
    const other = await signInOtherOrg(h.app);
    const bed = (await beds(admin.token)).find((b) => b.mattress);
    const watch = await h.app.services.db
      .selectFrom('device')
      .select('deviceId')
      .where('orgId', '=', 1)
      .where('kind', '=', 'watch')
      .executeTakeFirstOrThrow();
    const foreign = (await beds(other.token)).find((b) => b.mattress)?.mattress?.deviceId;
    const wrongKind = await call(h.app, admin.token, 'PUT', `${BEDS}/${bed?.bedId}`, {
      mattressDeviceId: watch.deviceId,
    });
    expect(wrongKind.body).toMatchObject({ code: 10001, msg: '该设备不是床垫' });
    const otherOrg = await call(h.app, admin.token, 'PUT', `${BEDS}/${bed?.bedId}`, {
      mattressDeviceId: foreign,
    });
    expect(otherOrg.body.msg).toBe('床垫设备不存在');
    const foreignBed = await call(h.app, other.token, 'PUT', `${BEDS}/${bed?.bedId}`, {
      mattressDeviceId: null,
    });
    expect(foreignBed.body.msg).toBe('床位不存在');
    expect((await beds(admin.token)).find((b) => b.bedId === bed?.bedId)?.mattress).toEqual(bed?.mattress);
  });
});

describe('voice notification of alarms (aliVmsConfig)', () => {
  it('keeps the secret hidden, refuses an incomplete switch-on, and rings the phones for a chosen scene', async () => {
    const admin = await signInAdmin(h.app);
    const VMS = '/pims/web-org/aliVmsConfig';
    const scenes = (await call(h.app, admin.token, 'GET', `${VMS}/scene`)).body.result as {
      scene: string;
      sceneName: string;
    }[];
    expect(scenes.map((s) => s.scene)).toEqual(expect.arrayContaining(['pnt:sos', 'mattress:4']));
    // a call nobody answered rings the phones when chosen, as the alarm it becomes (source:alarmType)
    expect(scenes).toContainEqual({ scene: 'mattress:call.unanswered', sceneName: '呼叫未应答' });
    const incomplete = await call(h.app, admin.token, 'PUT', VMS, {
      status: 1,
      accessKeyId: 'LTAI-test',
      accessKeySecret: '',
      calledShowNumber: '',
      ttsCode: 'TTS_1',
      phones: ['13800000001'],
      scenes: ['pnt:sos'],
    });
    expect(incomplete.body).toMatchObject({ code: 10001, msg: '开启语音通知需填写 AccessKey Secret' });
    const badPhone = await call(h.app, admin.token, 'PUT', VMS, {
      status: 0,
      accessKeyId: '',
      accessKeySecret: '',
      calledShowNumber: '',
      ttsCode: '',
      phones: ['12345'],
      scenes: [],
    });
    expect(badPhone.body.msg).toContain('手机号格式错误');
    const config = {
      status: 1,
      accessKeyId: 'LTAI-test',
      accessKeySecret: 'very-secret',
      calledShowNumber: '05710000000',
      ttsCode: 'TTS_1',
      phones: ['13800000001'],
      scenes: ['pnt:sos', 'mattress:call.unanswered'],
    };
    expect((await call(h.app, admin.token, 'PUT', VMS, config)).body.code).toBe(0);
    const shown = (await call(h.app, admin.token, 'GET', VMS)).body.result as { accessKeySecret: string };
    expect(shown.accessKeySecret).toBe('******');
    // Sending the mask back keeps the stored secret.
    expect(
      (await call(h.app, admin.token, 'PUT', VMS, { ...config, accessKeySecret: '******' })).body.code,
    ).toBe(0);
    const stored = await h.app.services.db
      .selectFrom('configEntry')
      .select('value')
      .where('orgId', '=', 1)
      .where('configKey', '=', 'aliVmsConfig')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value)).toMatchObject({ accessKeySecret: 'very-secret' });

    // An SOS rings the phones; a low-battery alarm (not a chosen scene) does not.
    const base = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const devices = JSON.parse(
      readFileSync(join(h.dataDir, SIMULATOR_DEVICES_FILE), 'utf8'),
    ) as SimulatedDevice[];
    const watch = devices.find((d) => d.orgId === 1 && d.kind === 'watch');
    if (!watch) throw new Error('no watch');
    const client = await mqtt.connectAsync(`${base}/mqtt`, {
      username: watch.deviceCode,
      clientId: `${watch.deviceCode}#test`,
      password: watch.secret,
      reconnectPeriod: 0,
    });
    await client.publishAsync(
      Topic.device(watch.orgId, watch.deviceId, 'battery'),
      JSON.stringify({ ts: Date.now(), level: 5 }),
    );
    await client.publishAsync(
      Topic.device(watch.orgId, watch.deviceId, 'event'),
      JSON.stringify({ ts: Date.now(), event: 'sos' }),
    );
    await expect.poll(() => h.calls.length).toBe(1);
    expect(h.calls[0]?.phones).toEqual(['13800000001']);
    expect(h.calls[0]?.text).toContain('SOS报警');
    await new Promise((r) => setTimeout(r, 300));
    expect(h.calls).toHaveLength(1);
    await client.endAsync();
  });
});
