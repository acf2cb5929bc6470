import { expect, type Page } from '@playwright/test';
import mqtt from 'mqtt';
import type { Vitals } from '../../../domain/devices.js';
import { CONSOLE_MQTT_USER, Topic } from '../../../domain/topics.js';
import type { SimulatedDevice } from '../../../server/db/seedRealtime.js';
import { test } from '../fixtures.js';
import { deviceOf, devicesOf, e2eDataDir, e2ePort, publishAsDevice } from '../realtime.js';
import { ADMIN, openMenu, signIn } from '../support.js';

const shot = (name: string) => `.tmp/shot-B-${name}.png`;

/**
 * Acts as the mattress for a while. The built-in simulator publishes the same device every 5 s, and
 * the monitor polls every 5 s too, so a poll can keep landing just after the simulator's reading.
 * The test therefore repeats its reading twice a second and, listening on the device's topic as a
 * console, answers each reading of the simulator at once, so the test's stays the latest one.
 */
async function keepPublishing(page: Page, device: SimulatedDevice, vitals: Omit<Vitals, 'ts'>) {
  const url = `ws://127.0.0.1:${e2ePort}/mqtt`;
  const client = await mqtt.connectAsync(url, {
    username: device.deviceCode,
    password: device.secret,
    // A second connection of the device, beside the simulator's (server/broker/clientIds.ts).
    clientId: `${device.deviceCode}#test`,
    // Should the broker drop this extra connection of the device, come straight back.
    reconnectPeriod: 500,
    connectTimeout: 4000,
  });
  const topic = Topic.device(device.orgId, device.deviceId, 'vitals');
  const send = () => client.publishAsync(topic, JSON.stringify({ ...vitals, ts: Date.now() }), { qos: 0 });
  const listener = await mqtt.connectAsync(url, {
    username: CONSOLE_MQTT_USER,
    password: await tokenOf(page),
    clientId: `${await clientIdOf(page)}-test`,
    reconnectPeriod: 500,
    connectTimeout: 4000,
  });
  listener.on('message', (_topic, payload) => {
    const heard = JSON.parse(payload.toString()) as Vitals;
    if (heard.heartRate !== vitals.heartRate) void send().catch(() => undefined);
  });
  await listener.subscribeAsync(topic, { qos: 0 });
  await send();
  const timer = setInterval(() => void send().catch(() => undefined), 500);
  return async () => {
    clearInterval(timer);
    await listener.endAsync();
    await client.endAsync();
  };
}

const tokenOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token as string);
const clientIdOf = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').mqttClientId as string);

/** The elder on a mattress, as the monitor API lists them. */
async function elderOf(page: Page, deviceId: number) {
  const res = await page.request.get('/pims/web-org/mattressMonitor/1', {
    headers: { authorization: await tokenOf(page) },
  });
  const rows = (await res.json()).result as { deviceId: number; oldmanId: number; oldmanName: string }[];
  const row = rows.find((r) => r.deviceId === deviceId);
  if (!row) throw new Error(`mattress ${deviceId} has no elder`);
  return row;
}

const mattress = () => deviceOf(e2eDataDir, '护理一部', ['mattress']);

/**
 * A mattress of 护理一部 with an elder and no open alarm now: the simulator drives every mattress
 * and now and then raises a heart-rate alarm on one (~70 s of 128+ 次/分), which stays open until
 * handled — a monitor row of that mattress then reads 心率报警, not 正常.
 */
async function quietMattress(page: Page) {
  const res = await page.request.get('/pims/web-org/mattressMonitor/1', {
    headers: { authorization: await tokenOf(page) },
  });
  const rows = (await res.json()).result as { deviceId: number; state: string }[];
  const quiet = new Set(rows.filter((r) => r.state !== 'alarm').map((r) => r.deviceId));
  const device = devicesOf(e2eDataDir, '护理一部', 1000, ['mattress'])
    .reverse()
    .find((d) => quiet.has(d.deviceId));
  if (!device) throw new Error('every mattress of 护理一部 has an open alarm');
  return device;
}

