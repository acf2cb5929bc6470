import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { IotPaths } from '../../../domain/api/iot.js';
import { test } from '../fixtures.js';
import { e2ePort, layOpenAlarms, ownServer } from '../realtime.js';
import { ADMIN, signIn } from '../support.js';

/**
 * What fails WCAG 1.4.3 on the page (axe's color-contrast): offline greys what may be old, but an operator
 * with weak eyes must still read it (dimming by opacity dropped the header's chip to 3.6:1).
 */
async function lowContrast(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withRules(['color-contrast']).setLegacyMode().analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
  );
}

/**
 * Offline means unknown (issue #38 point 8): an acknowledgement lost on the way is sent again and
 * shows as waiting, never dropped without a word; while the link is down the counts say they are
 * unknown, the rows are dimmed and 确认 waits, saying why. A server of its own without the simulator.
 */

/**
 * An element's computed style property in one phase of the page's blink clock (src/ui/blink.ts), read
 * in the page as the phase begins: what blinks differs between 'on' and 'off', what is still does not.
 */
function styleIn(page: Page, selector: string, property: string, phase: 'on' | 'off') {
  return page.evaluate(
    ([selector, property, phase]) =>
      new Promise<string>((resolve) => {
        const html = document.documentElement;
        const read = () => {
          const el = document.querySelector(selector);
          return el ? getComputedStyle(el).getPropertyValue(property) : 'missing';
        };
        if (html.dataset.blink === phase) return resolve(read());
        const observer = new MutationObserver(() => {
          if (html.dataset.blink !== phase) return;
          observer.disconnect();
          resolve(read());
        });
        observer.observe(html, { attributes: true, attributeFilter: ['data-blink'] });
      }),
    [selector, property, phase] as const,
  );
}
/** Whether two elements' boxes on screen overlap (a toast over what it must not cover). */
async function overlap(a: Locator, b: Locator) {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) throw new Error('both on screen expected');
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}
const blinks = async (page: Page, selector: string, property: string) =>
  (await styleIn(page, selector, property, 'on')) !== (await styleIn(page, selector, property, 'off'));

test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

function ackTimeOf(dataDir: string, recordId: number) {
  const db = new Database(join(dataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (
      db.prepare('select ackTime from alarmRecord where recordId = ?').get(recordId) as {
        ackTime: number | null;
      }
    ).ackTime;
  } finally {
    db.close();
  }
}

test('an acknowledgement lost on the way is retried until it lands; offline, the counts are unknown and 确认 waits with its reason', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const port = e2ePort + 190;
  const dataDir = `.tmp/e2e-alarm-offline-${port}`;
  const server = ownServer(port, dataDir);
  await server.seed();
  layOpenAlarms(dataDir, 5, { sources: ['mattress'], mattressTypes: ['5'] });
  await server.start();
  try {
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1366, height: 768 },
    });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.goto('/#/yunmuIot/alarm');
    const rows = page.getByTestId('live-alarms').getByTestId('alarm-row');
    await expect(rows).toHaveCount(5);
    const first = rows.first();
    await expect(first).toContainText('未确认');
    const recordId = Number(await first.getAttribute('data-record-id'));

    // the link drops as 确认 is sent: the call never reaches the server
    const lost = (route: { abort(reason: string): Promise<void> }) => route.abort('connectionfailed');
    await page.route(`**${IotPaths.alarmAck}`, lost);
    await first.getByRole('button', { name: '确认', exact: true }).click();
    await expect(page.getByText('确认未送达服务器：连接恢复后自动重发')).toBeVisible();
    const row = page.locator(`tr[data-record-id="${recordId}"]`);
    await expect(row.getByTestId('ack-waiting')).toHaveText('确认待重发');
    await expect(row.getByRole('button', { name: '确认', exact: true })).toBeDisabled();
    expect(ackTimeOf(dataDir, recordId)).toBeNull();
    // the link is back: the acknowledgement lands by itself
    await page.unroute(`**${IotPaths.alarmAck}`, lost);
    await expect.poll(() => ackTimeOf(dataDir, recordId), { timeout: 15_000 }).not.toBeNull();
    await expect(row.getByTestId('ack-waiting')).toHaveCount(0);
    await expect(row).not.toContainText('未确认');

    // offline: unknown counts, dimmed rows, 确认 waits and says why
    const counts = page.getByTestId('count-open');
    await expect(counts).toHaveText('未处理 5');
    await context.setOffline(true);
    await expect(counts).toHaveText('未处理 ?');
    await expect(page.getByTestId('count-unacked')).toHaveText('未确认 ?');
    await expect(page.getByTestId('live-alarms')).toHaveAttribute('data-stale', 'true');
    const waiting = rows.filter({ hasText: '未确认' }).first();
    const ack = waiting.getByRole('button', { name: '确认', exact: true });
    await expect(ack).toBeDisabled();
    await expect(ack).toHaveAttribute('title', '网络已断开：恢复连接后才能确认');
    await page.screenshot({ path: '.tmp/shot-alarms-offline.png' });
    expect(await lowContrast(page)).toEqual([]);
    await context.setOffline(false);
    await expect(counts).toHaveText('未处理 5', { timeout: 15_000 });
    await expect(ack).toBeEnabled();
  } finally {
    await server.stop();
  }
});

