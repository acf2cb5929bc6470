import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type { Vitals } from '../../domain/devices.js';
import {
  CORRIDOR_M,
  FLOOR_WIDTH_M,
  type PlanBuilding,
  ROOM_DEPTH_M,
  slotCentre,
  slotDoor,
  toLngLat,
} from '../../domain/floorPlan.js';
import { Topic } from '../../domain/topics.js';
import type { Db } from '../db/index.js';
import { SIMULATOR_DEVICES_FILE, type SimulatedDevice } from '../db/seedRealtime.js';

export interface SimulatorOptions {
  /**
   * ws://127.0.0.1:PORT/mqtt of the server's own broker, or the external broker of MQTT_URL (mqtt://,
   * ws://, …) without credentials in it: every device signs in with its own code and secret.
   */
  brokerUrl: string;
  dataDir: string;
  db: Db;
  /** At most this many devices (0 = all). */
  devices?: number;
  /** Multiplies every rate (vitals every 5 s, positions every 1 s, calls and anomalies). */
  rate?: number;
  log?: (message: string) => void;
}

interface Walker {
  building: PlanBuilding;
  floorNo: number;
  homeSlot: number;
  /** Their own place in the room (by their bed): room-mates at home do not stand on one point. */
  homeSpot: [number, number];
  /** Path in building metres, walked at WALK_SPEED. */
  path: [number, number][];
  at: [number, number];
  battery: number;
}

const WALK_SPEED_M_S = 0.7;
const VITALS_EVERY_MS = 5_000;
const POSITION_EVERY_MS = 1_000;

/**
 * The built-in device simulator: every seeded device connects to the broker with its own
 * credentials, announces itself online (retained, with an offline last will) and publishes
 * realistic telemetry: mattress vitals, watch and band positions walking between rooms and the
 * corridor, battery, the odd SOS or removed watch, nurse calls answered and cleared, devices
 * dropping offline and coming back.
 */
/** Devices reconnect spread over this long after a start. */
const CONNECT_SPREAD_MS = 2_000;

export async function startSimulator(options: SimulatorOptions): Promise<{ stop(): Promise<void> }> {
  const file = join(options.dataDir, SIMULATOR_DEVICES_FILE);
  if (!existsSync(file)) return { stop: async () => undefined };
  const rate = options.rate ?? 1;
  let devices = JSON.parse(readFileSync(file, 'utf8')) as SimulatedDevice[];
  if (options.devices) devices = devices.slice(0, options.devices);
  const homes = await homeOfDevices(options.db);
  const clients: MqttClient[] = [];
  const timers: ReturnType<typeof setInterval>[] = [];
  const random = Math.random;

  for (const device of devices) {
    const statusTopic = Topic.device(device.orgId, device.deviceId, 'status');
    // Devices come back after a restart over a couple of seconds, not in one millisecond (as real
    // ones do, each with its own back-off): the server answers its first visitors meanwhile, where a
    // hundred connections at once held the first answer back by a quarter of a second (issue #43).
    let client: MqttClient | null = null;
    const connect = () => {
      const c = mqtt.connect(options.brokerUrl, {
        username: device.deviceCode,
        password: device.secret,
        // The broker accepts a device only under its own code (server/broker/clientIds.ts).
        clientId: device.deviceCode,
        reconnectPeriod: 4_000,
        connectTimeout: 4_000,
        will: {
          topic: statusTopic,
          payload: Buffer.from(JSON.stringify({ ts: Date.now(), online: false })),
          qos: 1,
          retain: true,
        },
      });
      c.on('error', () => undefined);
      c.on('connect', () => {
        c.publish(statusTopic, JSON.stringify({ ts: Date.now(), online: true }), { qos: 1, retain: true });
      });
      clients.push(c);
      client = c;
    };
    timers.push(
      setTimeout(connect, random() * CONNECT_SPREAD_MS) as unknown as ReturnType<typeof setInterval>,
    );
    const publish = (kind: string, payload: object) => {
      if (client?.connected)
        client.publish(Topic.device(device.orgId, device.deviceId, kind), JSON.stringify(payload));
    };
    const every = (ms: number, tick: () => void) => {
      // Spread devices over the period so the broker sees a steady stream, not bursts.
      const start = setTimeout(
        () => {
          timers.push(setInterval(tick, ms / rate));
        },
        random() * (ms / rate),
      );
      timers.push(start as unknown as ReturnType<typeof setInterval>);
    };

    if (device.kind === 'mattress') {
      let hr = 62 + Math.floor(random() * 16);
      let br = 14 + Math.floor(random() * 5);
      let anomaly = 0;
      let outOfBed = 0;
      every(VITALS_EVERY_MS, () => {
        if (anomaly === 0 && random() < 0.0015) anomaly = 14; // ~70 s of abnormal heart rate
        if (outOfBed === 0 && random() < 0.002) outOfBed = 24;
        hr = clamp(hr + Math.round((random() - 0.5) * 4), 55, 95);
        br = clamp(br + Math.round((random() - 0.5) * 2), 12, 22);
        const vitals: Vitals = {
          ts: Date.now(),
          heartRate: anomaly > 0 ? 128 + Math.floor(random() * 10) : hr,
          breathRate: br,
          inBed: outOfBed > 0 ? 0 : 1,
          movement: Math.floor(random() * 4),
          urineWet: random() < 0.0005 ? 1 : 0,
        };
        if (outOfBed > 0) vitals.heartRate = 0;
        if (outOfBed > 0) vitals.breathRate = 0;
        anomaly = Math.max(0, anomaly - 1);
        outOfBed = Math.max(0, outOfBed - 1);
        publish('vitals', vitals);
      });
    } else if (device.kind === 'watch' || device.kind === 'band') {
      const home = homes.get(device.deviceId);
      if (!home) continue;
      // beds stand about 1.6 m apart around the room's centre (never as far as the stairwell rail)
      const homeSpot = jitter(slotCentre(home.homeSlot), random, 1.6);
      const walker: Walker = {
        ...home,
        homeSpot,
        path: [],
        at: homeSpot,
        battery: 60 + Math.floor(random() * 40),
      };
      every(POSITION_EVERY_MS, () => {
        step(walker, POSITION_EVERY_MS / 1000, random);
        const [lng, lat] = toLngLat(walker.building, walker.at[0], walker.at[1]);
        if (client?.connected)
          client.publish(
            Topic.position(device.orgId, device.deviceId),
            JSON.stringify({
              ts: Date.now(),
              buildingId: walker.building.buildingId,
              floorNo: walker.floorNo,
              lng,
              lat,
              battery: walker.battery,
            }),
          );
        if (random() < 0.02) {
          walker.battery = walker.battery <= 15 ? 100 : walker.battery - 1;
          publish('battery', { ts: Date.now(), level: walker.battery });
        }
        if (random() < 0.00005) publish('event', { ts: Date.now(), event: 'sos' });
        if (random() < 0.00003) publish('event', { ts: Date.now(), event: 'tamper' });
      });
    } else if (device.kind === 'callButton') {
      let callOpen = false;
      every(10_000, () => {
        if (!callOpen && random() < 0.004) {
          callOpen = true;
          publish('call', { ts: Date.now(), model: device.model, action: 'call' });
          const answerAfter = (10_000 + random() * 50_000) / rate;
          setTimeout(() => {
            if (random() < 0.85) publish('call', { ts: Date.now(), model: device.model, action: 'answer' });
            setTimeout(() => {
              publish('call', { ts: Date.now(), model: device.model, action: 'clear' });
              callOpen = false;
            }, 20_000 / rate);
          }, answerAfter);
        }
      });
    }
    // Now and then a device drops off the network for two minutes (its last will says offline).
    every(60_000, () => {
      if (random() < 0.002 && client?.connected) {
        client.stream.destroy();
        client.reconnecting = false;
      }
    });
  }
  options.log?.(`设备模拟器已启动：${devices.length} 台设备，速率 ×${rate}`);
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    },
  };
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Walks along the path; when it ends, picks a new goal: home, a neighbour's room or the corridor. */
function step(walker: Walker, seconds: number, random: () => number) {
  let budget = WALK_SPEED_M_S * seconds;
  while (budget > 0) {
    const next = walker.path[0];
    if (!next) {
      if (random() < 0.9) return; // most of the time residents stay where they are
      walker.path = planWalk(walker, random);
      continue;
    }
    const dx = next[0] - walker.at[0];
    const dy = next[1] - walker.at[1];
    const d = Math.hypot(dx, dy);
    if (d <= budget) {
      walker.at = next;
      walker.path.shift();
      budget -= d;
    } else {
      walker.at = [walker.at[0] + (dx / d) * budget, walker.at[1] + (dy / d) * budget];
      budget = 0;
    }
  }
}

