import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import mqtt from 'mqtt';
import { alarmTypeName, severityOf } from '../../domain/alarms.js';
import { Topic } from '../../domain/topics.js';
import type { SimulatedDevice } from '../../server/db/seedRealtime.js';

/** This worker's server (playwright.config.ts: one per worker, from E2E_PORT up). */
export const e2ePort = Number(process.env.E2E_PORT ?? 18080) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const e2eDataDir = `.tmp/e2e-data-${e2ePort}`;

/** A seeded watch or band of a department, with the credentials the simulator uses. */
export function deviceOf(dataDir: string, deptName: string, kinds = ['watch', 'band']): SimulatedDevice {
  const found = devicesOf(dataDir, deptName, 1, kinds)[0];
  if (!found) throw new Error(`no ${kinds.join('/')} in ${deptName}`);
  return found;
}

/**
 * Watches or bands of the departments with no open alarm now: a test that raises an alarm and waits for
 * its row or a count to move must not pick a device an earlier test or the simulator left an alarm on
 * (its row is then there already, or the new alarm joins the open one as ×2).
 */
export function quietDevices(
  dataDir: string,
  deptNames: string[],
  kinds = ['watch', 'band'],
): SimulatedDevice[] {
  const conn = new Database(join(dataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
  const busy = new Set(
    (
      conn.prepare('select distinct deviceId from alarmRecord where status = 0').all() as {
        deviceId: number;
      }[]
    ).map((r) => r.deviceId),
  );
  conn.close();
  return deptNames
    .flatMap((dept) => devicesOf(dataDir, dept, 1_000, kinds))
    .filter((d) => !busy.has(d.deviceId));
}

/** The last quiet watch or band of a department. */
export function quietDevice(dataDir: string, deptName: string, kinds = ['watch', 'band']): SimulatedDevice {
  const found = quietDevices(dataDir, [deptName], kinds).at(-1);
  if (!found) throw new Error(`every ${kinds.join('/')} of ${deptName} has an open alarm`);
  return found;
}

/**
 * The last `n` seeded watches or bands of a department (the simulator's random alarms are least likely
 * to be on them during a test), with their credentials.
 */
export function devicesOf(
  dataDir: string,
  deptName: string,
  n: number,
  kinds = ['watch', 'band'],
): SimulatedDevice[] {
  const conn = new Database(join(dataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
  const rows = conn
    .prepare(
      `select d.deviceId from device d join dept on dept.deptId = d.deptId
       where dept.deptName = ? and d.orgId = 1 and d.kind in (${kinds.map(() => '?').join(',')}) order by d.deviceId`,
    )
    .all(deptName, ...kinds) as { deviceId: number }[];
  conn.close();
  const devices = JSON.parse(
    readFileSync(join(dataDir, 'simulator-devices.json'), 'utf8'),
  ) as SimulatedDevice[];
  const ids = new Set(rows.map((r) => r.deviceId));
  return devices.filter((d) => ids.has(d.deviceId)).slice(-n);
}

/** Acts as the device: connects with its own credentials and publishes one event. */
export async function publishAsDevice(port: number, device: SimulatedDevice, kind: string, payload: object) {
  const client = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
    username: device.deviceCode,
    clientId: `${device.deviceCode}#test`,
    password: device.secret,
    reconnectPeriod: 0,
    connectTimeout: 4000,
  });
  await client.publishAsync(Topic.device(device.orgId, device.deviceId, kind), JSON.stringify(payload), {
    qos: 1,
  });
  await client.endAsync();
}
export const sos = (port: number, device: SimulatedDevice) =>
  publishAsDevice(port, device, 'event', { ts: Date.now(), event: 'sos' });

/**
 * A server of its own (for restart tests): same build, own port and data, simulator off unless asked;
 * `env` adds settings (an external broker). `stop` is a clean SIGTERM, `kill` a crash (SIGKILL).
 */
export function ownServer(
  port: number,
  dataDir: string,
  options: { simulator?: boolean; env?: Record<string, string> } = {},
) {
  let child: ChildProcess | null = null;
  const end = async (signal: NodeJS.Signals) => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await exited;
  };
  const start = async () => {
    const busy = await fetch(`http://127.0.0.1:${port}/login.html`).then(
      () => true,
      () => false,
    );
    if (busy) throw new Error(`port ${port} is taken (a server of an earlier run?)`);
    child = spawn(process.execPath, ['dist-server/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SIMULATOR: options.simulator ? 'on' : 'off',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_PER_MINUTE: '1000',
        ...options.env,
      },
      stdio: 'ignore',
      detached: false,
    });
    const started = child;
    // a first start seeds the demo home: seconds on a quiet machine, much longer on a loaded one
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
      // an answer from a server left on the port by an earlier run must not pass for this one
      if (started.exitCode !== null) throw new Error(`server on port ${port} exited (${started.exitCode})`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/login.html`);
        if (res.ok && started.exitCode === null) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await end('SIGKILL'); // never left behind to hold the port for the next run
    throw new Error('server did not start');
  };
  const stop = () => end('SIGTERM');
  const kill = () => end('SIGKILL');
  const reset = () => rmSync(dataDir, { recursive: true, force: true });
  /** A fresh data directory, seeded by one start, the server stopped again: the test lays its own data next. */
  const seed = async () => {
    reset();
    await start();
    await stop();
  };
  /** Holds the server still (SIGSTOP), as a machine too loaded to run it would, and lets it go (SIGCONT). */
  const pause = () => void child?.kill('SIGSTOP');
  const resume = () => void child?.kill('SIGCONT');
  return { start, stop, kill, reset, seed, pause, resume, base: `http://127.0.0.1:${port}` };
}

/** The page's FloorMap (features/iot/PositionMap.tsx puts it on window), its scene read as data. */
export type MapHook = {
  __floorMap?: {
    redraws: number;
    map: { getContainer(): HTMLElement };
    screenOf(id: number): { x: number; y: number } | null;
    scene: { trail: unknown[]; highlight: number | null; urgent: number[] };
  };
};

/** Waits until the live map has drawn (markers in place). */
export async function mapDrawn(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window as MapHook).__floorMap?.redraws ?? 0), { timeout: 30_000 })
    .toBeGreaterThan(0);
}

