import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import mqtt from 'mqtt';
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
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
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
  return { start, stop, kill, reset, base: `http://127.0.0.1:${port}` };
}

/** The page's FloorMap (features/iot/PositionMap.tsx puts it on window), its scene read as data. */
export type MapHook = {
  __floorMap?: {
    redraws: number;
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