function planWalk(walker: Walker, random: () => number): [number, number][] {
  const goal = random();
  const fromSlot = slotOf(walker.at);
  const out: [number, number][] = fromSlot ? [slotDoor(fromSlot)] : [];
  if (goal < 0.4) {
    return [...out, slotDoor(walker.homeSlot), walker.homeSpot];
  }
  if (goal < 0.75) {
    const target = 1 + Math.floor(random() * 8);
    return [...out, slotDoor(target), jitter(slotCentre(target), random)];
  }
  const x = 1 + random() * (FLOOR_WIDTH_M - 2);
  return [...out, [x, ROOM_DEPTH_M + CORRIDOR_M / 2]];
}

/** A point within `spread` metres (square) around a place. */
const jitter = ([x, y]: [number, number], random: () => number, spread = 3): [number, number] => [
  x + (random() - 0.5) * spread,
  y + (random() - 0.5) * spread,
];

function slotOf([x, y]: [number, number]): number | null {
  if (y > ROOM_DEPTH_M && y < ROOM_DEPTH_M + CORRIDOR_M) return null;
  const column = Math.min(3, Math.max(0, Math.floor(x / 8)));
  return y >= ROOM_DEPTH_M + CORRIDOR_M ? column + 1 : column + 5;
}

/** Where each watch's wearer lives: building, floor and room slot of their bed. */
async function homeOfDevices(db: Db) {
  const rows = await db
    .selectFrom('device')
    .innerJoin('oldman', 'oldman.oldmanId', 'device.oldmanId')
    .innerJoin('bed', 'bed.bedId', 'oldman.bedId')
    .innerJoin('room', 'room.roomId', 'bed.roomId')
    .innerJoin('floor', 'floor.floorId', 'room.floorId')
    .innerJoin('building', 'building.buildingId', 'floor.buildingId')
    .select([
      'device.deviceId',
      'room.planSlot',
      'floor.floorNo',
      'building.buildingId',
      'building.buildingName',
      'building.mapX',
      'building.mapY',
    ])
    .where('device.kind', 'in', ['watch', 'band'])
    .execute();
  const homes = new Map<number, Omit<Walker, 'path' | 'at' | 'battery' | 'homeSpot'>>();
  for (const r of rows)
    if (r.planSlot !== null)
      homes.set(r.deviceId, {
        building: { buildingId: r.buildingId, buildingName: r.buildingName, mapX: r.mapX, mapY: r.mapY },
        floorNo: r.floorNo,
        homeSlot: r.planSlot,
      });
  return homes;
}
