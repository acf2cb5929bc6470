import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nowStamp } from '../../domain/clock.js';
import type { CallModel, DeviceKind } from '../../domain/devices.js';
import { BUILDING_SPACING_M, slotRect, toLngLat } from '../../domain/floorPlan.js';
import type { Db } from './index.js';

/** Credentials of the seeded devices, kept for the built-in simulator (the database holds only hashes). */
export interface SimulatedDevice {
  deviceId: number;
  orgId: number;
  deviceCode: string;
  secret: string;
  kind: DeviceKind;
  model: string;
}
export const SIMULATOR_DEVICES_FILE = 'simulator-devices.json';

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const MALE = [
  '建国',
  '国强',
  '德华',
  '志明',
  '福生',
  '长林',
  '永康',
  '树德',
  '振华',
  '文斌',
  '宝山',
  '金生',
  '庆丰',
  '学文',
];
const FEMALE = [
  '秀英',
  '桂英',
  '玉兰',
  '淑珍',
  '凤英',
  '桂兰',
  '秀兰',
  '翠花',
  '美华',
  '玉珍',
  '素芬',
  '月娥',
  '惠芳',
  '丽华',
];
/** Weights of the ID-card checksum (GB 11643-1999). */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** A valid 18-digit resident ID number: region, birth date, sequence (odd for men), checksum. */
export function idCardNumber(region: string, birthday: string, sequence: number, male: boolean): string {
  const seq = sequence % 500;
  const order = String(seq * 2 + (male ? 1 : 0)).padStart(3, '0');
  const body = `${region}${birthday.replaceAll('-', '')}${order}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (WEIGHTS[i] ?? 0), 0);
  return `${body}${CHECK[sum % 11]}`;
}

/** A deterministic pseudo-random sequence, so every fresh install gets the same institution. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Live statuses of spec 000 §3 for the elders beyond the beds (waiting, checked out, reserved, cancelled). */
const WITHOUT_BED = [3, 3, 2, 2, 2, 5, 6];

export async function hasRealtimeSeed(db: Db, orgId: number): Promise<boolean> {
  const row = await db
    .selectFrom('oldman')
    .select('oldmanId')
    .where('orgId', '=', orgId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Residents, devices, alarm rules and rails of an institution (docs/architecture.md, "Data"): about 150 elders
 * for the first institution, mattresses on occupied beds, watches or bands on walking residents, a
 * call button per room. Also places buildings and rooms on the site plan when they are not yet.
 */
export async function seedRealtime(
  db: Db,
  dataDir: string,
  orgId: number,
  elderCount: number,
): Promise<void> {
  const random = mulberry32(orgId * 7919);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  // the home's wall clock, as the same records get when made later (domain/clock.ts)
  const now = nowStamp();
  const devices: SimulatedDevice[] = [];
  await db.transaction().execute(async (trx) => {
    const buildings = await trx
      .selectFrom('building')
      .select(['buildingId', 'buildingName'])
      .where('orgId', '=', orgId)
      .orderBy('buildingId')
      .execute();
    for (const [i, b] of buildings.entries())
      await trx
        .updateTable('building')
        .set({ mapX: i * BUILDING_SPACING_M, mapY: 0 })
        .where('buildingId', '=', b.buildingId)
        .execute();
    const rooms = await trx
      .selectFrom('room')
      .innerJoin('floor', 'floor.floorId', 'room.floorId')
      .innerJoin('building', 'building.buildingId', 'floor.buildingId')
      .select([
        'room.roomId',
        'room.roomName',
        'room.deptId',
        'room.planSlot',
        'floor.floorId',
        'floor.floorNo',
        'building.buildingId',
        'building.mapX',
        'building.mapY',
      ])
      .where('building.orgId', '=', orgId)
      .orderBy('room.roomId')
      .execute();
    const slotOfFloor = new Map<number, number>();
    for (const room of rooms) {
      if (room.planSlot !== null) continue;
      const slot = (slotOfFloor.get(room.floorId) ?? 0) + 1;
      slotOfFloor.set(room.floorId, slot);
      if (slot <= 8) {
        room.planSlot = slot;
        await trx.updateTable('room').set({ planSlot: slot }).where('roomId', '=', room.roomId).execute();
      }
    }
    const beds = await trx
      .selectFrom('bed')
      .innerJoin('room', 'room.roomId', 'bed.roomId')
      .innerJoin('floor', 'floor.floorId', 'room.floorId')
      .innerJoin('building', 'building.buildingId', 'floor.buildingId')
      .select(['bed.bedId', 'bed.bedName', 'room.roomId', 'room.deptId'])
      .where('building.orgId', '=', orgId)
      .orderBy('bed.bedId')
      .execute();

    // Elders: the first ones fill the beds (living, a few on trial), the rest wait, left or reserved.
    const elders: { oldmanId: number; bedId: number | null; deptId: number; roomId: number | null }[] = [];
    for (let i = 0; i < elderCount; i++) {
      const male = random() < 0.45;
      const name = pick([...SURNAMES]) + pick(male ? MALE : FEMALE);
      const year = 1928 + Math.floor(random() * 33);
      const month = 1 + Math.floor(random() * 12);
      const day = 1 + Math.floor(random() * 28);
      const birthday = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      const bed = beds[i];
      const oldmanStatus = bed ? (i % 14 === 13 ? 4 : 1) : pick(WITHOUT_BED);
      const deptId = bed?.deptId ?? rooms[0]?.deptId ?? 0;
      const { oldmanId } = await trx
        .insertInto('oldman')
        .values({
          orgId,
          deptId,
          oldmanName: name,
          oldmanIdcard: idCardNumber('330106', birthday, i + orgId * 100, male),
          sex: male ? 0 : 1,
          birthday,
          phone: `139${String(10000000 + Math.floor(random() * 89999999))}`,
          oldmanStatus,
          nursingLevel: pick(['自理', '半护理', '全护理', '特级护理']),
          bedId: bed?.bedId ?? null,
          createTime: now,
        })
        .returning('oldmanId')
        .executeTakeFirstOrThrow();
      if (bed) await trx.updateTable('bed').set({ bedStatus: 1 }).where('bedId', '=', bed.bedId).execute();
      elders.push({ oldmanId, bedId: bed?.bedId ?? null, deptId, roomId: bed?.roomId ?? null });
    }

    const addDevice = async (
      kind: DeviceKind,
      model: string,
      code: string,
      name: string,
      deptId: number,
      oldmanId: number | null,
      bedId: number | null,
    ) => {
      const secret = randomBytes(16).toString('hex');
      const { deviceId } = await trx
        .insertInto('device')
        .values({
          orgId,
          deptId,
          deviceCode: code,
          deviceName: name,
          kind,
          model,
          secretHash: hashSecret(secret),
          oldmanId,
          bedId,
          opened: 1,
          online: 0,
          lastSeen: null,
          battery: kind === 'watch' || kind === 'band' ? 100 : null,
          buildingId: null,
          floorNo: null,
          lng: null,
          lat: null,
          createTime: now,
        })
        .returning('deviceId')
        .executeTakeFirstOrThrow();
      devices.push({ deviceId, orgId, deviceCode: code, secret, kind, model });
    };
    const living = elders.filter((e) => e.bedId !== null);
    for (const [i, e] of living.entries())
      await addDevice(
        'mattress',
        'YM-M1',
        `O${orgId}M${String(i + 1).padStart(4, '0')}`,
        `床垫${i + 1}`,
        e.deptId,
        e.oldmanId,
        e.bedId,
      );
    for (const [i, e] of living.entries()) {
      if (i % 2 === 1) continue;
      const kind: DeviceKind = i % 4 === 0 ? 'watch' : 'band';
      await addDevice(
        kind,
        kind === 'watch' ? 'YM-W2' : 'YM-B1',
        `O${orgId}W${String(i + 1).padStart(4, '0')}`,
        `${kind === 'watch' ? '手表' : '手环'}${i + 1}`,
        e.deptId,
        e.oldmanId,
        null,
      );
    }
    const models: CallModel[] = ['R6', 'R7', 'A10'];
    for (const [i, room] of rooms.entries()) {
      const bed = beds.find((b) => b.roomId === room.roomId);
      const elder = living.find((e) => e.roomId === room.roomId);
      const model = models[i % 3] as CallModel;
      await addDevice(
        'callButton',
        model,
        `O${orgId}C${String(i + 1).padStart(4, '0')}`,
        `${room.roomName}呼叫器`,
        room.deptId,
        elder?.oldmanId ?? null,
        bed?.bedId ?? null,
      );
    }

    // Mattress rules (spec 000 §3 types 1–5; status 0 on).
    const mattressRules = [
      {
        ruleName: '夜间离床超时',
        alarmType: 1,
        minValue: null,
        maxValue: null,
        durationSeconds: 600,
        startTime: '21:00',
        endTime: '06:00',
      },
      {
        ruleName: '频繁体动',
        alarmType: 2,
        minValue: null,
        maxValue: 30,
        durationSeconds: 60,
        startTime: '00:00',
        endTime: '24:00',
      },
      {
        ruleName: '呼吸异常',
        alarmType: 3,
        minValue: 8,
        maxValue: 28,
        durationSeconds: 30,
        startTime: '00:00',
        endTime: '24:00',
      },
      {
        ruleName: '心率异常',
        alarmType: 4,
        minValue: 45,
        maxValue: 120,
        durationSeconds: 30,
        startTime: '00:00',
        endTime: '24:00',
      },
      {
        ruleName: '尿湿提醒',
        alarmType: 5,
        minValue: null,
        maxValue: null,
        durationSeconds: 0,
        startTime: '00:00',
        endTime: '24:00',
      },
    ];
    for (const r of mattressRules)
      await trx
        .insertInto('mattressAlarmRule')
        .values({ ...r, orgId, status: 0, remark: '', updateTime: now })
        .execute();

    // A rail around the east stairwell of each building's ground floor: residents should not leave there alone.
    const firstFloors = rooms.filter((r) => r.floorNo === 1 && r.planSlot === 4);
    const railIds: number[] = [];
    for (const room of firstFloors) {
      const [, y0, x1, y1] = slotRect(4);
      const ring = [
        toLngLat(room, x1 - 3, y0 - 4),
        toLngLat(room, x1, y0 - 4),
        toLngLat(room, x1, y1),
        toLngLat(room, x1 - 3, y1),
        toLngLat(room, x1 - 3, y0 - 4),
      ];
      const { railId } = await trx
        .insertInto('rail')
        .values({
          orgId,
          railName: `${buildings.find((b) => b.buildingId === room.buildingId)?.buildingName ?? ''}东侧楼梯口`,
          buildingId: room.buildingId,
          floorNo: 1,
          polygon: JSON.stringify(ring),
          remark: '楼梯与出口，防走失',
          updateTime: now,
        })
        .returning('railId')
        .executeTakeFirstOrThrow();
      railIds.push(railId);
    }
    const pntRules: {
      ruleName: string;
      alarmType: string;
      railId?: number;
      railTrigger?: string;
      threshold?: number;
    }[] = [
      { ruleName: 'SOS 求助', alarmType: 'sos' },
      { ruleName: '低电量', alarmType: 'lowPowerAlarm', threshold: 20 },
      { ruleName: '定位离线', alarmType: 'locationOffline' },
      { ruleName: '通讯离线', alarmType: 'communicationOffline' },
      { ruleName: '防拆（摘下手表）', alarmType: 'tamperAlarm' },
      { ruleName: '设备维护', alarmType: 'maintenanceAlarm' },
      ...railIds.map((railId, i) => ({
        ruleName: `进入楼梯口 ${i + 1}`,
        alarmType: 'railAlarm',
        railId,
        railTrigger: 'enter',
      })),
    ];
    for (const r of pntRules)
      await trx
        .insertInto('pntAlarmRule')
        .values({
          orgId,
          ruleName: r.ruleName,
          alarmType: r.alarmType,
          status: 1,
          railId: r.railId ?? null,
          railTrigger: r.railTrigger ?? 'enter',
          threshold: r.threshold ?? null,
          startTime: '00:00',
          endTime: '24:00',
          weekdays: '1,2,3,4,5,6,7',
          remark: '',
          updateTime: now,
        })
        .execute();
    const dealTypes = ['生活协助', '如厕协助', '身体不适', '误按', '其他'];
    const existing = await trx
      .selectFrom('callDealType')
      .select((eb) => eb.fn.max('dealType').as('max'))
      .executeTakeFirst();
    const base = Number(existing?.max ?? 0);
    await trx
      .insertInto('callDealType')
      .values(dealTypes.map((dealTypeName, i) => ({ dealType: base + i + 1, orgId, dealTypeName })))
      .execute();
  });
  const file = join(dataDir, SIMULATOR_DEVICES_FILE);
  const known: SimulatedDevice[] = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as SimulatedDevice[])
    : [];
  writeFileSync(file, JSON.stringify([...known.filter((d) => d.orgId !== orgId), ...devices]));
  chmodSync(file, 0o600);
}