test('offline the header counts ?, the wall counts ?, and the wall’s and the urgent banner’s 确认 wait with the reason; an acknowledgement either lost on the way is retried until it lands', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const port = e2ePort + 191;
  const dataDir = `.tmp/e2e-alarm-offline-${port}`;
  const server = ownServer(port, dataDir);
  await server.seed();
  // an SOS (紧急: the urgent banner), a 防拆报警 (重要) and an acknowledged 低电量报警
  const laid = layOpenAlarms(dataDir, 3, { sources: ['pnt'] });
  const sosId = laid.find((a) => a.alarmType === 'sos')?.recordId;
  const tamperId = laid.find((a) => a.alarmType === 'tamperAlarm')?.recordId;
  if (!sosId || !tamperId) throw new Error('an SOS and a 防拆报警 expected');
  await server.start();
  try {
    const clerkContext = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1366, height: 768 },
    });
    const clerk = await clerkContext.newPage();
    await signIn(clerk, ADMIN);
    await clerk.goto('/#/expense/accountBill');
    const count = clerk.getByTestId('alarm-indicator-count');
    await expect(count).toHaveText('2');
    const banner = clerk.getByTestId('urgent-banner');
    await expect(banner).toHaveAttribute('data-record-id', String(sosId));
    const bannerAck = banner.getByRole('button', { name: /^确认/ });
    await expect(bannerAck).toBeEnabled();

    // the control-room wall in the same browser: its own session, opened from the console's
    const wall = await clerkContext.newPage();
    await wall.goto('/fullchart.html');
    await expect(wall.getByTestId('wall-count-open')).toHaveText('3');
    await expect(wall.getByTestId('wall-count-unacked')).toHaveText('2');
    const tamperRow = wall.locator(`[data-testid="wall-alarm-row"][data-record-id="${tamperId}"]`);
    const wallAck = tamperRow.getByRole('button', { name: /^确认/ });
    await expect(wallAck).toBeEnabled();

    // What waits blinks, twice a second in step on every screen, and nothing animates frame by frame
    // meanwhile: a CSS animation kept each console restyling 60 times a second while an alarm waited.
    const chip = '[data-testid="alarm-indicator-button"]';
    const tamperEdge = `[data-testid="wall-alarm-row"][data-record-id="${tamperId}"]`;
    expect(await blinks(clerk, chip, 'background-color')).toBe(true);
    expect(await blinks(wall, tamperEdge, 'border-left-color')).toBe(true);
    expect(
      await clerk.evaluate(() => document.getAnimations().map((a) => (a as CSSAnimation).animationName)),
    ).toEqual([]);
    expect(
      await wall.evaluate(() => document.getAnimations().map((a) => (a as CSSAnimation).animationName)),
    ).toEqual([]);

    // offline: the header's count is unknown and dimmed, the banner's 确认 waits and says why
    await clerkContext.setOffline(true);
    await expect(count).toHaveText('?');
    await expect(clerk.getByTestId('alarm-indicator-button')).toHaveAttribute('data-stale', 'true');
    await expect(bannerAck).toBeDisabled();
    await expect(bannerAck).toHaveAttribute('title', '网络已断开：恢复连接后才能确认');
    // the wall too: its counters say ? (dimmed), its rows are dimmed and 确认 waits with the reason
    for (const id of ['wall-count-open', 'wall-count-critical', 'wall-count-unacked', 'wall-count-pnt'])
      await expect(wall.getByTestId(id)).toHaveText('?');
    await expect(wall.getByTestId('wall-counters')).toHaveAttribute('data-stale', 'true');
    await expect(wall.getByTestId('wall-alarms')).toHaveAttribute('data-stale', 'true');
    await expect(wallAck).toBeDisabled();
    await expect(wallAck).toHaveAttribute('title', '网络已断开：恢复连接后才能确认');
    // what may be old is still: grey, without blinking
    expect(await blinks(clerk, chip, 'background-color')).toBe(false);
    expect(await blinks(wall, tamperEdge, 'border-left-color')).toBe(false);
    await wall.screenshot({ path: '.tmp/shot-wall-offline.png' });
    expect(await lowContrast(clerk)).toEqual([]);
    expect(await lowContrast(wall)).toEqual([]);
    await clerkContext.setOffline(false);
    await expect(count).toHaveText('2', { timeout: 15_000 });
    await expect(bannerAck).toBeEnabled();
    await expect(wall.getByTestId('wall-count-unacked')).toHaveText('2', { timeout: 15_000 });
    await expect(wallAck).toBeEnabled();

    // the link drops as 确认 is sent, on the banner and on the wall: each waits, says so, and is sent again
    const lost = (route: { abort(reason: string): Promise<void> }) => route.abort('connectionfailed');
    await clerk.route(`**${IotPaths.alarmAck}`, lost);
    await wall.route(`**${IotPaths.alarmAck}`, lost);
    await bannerAck.click();
    const clerkToast = clerk
      .locator('.bp6-toast')
      .filter({ hasText: '确认未送达服务器：连接恢复后自动重发' });
    await expect(clerkToast).toBeVisible();
    // a toast opens (sliding in) under the header and the banners, not over the chip or the banner's 确认
    await expect.poll(() => overlap(clerkToast, clerk.getByTestId('alarm-indicator-button'))).toBe(false);
    await expect.poll(() => overlap(clerkToast, banner)).toBe(false);
    await expect(bannerAck).toHaveText('确认待重发');
    await expect(bannerAck).toBeDisabled();
    await wallAck.click();
    const wallToast = wall.locator('.bp6-toast').filter({ hasText: '确认未送达服务器：连接恢复后自动重发' });
    await expect(wallToast).toBeVisible();
    // the wall's toasts open over the map, not over its counters or its queue
    await expect.poll(() => overlap(wallToast, wall.getByTestId('wall-counters'))).toBe(false);
    await expect.poll(() => overlap(wallToast, wall.getByTestId('wall-queue'))).toBe(false);
    await expect(wallAck).toHaveText('确认待重发');
    await expect(wallAck).toBeDisabled();
    expect(ackTimeOf(dataDir, sosId)).toBeNull();
    expect(ackTimeOf(dataDir, tamperId)).toBeNull();
    await clerk.unroute(`**${IotPaths.alarmAck}`, lost);
    await wall.unroute(`**${IotPaths.alarmAck}`, lost);
    await expect.poll(() => ackTimeOf(dataDir, sosId), { timeout: 15_000 }).not.toBeNull();
    await expect.poll(() => ackTimeOf(dataDir, tamperId), { timeout: 15_000 }).not.toBeNull();
    await expect(banner).toHaveCount(0);
    await expect(tamperRow).toHaveAttribute('data-acked', 'true');
    await expect(count).toHaveCount(0);
  } finally {
    await server.stop();
  }
});
