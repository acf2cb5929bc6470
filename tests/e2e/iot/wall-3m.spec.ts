import { expect, type Page } from '@playwright/test';
import { IotPaths } from '../../../domain/api/iot.js';
import { MIN_TEXT_SHARE } from '../../../features/iot/wall/scale.js';
import { test } from '../fixtures.js';
import { devicesOf, e2eDataDir, e2ePort, mapDrawn, sos } from '../realtime.js';
import { ADMIN, signIn } from '../support.js';

// The wall read from 3 m (issue #38 point 7). Contexts a test opens itself would keep their pages
// running (a wall draws its map every second) through every later test: close them all when it ends.
test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;

/** The font size (px) the wall's map draws a layer's text at, null while it draws none. */
const mapTextSize = (page: Page, layer: 'marker-names' | 'urgent-names' | 'room-names') =>
  page.evaluate(
    (id) =>
      (window as unknown as { __floorMap?: { drawnSize(id: string): number | null } }).__floorMap?.drawnSize(
        id,
      ) ?? null,
    layer,
  );

/** Every text on the wall a person can see, with its font size: the smallest first. */
const wallTexts = (page: Page) =>
  page.evaluate(() => {
    const out: { text: string; px: number; cls: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none')
        continue;
      if (box.bottom < 0 || box.top > innerHeight || box.right < 0 || box.left > innerWidth) continue;
      out.push({
        text: text.slice(0, 30),
        px: Number.parseFloat(style.fontSize),
        cls: el.className.toString(),
      });
    }
    return out.sort((a, b) => a.px - b.px);
  });

/** A wall signed in as the administrator (护理一部), live, its map drawn. */
async function openWall(page: Page) {
  await signIn(page, ADMIN, '护理一部');
  await page.goto('/fullchart.html');
  await expect(page.getByTestId('wall-health')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  await mapDrawn(page);
}

test('names, markers and every text scale with the wall at 1366×768, 1920×1080 and 3840×2160; a row with ×N and 已升级 keeps its device whole', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: SIZES[0] });
  const page = await context.newPage();
  // an SOS pressed again and again and escalated, of a type with a long name: the first line is full
  const [watch] = devicesOf(e2eDataDir, '护理一部', 1);
  if (!watch) throw new Error('a watch of 护理一部 expected');
  const LONG = 'SOS紧急呼叫报警（长者手动按键求助）';
  await page.route(`**${IotPaths.unhandledAlarms}*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      result: {
        deviceId: number;
        alarmType: string;
        count: number;
        alarmTypeName: string;
        escalated: number;
      }[];
    };
    // only this SOS: after the suite's earlier tests the server holds many open alarms, and by level
    // and waiting time this one was below the rows a 768-line queue shows (hidden, not found: the
    // fresh-clone runs failed here while the test passed alone)
    body.result = body.result.filter((a) => a.deviceId === watch.deviceId && a.alarmType === 'sos');
    for (const a of body.result) Object.assign(a, { alarmTypeName: LONG, count: 128, escalated: 1 });
    await route.fulfill({ response, json: body });
  });
  await sos(e2ePort, watch);
  await openWall(page);
  const row = page.getByTestId('wall-alarm-row').filter({ hasText: LONG.slice(0, 6) });
  await expect(row).toBeVisible();
  const deviceName =
    (await row.getByTestId('wall-alarm-device').textContent())?.replace('·', '').trim() ?? '';
  expect(deviceName).not.toBe('');

  for (const size of SIZES) {
    await page.setViewportSize(size);
    const least = size.height * MIN_TEXT_SHARE - 0.01;
    // the map's names (and room numbers) at least the wall's smallest text: a share of the screen's height
    // (the room numbers come with the floor's plan, which a busy server may answer after the first
    // markers are drawn: both are waited for, the smaller of the two read)
    await expect
      .poll(
        async () => {
          const [names, rooms] = [
            await mapTextSize(page, 'marker-names'),
            await mapTextSize(page, 'room-names'),
          ];
          return names === null || rooms === null ? null : Math.min(names, rooms);
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(least);
    // every text a person sees on the wall
    const small = (await wallTexts(page)).filter((t) => t.px < least);
    expect(small).toEqual([]);
    // the queue's who-and-where line, the one read from the door
    const who = await row
      .locator('.wall-alarm-who')
      .evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    expect(who / size.height).toBeGreaterThanOrEqual(0.025);

    // ×128 and 已升级 shown, and the device whole: the type gives way (ellipsis), not the device
    await expect(row).toContainText('×128');
    await expect(row).toContainText('已升级');
    const device = await row.getByTestId('wall-alarm-device').evaluate((e) => {
      const line = e.parentElement?.getBoundingClientRect();
      const box = e.getBoundingClientRect();
      return {
        text: e.textContent,
        whole: e.scrollWidth <= e.clientWidth + 0.5 && box.width > 0 && box.right <= (line?.right ?? 0) + 0.5,
      };
    });
    expect(device).toEqual({ text: `· ${deviceName}`, whole: true });
    await page.screenshot({ path: `.tmp/shot-wall-3m-${size.width}.png` });
  }
});

test('offline the map keeps its floor plan, dimmed and marked, and the floors stop cycling', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await openWall(page);
  await expect.poll(() => mapTextSize(page, 'room-names'), { timeout: 30_000 }).not.toBeNull();
  await expect(page.getByTestId('wall-cycle')).toHaveAttribute('data-auto', 'true');
  const floor = await page.getByTestId('wall-floor').textContent();

  await context.setOffline(true);
  await expect(page.getByTestId('stale-banner')).toContainText('连接中断');
  await expect(page.getByTestId('wall-map-stale')).toContainText('连接中断 · 地图停在断线前的位置');
  await expect(page.getByTestId('wall-map')).toHaveAttribute('data-stale', 'true');
  await expect(page.getByTestId('wall-cycle')).toHaveText('连接中断 · 停留本层');
  // longer than a floor cycle (15 s), as the banner counts it: the floor and its plan are still there
  await expect(page.getByTestId('stale-banner')).toContainText(/最后收到数据 ([2-9]\d|\d{3,}) 秒前/, {
    timeout: 40_000,
  });
  await expect(page.getByTestId('wall-floor')).toHaveText(floor ?? '');
  expect(await mapTextSize(page, 'room-names')).not.toBeNull();
  // what the wall says offline reads from the room too
  const least = 1080 * MIN_TEXT_SHARE - 0.01;
  expect((await wallTexts(page)).filter((t) => t.px < least)).toEqual([]);
  await page.screenshot({ path: '.tmp/shot-wall-3m-offline.png' });

  await context.setOffline(false);
  await expect(page.getByTestId('stale-banner')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('wall-map-stale')).toHaveCount(0);
  await expect(page.getByTestId('wall-cycle')).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('wall-cycle')).not.toHaveText('连接中断 · 停留本层');
});