/**
 * Shows a building's floor on the map by its pickers, as a user would: the map opens on the floor the
 * user chose last (kept on the server), which an earlier test's jump to an alarm may have changed.
 */
export async function showFloor(page: Page, buildingId: number, floorNo: number) {
  await page.getByLabel('楼栋').selectOption(String(buildingId));
  await page.getByLabel('楼层').selectOption(String(floorNo));
  await expect(page.getByLabel('楼栋')).toHaveValue(String(buildingId));
  await expect(page.getByLabel('楼层')).toHaveValue(String(floorNo));
  await mapDrawn(page);
}

/**
 * Clicks a resident's marker on the live map until their card opens. Markers walk (a resident in the
 * corridor crosses a marker's width in a fraction of a second), so the marker is found and the map's
 * place on the page read in one step, just before the click. A click lands only while no other marker
 * of `others` lies near: two residents in one spot would open whichever is drawn on top.
 */
export async function openMapCard(
  page: Page,
  deviceId: number,
  name: string,
  others: readonly number[] = [],
) {
  const card = page.getByTestId('elder-card');
  await expect(async () => {
    // a card that came up late for an earlier click: a second click would close it again
    if (((await card.textContent({ timeout: 100 }).catch(() => null)) ?? '').includes(name)) return;
    const [at, ...near] = await page.evaluate(
      (ids) => {
        const box = document.querySelector('[data-testid="map-canvas"]')?.getBoundingClientRect();
        return ids.map((id) => {
          const p = (window as MapHook).__floorMap?.screenOf(id);
          return p && box ? { x: box.x + p.x, y: box.y + p.y } : null;
        });
      },
      [deviceId, ...others.filter((id) => id !== deviceId)],
    );
    if (!at) throw new Error('marker not on screen');
    if (near.some((p) => p && Math.hypot(p.x - at.x, p.y - at.y) < 16))
      throw new Error('another marker near it');
    await page.mouse.click(at.x, at.y);
    await expect(card).toContainText(name, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return card;
}

/** An open alarm laid into a stopped server's database: a real device of the home, its place and resident. */
export interface LaidAlarm {
  recordId: number;
  deviceId: number;
  source: 'pnt' | 'mattress';
  alarmType: string;
  severity: number;
  acked: boolean;
  buildingId: number | null;
  floorNo: number | null;
}

/**
 * Lays `count` open alarms of mixed severity and state into the database of a server that is not running
 * (it reads them when it starts, as after a night of alarms): every device of the institution in turn,
 * with the alarm types of its source cycling through 紧急, 重要 and 一般; every third acknowledged by the
 * administrator, every seventh 一般 or 重要 escalated (no escalated 紧急: those would rank above a new SOS);
 * first raised over the last hour, oldest first.
 */
export function layOpenAlarms(
  dataDir: string,
  count: number,
  options: {
    now?: number;
    mattressTypes?: readonly string[];
    sources?: readonly ('pnt' | 'mattress')[];
    /** Devices left without an alarm (the test's own arrivals come from them). */
    spare?: readonly number[];
    /** The institution's 告警升级 time, set with the alarms (the laid ones wait up to an hour). */
    escalateAfterMinutes?: number;
  } = {},
): LaidAlarm[] {
  const now = options.now ?? Date.now();
  const types: Record<'pnt' | 'mattress', readonly string[]> = {
    pnt: ['sos', 'tamperAlarm', 'lowPowerAlarm', 'railAlarm', 'maintenanceAlarm'],
    mattress: options.mattressTypes ?? ['3', '1', '5', '2'],
  };
  const sources = options.sources ?? ['pnt', 'mattress'];
  const db = new Database(join(dataDir, 'eldercare.sqlite'), { fileMustExist: true });
  try {
    const devices = db
      .prepare(
        `select d.deviceId, d.orgId, d.deptId, d.deviceCode, d.deviceName, d.kind, d.oldmanId, o.oldmanName,
                d.bedId, b.bedName, r.roomName, f.buildingId, f.floorNo
         from device d left join oldman o on o.oldmanId = d.oldmanId left join bed b on b.bedId = d.bedId
         left join room r on r.roomId = b.roomId left join floor f on f.floorId = r.floorId
         where d.orgId = 1 and d.oldmanId is not null order by d.deviceId`,
      )
      .all() as {
      deviceId: number;
      orgId: number;
      deptId: number;
      deviceCode: string;
      deviceName: string;
      kind: string;
      oldmanId: number;
      oldmanName: string;
      bedId: number | null;
      bedName: string | null;
      roomName: string | null;
      buildingId: number | null;
      floorNo: number | null;
    }[];
    const admin = {
      ...(db.prepare(`select userId from users where loginName = 'admin'`).get() as { userId: number }),
      userName: '夜班值班员',
    };
    const insert = db.prepare(
      `insert into alarmRecord (orgId, deptId, source, alarmType, alarmTypeName, severity, deviceId, deviceCode,
         deviceName, oldmanId, oldmanName, bedId, bedName, roomName, buildingId, floorNo, lng, lat, content, status,
         count, firstTime, lastTime, ackBy, ackName, ackTime, escalated, handlerId, handlerName, handleTime,
         handleNote, ruleId, version)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, null, ?, 0, 1, ?, ?, ?, ?, ?, ?, null, null,
         null, null, null, 1)`,
    );
    const laid: LaidAlarm[] = [];
    const used = new Set<string>();
    db.transaction(() => {
      if (options.escalateAfterMinutes !== undefined) {
        const stored = db
          .prepare(`select value from configEntry where orgId = 1 and configKey = 'alarmSetting'`)
          .get() as { value: string } | undefined;
        const value = JSON.stringify({
          ...(stored ? JSON.parse(stored.value) : { sound: 1 }),
          escalateAfterMinutes: options.escalateAfterMinutes,
        });
        db.prepare(`delete from configEntry where orgId = 1 and configKey = 'alarmSetting'`).run();
        db.prepare(`insert into configEntry (orgId, configKey, value) values (1, 'alarmSetting', ?)`).run(
          value,
        );
      }
      for (let i = 0; laid.length < count && i < devices.length * 5; i += 1) {
        const d = devices[i % devices.length];
        if (!d) break;
        const source = d.kind === 'watch' || d.kind === 'band' ? 'pnt' : 'mattress';
        // (a call button's alarms are calls: only mattresses get the mattress types)
        if (!sources.includes(source) || (source === 'mattress' && d.kind !== 'mattress')) continue;
        if (options.spare?.includes(d.deviceId)) continue;
        const kinds = types[source];
        // the types cycle with the alarms laid (a mix of severities); one open alarm a device and type
        const alarmType = [0, 1, 2, 3, 4]
          .map((k) => kinds[(laid.length + k) % kinds.length] as string)
          .find((t) => !used.has(`${d.deviceId}/${t}`));
        if (!alarmType) continue;
        used.add(`${d.deviceId}/${alarmType}`);
        const severity = severityOf(source, alarmType);
        const at = now - 3_600_000 + laid.length * 20_000;
        const acked = laid.length % 3 === 2;
        const { lastInsertRowid } = insert.run(
          d.orgId,
          d.deptId,
          source,
          alarmType,
          alarmTypeName(source, alarmType),
          severity,
          d.deviceId,
          d.deviceCode,
          d.deviceName,
          d.oldmanId,
          d.oldmanName,
          d.bedId,
          d.bedName,
          d.roomName,
          d.buildingId,
          d.floorNo,
          alarmTypeName(source, alarmType),
          at,
          at,
          acked ? admin.userId : null,
          acked ? admin.userName : null,
          acked ? at + 60_000 : null,
          laid.length % 7 === 6 && severity < 3 ? 1 : 0,
        );
        laid.push({
          recordId: Number(lastInsertRowid),
          deviceId: d.deviceId,
          source,
          alarmType,
          severity,
          acked,
          buildingId: d.buildingId,
          floorNo: d.floorNo,
        });
      }
    })();
    return laid;
  } finally {
    db.close();
  }
}

/** A seeded device with the credentials the simulator uses, by its id. */
export function deviceById(dataDir: string, deviceId: number): SimulatedDevice {
  const devices = JSON.parse(
    readFileSync(join(dataDir, 'simulator-devices.json'), 'utf8'),
  ) as SimulatedDevice[];
  const found = devices.find((d) => d.deviceId === deviceId);
  if (!found) throw new Error(`no simulated device ${deviceId}`);
  return found;
}