test('the heart-rate monitor shows what a mattress just sent; its personal view charts the stored minutes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, ADMIN, '护理一部');
  const device = await quietMattress(page);
  const elder = await elderOf(page, device.deviceId);
  const stop = await keepPublishing(page, device, {
    heartRate: 99,
    breathRate: 21,
    inBed: 1,
    movement: 1,
    urineWet: 0,
  });
  try {
    await openMenu(page, '智能物联', '健康监测', '静息心率');
    const row = page.locator(`[data-testid="monitor-row"][data-oldman-id="${elder.oldmanId}"]`);
    await expect(row).toContainText(elder.oldmanName);
    await expect(row.getByTestId('current')).toHaveText('99 次/分', { timeout: 15_000 });
    await expect(row).toContainText('正常');
    await expect(row).toContainText(/\d+ 秒前|刚刚/);

    // The name filter keeps the elder and drops the others.
    const rows = page.getByTestId('monitor-row');
    const all = await rows.count();
    await page.getByLabel('搜索').fill(elder.oldmanName);
    await expect(row).toBeVisible();
    await expect.poll(() => rows.count()).toBeLessThan(all);
    await page.screenshot({ path: shot('hrrest') });

    // The breathing monitor reads the same mattress.
    await page.goto('/#/yunmuIot/breathe');
    await expect(
      page.locator(`[data-testid="monitor-row"][data-oldman-id="${elder.oldmanId}"]`).getByTestId('current'),
    ).toHaveText('21 次/分', { timeout: 15_000 });
    await page.screenshot({ path: shot('breathe') });

    await page.goto('/#/yunmuIot/hrrest');
    await row.getByRole('button', { name: '个人视图' }).click();
    await expect(page).toHaveURL(new RegExp(`#/yunmuIot/hrrest/personal\\?oldmanId=${elder.oldmanId}$`));
    await expect(page.getByTestId('personal-name')).toHaveText(elder.oldmanName);
    await expect(page.getByTestId('personal-current')).toHaveText('99 次/分', { timeout: 15_000 });
    const chart = page.getByTestId('chart-heartbeat');
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart).toHaveAttribute('data-points', /^[1-9]\d*$/);
    await expect(page.getByTestId('figures-heartbeat')).toContainText(/最高\s*\d+ 次\/分/);
    await page.screenshot({ path: shot('hrrest-personal') });

    // The same elder's turn-overs, one click away; back returns to the monitor.
    const view = page.getByTestId('personal-view');
    await view.getByRole('button', { name: '翻身监测' }).click();
    await expect(page).toHaveURL(new RegExp(`#/yunmuIot/turnover/personal\\?oldmanId=${elder.oldmanId}$`));
    await expect(page.getByTestId('chart-roll').locator('canvas')).toBeVisible();
    await page.screenshot({ path: shot('turnover-personal') });
    await view.getByRole('button', { name: '返回' }).click();
    await expect(page.getByTestId('monitor-roll')).toBeVisible();
    await page.screenshot({ path: shot('turnover') });

    // In bed: the state itself is the reading.
    await page.goto('/#/yunmuIot/inbed');
    await expect(
      page.locator(`[data-testid="monitor-row"][data-oldman-id="${elder.oldmanId}"]`).getByTestId('current'),
    ).toHaveText('在床');
    await page.screenshot({ path: shot('inbed') });
    await page.goto(`/#/yunmuIot/inbed/personal?oldmanId=${elder.oldmanId}`);
    await expect(page.getByTestId('chart-bed')).toHaveAttribute('data-points', /^[1-9]\d*$/);
    await expect(page.getByTestId('figures-bed')).toContainText(/在床率\s*\d+%/);
    await page.screenshot({ path: shot('inbed-personal') });
  } finally {
    await stop();
  }
});

test('personal health charts heart rate, breathing, in bed and turn-overs of the chosen elder', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, ADMIN, '护理一部');
  const elder = await elderOf(page, mattress().deviceId);
  await page.goto(`/#/yunmuIot/health/personal?oldmanId=${elder.oldmanId}`);
  await expect(page.getByLabel('长者', { exact: true })).toHaveValue(String(elder.oldmanId));
  for (const series of ['heartbeat', 'breath', 'bed', 'roll']) {
    const chart = page.getByTestId(`chart-${series}`);
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart).toHaveAttribute('data-points', /^[1-9]\d*$/);
  }
  await expect(page.getByTestId('figures-heartbeat')).toContainText(/平均\s*\d+ 次\/分/);
  await expect(page.getByTestId('figures-breath')).toContainText(/最低\s*\d+ 次\/分/);
  await expect(page.getByTestId('figures-bed')).toContainText(/在床率\s*\d+%/);
  await expect(page.getByTestId('figures-roll')).toContainText(/合计\s*\d+ 次/);
  await page.screenshot({ path: shot('health-day'), fullPage: true });

  await page.getByRole('radio', { name: '近一周' }).click();
  await expect(page.getByTestId('chart-heartbeat')).toHaveAttribute('data-points', /^[1-9]\d*$/);
  await page.screenshot({ path: shot('health-week'), fullPage: true });
});

test('the bed-card grid highlights the bed of an open alarm and counts its waiting time', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, ADMIN, '护理一部');
  const device = mattress();
  const elder = await elderOf(page, device.deviceId);
  await openMenu(page, '智能物联', '健康监测', '床位卡片');
  const card = page.locator(`[data-testid="bed-card"][data-oldman-id="${elder.oldmanId}"]`);
  await expect(card).toContainText(elder.oldmanName);
  await expect(card).toContainText(/心率\s*(\d+\s*次\/分|—)/);
  await expect(card).toContainText(/在床|离床/);
  // The alarm arrives over the live channels.
  await expect(page.getByTestId('health-light')).toHaveAttribute('data-state', 'ok');

  // A wet bed raises the urine alarm at once (rule duration 0).
  await publishAsDevice(e2ePort, device, 'vitals', {
    ts: Date.now(),
    heartRate: 70,
    breathRate: 16,
    inBed: 1,
    movement: 0,
    urineWet: 1,
  });
  const alarm = card.getByTestId('bed-alarm');
  await expect(alarm).toContainText('尿湿报警');
  await expect(card).toHaveAttribute('data-tone', /^(critical|high|normal)$/);
  await expect(card).not.toHaveCSS('background-color', 'rgb(255, 255, 255)');
  const waiting = card.getByTestId('bed-waiting');
  await expect(waiting).toHaveText(/\d+ 秒$/);
  const first = await waiting.textContent();
  await expect(waiting).not.toHaveText(first ?? '');
  await expect(page.getByTestId('count-alarm-beds')).not.toHaveText('告警 0');
  await page.screenshot({ path: shot('bedcards') });

  // Alarms first: the wall opens with a highlighted card.
  await page.getByText('告警优先').click();
  await expect(page.getByTestId('bed-card').first().getByTestId('bed-alarm')).toBeVisible();
  await page.screenshot({ path: shot('bedcards-alarms-first') });

  // A card opens the elder's personal health.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`#/yunmuIot/health/personal\\?oldmanId=${elder.oldmanId}$`));
  await expect(page.getByTestId('chart-heartbeat').locator('canvas')).toBeVisible();
});
