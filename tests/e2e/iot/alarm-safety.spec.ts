import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { IotPaths } from '../../../domain/api/iot.js';
import { test } from '../fixtures.js';
import {
  deviceById,
  devicesOf,
  e2ePort,
  layOpenAlarms,
  ownServer,
  publishAsDevice,
  sos,
} from '../realtime.js';
import { ADMIN, api, signIn } from '../support.js';

/**
 * The operator's console made safe: a key acts only on the alarm list the operator looks at, and the
 * header names the alarm to answer first. A server of its own without the simulator, so every alarm
 * here is the test's.
 */

test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

/** The open record of a device and type, read from the database the server writes. */
function openRecord(dataDir: string, deviceId: number, alarmType: string) {
  const db = new Database(join(dataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'select recordId, ackTime, status from alarmRecord where deviceId = ? and alarmType = ? and status = 0',
      )
      .get(deviceId, alarmType) as { recordId: number; ackTime: number | null; status: number } | undefined;
  } finally {
    db.close();
  }
}

const showScreen = (page: Page, path: string) =>
  page.evaluate((hash) => {
    window.location.hash = hash;
  }, path);

/** The elder a device is bound to. */
function elderOf(dataDir: string, deviceId: number) {
  const db = new Database(join(dataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (
      db.prepare('select oldmanId from device where deviceId = ?').get(deviceId) as { oldmanId: number }
    ).oldmanId;
  } finally {
    db.close();
  }
}

test('全部告警 holds the positioning, mattress and vital-sign alarms and the calls nobody answered in one list: most severe first, then unacknowledged, then the longest waiting; a call answered at the bed leaves it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const port = e2ePort + 172;
  const dataDir = `.tmp/e2e-all-alarms-${port}`;
  const server = ownServer(port, dataDir);
  await server.seed();
  // an SOS (紧急), a 防拆报警 (重要) and an acknowledged 低电量报警 (一般), then a 尿湿 (一般), all waiting
  // about an hour; escalation after two hours, so each keeps its own severity here
  const pnt = layOpenAlarms(dataDir, 3, { sources: ['pnt'], escalateAfterMinutes: 120 });
  const [wet] = layOpenAlarms(dataDir, 1, {
    sources: ['mattress'],
    mattressTypes: ['5'],
    escalateAfterMinutes: 120,
  });
  expect(pnt.map((a) => [a.alarmType, a.acked])).toEqual([
    ['sos', false],
    ['tamperAlarm', false],
    ['lowPowerAlarm', true],
  ]);
  if (!wet) throw new Error('a mattress alarm expected');
  await server.start();
  try {
    const page = await (
      await browser.newContext({ baseURL: server.base, viewport: { width: 1366, height: 768 } })
    ).newPage();
    await signIn(page, ADMIN);
    await page.goto('/#/yunmuIot/allAlarms');
    const rows = page.getByTestId('live-alarms').getByTestId('alarm-row');
    await expect(rows).toHaveCount(4);
    // a nurse enters a blood oxygen of 86 %: a 紧急 vital-sign alarm (sign.bloodOxygen), just raised
    const measured = await page.evaluate(() => {
      const d = new Date();
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:00`;
    });
    await api(page, 'POST', '/pims/web-yh/piOldmanSign', {
      oldmanId: elderOf(dataDir, wet.deviceId),
      signType: 2,
      measureTime: measured,
      bloodOxygen: 86,
    });
    await expect(rows).toHaveCount(5);
    const order = ['SOS报警', '血氧过低（体征录入）', '防拆报警', '尿湿报警', '低电量报警'];
    for (const [i, name] of order.entries()) await expect(rows.nth(i)).toContainText(name);
    // the SOS waited longer than the new reading of the same severity; the acknowledged 一般 comes last
    await expect(rows.first()).toHaveAttribute('data-record-id', String(pnt[0]?.recordId));
    await expect(rows.nth(4)).not.toContainText('未确认');

    // a call button pressed with 呼叫未应答转告警 at 0 seconds: the call is a 重要 alarm at once, after the
    // 防拆报警 that waits longer, in the list and in the header's count (4 unacknowledged, now 5)
    const count = page.getByTestId('alarm-indicator-count');
    await expect(count).toHaveText('4');
    const setting = await api(page, 'GET', IotPaths.alarmSetting);
    await api(page, 'PUT', IotPaths.alarmSetting, { ...setting, callAlarmAfterSeconds: 0 });
    const [button] = devicesOf(dataDir, '护理一部', 1, ['callButton']);
    if (!button) throw new Error('a call button of 护理一部 expected');
    const press = (action: 'call' | 'answer') =>
      publishAsDevice(port, button, 'call', { ts: Date.now(), model: button.model, action });
    await press('call');
    await expect(rows).toHaveCount(6);
    await expect(rows.nth(3)).toContainText('呼叫未应答');
    await expect(rows.nth(3)).toContainText('未确认');
    await expect(count).toHaveText('5');
    await page.screenshot({ path: '.tmp/shot-all-alarms-sources.png' });
    // answered at the bed: released there, it leaves the list and the count
    await press('answer');
    await expect(rows).toHaveCount(5);
    await expect(page.getByTestId('live-alarms')).not.toContainText('呼叫未应答');
    await expect(count).toHaveText('4');
  } finally {
    await server.stop();
  }
});

test('every shortcut pressed on 床垫告警 leaves the hidden 定位告警 untouched; the list on screen takes the keys without a click; the header names the SOS and opens it in the open tab', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const port = e2ePort + 170;
  const dataDir = `.tmp/e2e-keys-${port}`;
  const server = ownServer(port, dataDir);
  await server.seed();
  // two 尿湿 (一般) on mattresses, waiting an hour: the queue's oldest alarms
  const wet = layOpenAlarms(dataDir, 2, { sources: ['mattress'], mattressTypes: ['5'] });
  expect(wet.map((a) => a.severity)).toEqual([1, 1]);
  await server.start();
  try {
    const page = await (
      await browser.newContext({ baseURL: server.base, viewport: { width: 1366, height: 768 } })
    ).newPage();
    await signIn(page, ADMIN);
    await page.goto('/#/expense/accountBill');
    const chip = page.getByTestId('alarm-indicator-button');
    await expect(page.getByTestId('alarm-indicator-latest')).toContainText('一般 · 尿湿报警');
    await expect(chip).toHaveAttribute('data-severity', '1');

    // an SOS, then a 一般 raised after it: the header names the SOS (most severe first), in red
    const [watch, other] = devicesOf(dataDir, '护理一部', 2);
    if (!watch || !other) throw new Error('two watches of 护理一部 expected');
    await sos(port, watch);
    await expect.poll(() => openRecord(dataDir, watch.deviceId, 'sos')?.recordId ?? 0).toBeGreaterThan(0);
    await publishAsDevice(port, other, 'event', { ts: Date.now(), event: 'maintenance' });
    await expect
      .poll(() => openRecord(dataDir, other.deviceId, 'maintenanceAlarm')?.recordId ?? 0)
      .toBeGreaterThan(0);
    await expect(page.getByTestId('alarm-indicator-count')).toHaveText('4');
    await expect(page.getByTestId('alarm-indicator-latest')).toContainText('紧急 · SOS报警');
    await expect(chip).toHaveAttribute('data-severity', '3');
    await expect(chip)
      .toHaveCSS('background-color', 'rgb(205, 66, 70)', { timeout: 2_000 })
      .catch(async () => {
        // the chip flashes between its two reds: either is the 紧急 colour
        await expect(chip).toHaveCSS('background-color', 'rgb(142, 41, 44)');
      });
    // a banner pinned under the header names it, on this screen as on every other
    const banner = page.getByTestId('urgent-banner');
    await expect(banner).toContainText('紧急告警：紧急 · SOS报警');
    await expect(banner).toContainText('已等待');
    await page.screenshot({ path: '.tmp/shot-header-sos-on-bill.png' });
    const sosId = openRecord(dataDir, watch.deviceId, 'sos')?.recordId ?? 0;

    // 全部告警: every source in one list, the SOS first, then the 一般 by how long they wait
    await showScreen(page, '#/yunmuIot/allAlarms');
    const all = page.getByTestId('live-alarms').getByTestId('alarm-row');
    await expect(all).toHaveCount(4);
    await expect(all.first()).toHaveAttribute('data-record-id', String(sosId));
    await expect(all.nth(1)).toContainText('尿湿报警');
    await expect(all.nth(2)).toContainText('尿湿报警');
    await expect(all.nth(3)).toContainText('维护报警');
    await page.screenshot({ path: '.tmp/shot-all-alarms.png' });

    // 定位告警 with the SOS on top, then 床垫告警: 定位告警 stays open in its tab, hidden
    await showScreen(page, '#/yunmuIot/locateAlarm');
    const sosRow = page.locator(`tr[data-record-id="${sosId}"]`);
    await expect(sosRow).toContainText('未确认');
    await showScreen(page, '#/yunmuIot/alarm');
    await expect(page.getByTestId('page-alarm-mattress')).toBeVisible();
    await expect(page.getByTestId('page-alarm-pnt')).toHaveCount(0);
    const shortcuts = ['a', 'A', 'h', 'Enter', ' ', 'x', 'j', 'k', 'ArrowDown', 'ArrowUp'];
    // an empty spot of the screen, then every shortcut: nothing is focused that owns them
    await page.getByTestId('alarm-counters').click({ position: { x: 2, y: 2 } });
    for (const key of shortcuts) await page.keyboard.press(key);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // the visible list does take them: A acknowledges the oldest 尿湿 there
    const mattressList = page.getByTestId('live-alarm-list');
    await mattressList.locator('.alarm-keys').click();
    await expect(mattressList).toBeFocused();
    await page.keyboard.press('a');
    await expect(page.locator(`tr[data-record-id="${wet[0]?.recordId}"]`)).not.toContainText('未确认');
    for (const key of shortcuts.filter((k) => !['h', 'Enter'].includes(k))) await page.keyboard.press(key);
    // and the dialogs they open are this screen's, closed again by Escape
    await page.keyboard.press('h');
    await expect(page.getByRole('dialog')).toContainText('处理说明');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // the hidden SOS was never acknowledged, chosen or opened
    await page.waitForLoadState('networkidle');
    expect(openRecord(dataDir, watch.deviceId, 'sos')?.ackTime).toBeNull();
    await showScreen(page, '#/yunmuIot/locateAlarm');
    await expect(sosRow).toContainText('未确认');
    await expect(page.locator('tr[aria-selected="true"]')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // back on screen, the list has the keys without a click: A acknowledges the SOS on top
    await expect(page.getByTestId('live-alarm-list')).toBeFocused();
    await page.keyboard.press('a');
    await expect(sosRow).not.toContainText('未确认');
    await expect.poll(() => openRecord(dataDir, watch.deviceId, 'sos')?.ackTime ?? null).not.toBeNull();

    // a second SOS, opened from the header on 费用账单: the open 定位告警 tab comes up with its detail,
    // no second tab
    const [, third] = devicesOf(dataDir, '护理二部', 2);
    if (!third) throw new Error('a watch of 护理二部 expected');
    await sos(port, third);
    await expect.poll(() => openRecord(dataDir, third.deviceId, 'sos')?.recordId ?? 0).toBeGreaterThan(0);
    await showScreen(page, '#/expense/accountBill');
    const tabs = await page.getByTestId('tab').count();
    await chip.click();
    await page.getByTestId('alarm-indicator-newest').click();
    await expect(page).toHaveURL(/#\/yunmuIot\/locateAlarm$/);
    await expect(page.getByTestId('tab')).toHaveCount(tabs);
    await expect(page.getByRole('dialog')).toContainText('SOS报警');
    await expect(page.getByTestId('detail-status')).toHaveText('未处理');
    await page.keyboard.press('Escape');
    // the banner's 确认 acknowledges it, and the banner goes
    await expect(banner).toHaveAttribute(
      'data-record-id',
      String(openRecord(dataDir, third.deviceId, 'sos')?.recordId),
    );
    await banner.getByRole('button', { name: '确认' }).click();
    await expect(banner).toHaveCount(0);
    expect(openRecord(dataDir, third.deviceId, 'sos')?.ackTime).not.toBeNull();
  } finally {
    await server.stop();
  }
});

interface Open {
  recordId: number;
  deviceId: number;
  alarmType: string;
  severity: number;
  ackTime: number | null;
  count: number;
  buildingId: number | null;
  floorNo: number | null;
}
/** The open alarms the server holds for the page's user. */
const serverOpen = async (page: Page) =>
  (await api(page, 'GET', IotPaths.unhandledAlarms)) as unknown as Open[];

/** The rows on the wall: id, severity, acknowledged, flashing. */
const wallRows = (page: Page) =>
  page.getByTestId('wall-alarm-row').evaluateAll((rows) =>
    rows.map((r) => ({
      id: Number(r.getAttribute('data-record-id')),
      severity: Number(r.getAttribute('data-severity')),
      acked: r.getAttribute('data-acked') === 'true',
      flashing: r.classList.contains('flash'),
    })),
  );

/**
 * Samples the wall every 100 ms in the page: a row acknowledged, or less severe than the most severe
 * unacknowledged alarm the footer counts as hidden, or an acknowledged row flashing, is a violation.
 */
async function sampleWall(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __samples: number; __violations: string[] };
    w.__samples = 0;
    w.__violations = [];
    setInterval(() => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="wall-alarm-row"]')];
      if (!rows.length) return;
      w.__samples += 1;
      const more = document.querySelector<HTMLElement>('[data-testid="wall-queue-more"]');
      const worst = Number(more?.dataset.hiddenWorst ?? 0);
      for (const r of rows) {
        const severity = Number(r.dataset.severity);
        const acked = r.dataset.acked === 'true';
        if (worst > 0 && (acked || severity < worst))
          w.__violations.push(`${r.dataset.recordId} (${acked ? '已确认' : severity}) over hidden ${worst}`);
        if (acked && r.classList.contains('flash')) w.__violations.push(`${r.dataset.recordId} flashes`);
      }
    }, 100);
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { __samples: number; __violations: string[] };
      return { samples: w.__samples, violations: w.__violations.slice(0, 10) };
    });
}

/** The wall agrees with the server: what it hides is counted, and nothing it shows hides a more urgent alarm. */
async function wallAgrees(page: Page) {
  await expect(async () => {
    const [rows, open] = [await wallRows(page), await serverOpen(page)];
    const shown = new Set(rows.map((r) => r.id));
    const hidden = open.filter((a) => !shown.has(a.recordId) && a.ackTime === null);
    const worst = Math.max(0, ...hidden.map((a) => a.severity));
    expect(
      rows.length +
        Number((await page.getByTestId('wall-queue-more').textContent())?.match(/另有 (\d+)/)?.[1] ?? 0),
    ).toBe(open.length);
    expect(Number(await page.getByTestId('wall-queue-more').getAttribute('data-hidden-worst'))).toBe(worst);
    if (worst > 0) expect(rows.filter((r) => r.acked || r.severity < worst)).toEqual([]);
  }).toPass({ timeout: 15_000 });
}

test('the wall under 150 alarms at three sizes: no acknowledged or quieter row over a hidden urgent one, a new SOS always shown, only unacknowledged rows flash; the floor cycle stays with a waiting 紧急 alarm', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const port = e2ePort + 171;
  const dataDir = `.tmp/e2e-wall-load-${port}`;
  const server = ownServer(port, dataDir);
  await server.seed();
  // the last three watches of two departments stay quiet: the test's own arrivals come from them
  const quiet = [...devicesOf(dataDir, '护理一部', 3), ...devicesOf(dataDir, '护理二部', 3)];
  // (escalation after two hours: an escalated 紧急 ranks above a new SOS, and the server's minute job
  // would escalate every laid alarm older than the default five minutes)
  const laid = layOpenAlarms(dataDir, 150, {
    spare: quiet.map((d) => d.deviceId),
    escalateAfterMinutes: 120,
  });
  expect(laid).toHaveLength(150);
  expect(new Set(laid.map((a) => a.severity))).toEqual(new Set([1, 2, 3]));
  await server.start();
  try {
    // an acknowledged alarm of a watch that a repeat can raise again (维护/防拆)
    const ackedRepeatable = laid.filter(
      (a) => a.acked && (a.alarmType === 'maintenanceAlarm' || a.alarmType === 'tamperAlarm'),
    );
    // one account, one wall at a time (a second sign-in ends the first session): 1920×1080 last, kept open
    const sizes = [
      { width: 1366, height: 768 },
      { width: 3840, height: 2160 },
      { width: 1920, height: 1080 },
    ];
    let last: Page | undefined;
    for (const [n, size] of sizes.entries()) {
      const page = await (await browser.newContext({ baseURL: server.base, viewport: size })).newPage();
      last = page;
      await signIn(page, ADMIN);
      await page.goto('/fullchart.html');
      await expect(page.getByTestId('wall-alarm-row').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('wall-health')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
      await expect(page.getByTestId('wall-queue-more')).toBeVisible();
      const sampled = await sampleWall(page);

      // a new SOS on a wall full of older waiting ones: on screen at once
      const fresh = quiet[2 * n];
      const quieter = quiet[2 * n + 1];
      if (!fresh || !quieter) throw new Error('quiet watches expected');
      await sos(port, fresh);
      const sosRow = page
        .getByTestId('wall-alarm-row')
        .filter({ hasText: 'SOS报警' })
        .and(page.locator('[data-new="true"]'));
      await expect(sosRow).toHaveCount(1, { timeout: 10_000 });
      // a new 一般 stays below the waiting 紧急 alarms, counted
      await publishAsDevice(port, quieter, 'event', { ts: Date.now(), event: 'maintenance' });
      await expect
        .poll(async () => (await serverOpen(page)).some((a) => a.deviceId === quieter.deviceId))
        .toBe(true);
      // an acknowledged alarm raised again: neither a row over the waiting ones nor a flash
      const repeat = ackedRepeatable[n];
      if (!repeat) throw new Error('an acknowledged 维护 or 防拆 alarm laid for each size');
      await publishAsDevice(port, deviceById(dataDir, repeat.deviceId), 'event', {
        ts: Date.now(),
        event: repeat.alarmType === 'tamperAlarm' ? 'tamper' : 'maintenance',
      });
      await expect
        .poll(async () => (await serverOpen(page)).find((a) => a.recordId === repeat.recordId)?.count ?? 0)
        .toBe(2);
      // the operator acknowledges two rows from the wall
      for (let i = 0; i < 2; i += 1)
        await page.getByTestId('wall-alarm-row').getByRole('button', { name: '确认' }).first().click();
      await wallAgrees(page);
      // five seconds of samples at least (the page draws its map in software here: fewer than 10 a second)
      await expect
        .poll(async () => (await sampled()).samples, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(50);
      expect((await sampled()).violations).toEqual([]);
      await page.screenshot({ path: `.tmp/shot-wall-load-${size.width}.png` });
      if (n < sizes.length - 1) await page.context().close();
    }

    // the floor cycle: every 紧急 acknowledged but one (a mattress's, placed at its bed) in the building
    // shown, the map keeps to its floor
    const wall = last;
    if (!wall || wall.isClosed()) throw new Error('the 1920×1080 wall is still open');
    await expect(wall.getByTestId('wall-health')).toHaveAttribute('data-state', 'ok');
    const buildingId = Number(await wall.getByLabel('楼栋').inputValue());
    const open = await serverOpen(wall);
    const waiting = open.find(
      (a) => a.severity === 3 && a.ackTime === null && a.buildingId === buildingId && a.floorNo !== null,
    );
    if (!waiting) throw new Error('a 紧急 alarm waiting in the building shown');
    const others = open.filter(
      (a) => a.ackTime === null && a.severity >= 2 && a.recordId !== waiting.recordId,
    );
    await api(wall, 'POST', IotPaths.alarmAckBatch, {
      recordIds: others.map((a) => a.recordId),
    });
    const cycle = wall.getByTestId('wall-cycle');
    await expect(cycle).toHaveAttribute('data-holding', 'true', { timeout: 20_000 });
    await expect(wall.getByLabel('楼层')).toHaveValue(String(waiting.floorNo));
    const stays = Number(await cycle.getAttribute('data-stays'));
    await expect
      .poll(async () => Number(await cycle.getAttribute('data-stays')), { timeout: 25_000 })
      .toBeGreaterThan(stays);
    await expect(wall.getByLabel('楼层')).toHaveValue(String(waiting.floorNo));
    await expect(cycle).toContainText('停留本层');
    await wall.screenshot({ path: '.tmp/shot-wall-holding.png' });
    // acknowledged: the cycle moves on
    await api(wall, 'POST', IotPaths.alarmAck, { recordId: waiting.recordId });
    await expect(cycle).toHaveAttribute('data-holding', 'false');
    await expect(wall.getByLabel('楼层')).not.toHaveValue(String(waiting.floorNo), { timeout: 20_000 });
  } finally {
    await server.stop();
  }
});
