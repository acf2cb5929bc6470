import { expect, type Page } from '@playwright/test';
import { IotPaths } from '../../../domain/api/iot.js';
import { test } from '../fixtures.js';
import { devicesOf, e2eDataDir, e2ePort, sos } from '../realtime.js';
import { ADMIN, signIn } from '../support.js';

// Contexts a test opens itself would keep their pages running (a wall draws its map every second)
// through every later test: close them all when a test ends.
test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

const WALL = { width: 1920, height: 1080 };

/** An API call with the token the console stored in this browser. */
async function api<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.get(url, { headers: { authorization: token } });
  return (await res.json()).result as T;
}
const deviceName = async (page: Page, deviceId: number) =>
  (await api<{ deviceId: number; deviceName: string }[]>(page, '/loms/web-lo/pnt/device/list/rt')).find(
    (d) => d.deviceId === deviceId,
  )?.deviceName ?? '';
/** The open alarms the server holds for this user. */
const openAlarms = (page: Page) =>
  api<
    {
      deviceId: number;
      alarmType: string;
      floorNo: number | null;
      ackTime: number | null;
      oldmanName: string | null;
    }[]
  >(page, '/loms/di-lo/alarm/sendUnhandledAlarms');

/** A counter of the wall once it is known: while its channels are stale (a busy machine) it says ?. */
const count = async (page: Page, testId: string) => {
  const counter = page.getByTestId(testId);
  await expect(counter).toHaveText(/^\d+$/, { timeout: 20_000 });
  return Number(await counter.textContent());
};

/** The floor map has drawn at least once (SwiftShader WebGL is slow but correct). */
async function mapDrawn(page: Page) {
  await expect
    .poll(
      () => page.evaluate(() => (window as { __floorMap?: { redraws: number } }).__floorMap?.redraws ?? 0),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0);
}

test('an SOS reaches the wall queue within seconds, the counters move, and a click acknowledges it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ viewport: WALL })).newPage();
  await signIn(page, ADMIN, '护理一部');
  await page.goto('/fullchart.html');
  await expect(page.getByTestId('wall')).toBeVisible();
  // Push, broker and data freshness all green (positions flow while the map is shown).
  await expect(page.getByTestId('wall-health')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  await expect(page.getByTestId('wall-light-push')).toHaveAttribute('data-level', 'ok');
  await expect(page.getByTestId('wall-light-broker')).toHaveAttribute('data-level', 'ok');
  await expect(page.getByTestId('wall-light-fresh')).toHaveAttribute('data-level', 'ok');
  await expect(page.getByTestId('wall-devices-online')).toHaveText(/^\d+$/);
  await mapDrawn(page);
  // Where the browser holds sound back until the page is touched, the wall says so (提示音未启用 ·
  // 点击页面任意处启用): the operator touches it once, as at the start of a shift. Headless Chromium
  // mostly lets the sound start untouched, not always (a fresh-clone run waited 10 s in 'blocked').
  await page.getByRole('heading', { name: '智慧养老平台', level: 1 }).click();
  await expect(page.getByTestId('wall-sound')).not.toHaveClass(/blocked/);

  // a watch with no open alarm (an earlier test or the simulator may have left one on another): the
  // row this test waits for is then the SOS's alone
  // (other open alarms on it are no matter: the row looked for is this SOS's, and a long run leaves fence
  // alarms open on most walkers)
  const busy = new Set((await openAlarms(page)).filter((a) => a.alarmType === 'sos').map((a) => a.deviceId));
  const device = devicesOf(e2eDataDir, '护理一部', 1_000)
    .reverse()
    .find((d) => !busy.has(d.deviceId));
  if (!device) throw new Error('every watch of 护理一部 has an open SOS');
  const name = await deviceName(page, device.deviceId);
  expect(name).not.toBe('');
  const open = await count(page, 'wall-count-open');
  const critical = await count(page, 'wall-count-critical');
  // the building the user last chose on 实时定位: the wall's own moves must not change it
  const remembered = await api<number | null>(page, IotPaths.userBuilding);
  // The who-line ends with the device: 手表41, not 手表410 (the row's text runs on into the waiting time).
  const row = page
    .getByTestId('wall-alarm-row')
    .filter({ has: page.getByText(new RegExp(`· ${name}$`)) })
    .filter({ hasText: 'SOS报警' });

  // Timed in the page, at the mutation that shows the row: the test runner's own polling of a page
  // busy drawing WebGL in software is not the product's latency.
  await expect(row).toHaveCount(0);
  await page.evaluate((n) => {
    const w = window as unknown as { __seenAt: number; __seenNew: string | null };
    w.__seenAt = 0;
    w.__seenNew = null;
    new MutationObserver(() => {
      if (w.__seenAt) return;
      const rows = document.querySelectorAll('[data-testid="wall-alarm-row"]');
      for (const r of rows)
        if (
          r.querySelector('[data-testid="wall-alarm-device"]')?.textContent === `· ${n}` &&
          r.textContent?.includes('SOS报警')
        ) {
          w.__seenAt = Date.now();
          // flashing as it arrives: read here, since the runner's next look at a page busy drawing
          // WebGL in software may come after the 6 s flash has ended (a CI run saw it over)
          w.__seenNew = r.getAttribute('data-new');
        }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    // every floor the map shows from now on (the floors cycle, and later arrivals bring theirs up)
    const f = window as unknown as { __floors: string[] };
    const floor = () => document.querySelector('[data-testid="wall-floor"]')?.textContent ?? '';
    f.__floors = [floor()];
    new MutationObserver(() => {
      if (f.__floors.at(-1) !== floor()) f.__floors.push(floor());
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, name);
  // From the device's publish (connecting a device client is not part of the path).
  await sos(e2ePort, device);
  const published = Date.now();
  await expect(row).toBeVisible({ timeout: 8_000 });
  const seenAt = await page.evaluate(() => (window as unknown as { __seenAt: number }).__seenAt);
  // The console shows a new alarm within 2 s (alarms.spec.ts). The wall also draws a 1920×1080 map,
  // which headless Chromium here renders in software on the page's main thread (SwiftShader), so its
  // rows can wait behind a frame; on real graphics hardware that cost is not on the main thread.
  // Measured here up to ~6 s with a busy simulator (17 open alarms, the map redrawn every second);
  // the console's own test (alarms.spec.ts) holds the 2 s of the issue.
  expect(seenAt - published).toBeLessThan(8_000);
  await expect(row).toContainText('SOS报警');
  expect(await page.evaluate(() => (window as unknown as { __seenNew: string | null }).__seenNew)).toBe(
    'true',
  );
  // The simulator may raise alarms of its own meanwhile: at least one more, and as many as the server holds.
  await expect.poll(() => count(page, 'wall-count-open')).toBeGreaterThanOrEqual(open + 1);
  await expect.poll(() => count(page, 'wall-count-critical')).toBeGreaterThanOrEqual(critical + 1);
  await expect
    .poll(async () => (await count(page, 'wall-count-open')) - (await openAlarms(page)).length)
    .toBe(0);
  await expect(page.getByTestId('wall-sound')).toHaveAttribute('data-sounding', 'true');
  // The map brings up the floor of the alarm.
  const floorNo =
    (await openAlarms(page)).find((a) => a.deviceId === device.deviceId && a.alarmType === 'sos')?.floorNo ??
    null;
  // The map brought the alarm's floor up when it arrived; by now the cycle or a later arrival may have
  // moved on, so the floors shown since the publish are checked rather than the one on screen now.
  if (floorNo !== null)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __floors: string[] }).__floors))
      .toContainEqual(expect.stringContaining(`${floorNo}层`));
  // the cycle and the arrival moved the map; the user's remembered building stays (the wall overwrote it)
  expect(await api<number | null>(page, IotPaths.userBuilding)).toBe(remembered);
  // The most severe alarm heads the queue, and its waiting time counts up.
  await expect(page.getByTestId('wall-alarm-row').first()).toContainText('紧急');
  const waitedBefore = await row.getByTestId('wall-waiting').textContent();
  await expect(row.getByTestId('wall-waiting')).not.toHaveText(waitedBefore ?? '', { timeout: 3_000 });
  // A click on the row shows its resident on the map: selected, with the alarm and its wait on the card;
  // the floor cycle holds until resumed.
  const elder =
    (await openAlarms(page)).find((a) => a.deviceId === device.deviceId && a.alarmType === 'sos')
      ?.oldmanName ?? '';
  await row.getByTestId('wall-alarm-locate').click();
  const card = page.getByTestId('elder-card');
  await expect(card).toContainText(elder);
  await expect(card.getByTestId('elder-card-alarm').filter({ hasText: 'SOS报警' })).toContainText('未确认');
  await expect(page.getByTestId('wall-cycle')).toHaveAttribute('data-auto', 'false');
  // the next arrival (another watch, likely on another floor) is announced in the queue but does not
  // take the map away from the resident the operator looks at (a busy wall once did, every few seconds)
  const floorShown = await page.getByTestId('wall-floor').textContent();
  const other = devicesOf(e2eDataDir, '护理一部', 1_000).find(
    (d) => d.deviceId !== device.deviceId && !busy.has(d.deviceId),
  );
  if (other) {
    await sos(e2ePort, other);
    // the wall has it when its count of open alarms is the server's again (its row may wait behind
    // more urgent ones on a busy wall)
    await expect
      .poll(async () =>
        (await openAlarms(page)).some((a) => a.deviceId === other.deviceId && a.alarmType === 'sos'),
      )
      .toBe(true);
    await expect
      .poll(async () => (await count(page, 'wall-count-open')) - (await openAlarms(page)).length)
      .toBe(0);
    await expect(page.getByTestId('wall-floor')).toHaveText(floorShown ?? '');
    await expect(card).toContainText(elder);
  }
  await page.screenshot({ path: '.tmp/shot-D-wall.png' });
  await page.getByTestId('wall-cycle').click();
  await expect(page.getByTestId('wall-cycle')).toHaveAttribute('data-auto', 'true');

  await row.getByRole('button', { name: '确认' }).click();
  // Acknowledged on the server; on the wall it says 已确认 where it stands, or, on a wall full of
  // unacknowledged alarms, it moves below them (an acknowledged alarm never hides one waiting).
  await expect
    .poll(
      async () =>
        (await openAlarms(page)).find((a) => a.deviceId === device.deviceId && a.alarmType === 'sos')
          ?.ackTime ?? null,
    )
    .not.toBeNull();
  await expect(row.getByRole('button', { name: '确认' })).toHaveCount(0);
  // (read at one moment: the row may move out of sight between a count and a look at its text)
  await expect
    .poll(async () => (await row.allTextContents()).every((text) => text.includes('已确认')))
    .toBe(true);
  const unackedOnServer = async () => (await openAlarms(page)).filter((a) => a.ackTime === null).length;
  await expect
    .poll(async () => (await count(page, 'wall-count-unacked')) - (await unackedOnServer()))
    .toBe(0);

  // The operator's own pick of a floor stops the cycle until it is resumed.
  await expect(page.getByTestId('wall-cycle')).toHaveAttribute('data-auto', 'true');
  await page.getByLabel('楼层').selectOption({ index: 0 });
  await expect(page.getByTestId('wall-cycle')).toHaveAttribute('data-auto', 'false');
  await page.getByTestId('wall-cycle').click();
  await expect(page.getByTestId('wall-cycle')).toHaveAttribute('data-auto', 'true');
  await page.context().close();
});

test('without a session the wall sends the visitor to sign in, then comes back', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: WALL })).newPage();
  await page.goto('/fullchart.html');
  await expect(page).toHaveURL(/\/login\.html\?returnUrl=%2Ffullchart\.html$/);
  await page.getByLabel('账号').fill(ADMIN.loginName);
  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  const chooser = page.getByTestId('dept-chooser');
  await expect(chooser.or(page.getByTestId('wall'))).toBeVisible();
  if (await chooser.isVisible()) {
    await chooser.getByText('护理一部', { exact: true }).click();
    await page.getByRole('button', { name: '进入系统' }).click();
  }
  await expect(page).toHaveURL(/\/fullchart\.html$/);
  await expect(page.getByTestId('wall-health')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  await page.context().close();
});

test('the console opens the wall in a new window; the same account signing in elsewhere leaves the wall signed in and updating; a wall whose session ends is loud', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: WALL });
  const console = await context.newPage();
  await signIn(console, ADMIN, '护理一部');
  await console.goto('/#/yunmuIot/locateAlarm');
  const [wall] = await Promise.all([context.waitForEvent('page'), console.getByTestId('open-wall').click()]);
  await expect(wall).toHaveURL(/\/fullchart\.html$/);
  await expect(wall.getByTestId('wall-health')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });

  // The same account signs in on another computer (issue #38 point 7): the console's session ends,
  // the wall's own does not, and the wall keeps updating.
  const elsewhere = await (await browser.newContext()).newPage();
  await signIn(elsewhere, ADMIN, '护理一部');
  await expect(console.getByText('此账号已被其他人登录，请重新登录')).toBeVisible({ timeout: 15_000 });
  const busy = new Set(
    (await openAlarms(elsewhere)).filter((a) => a.alarmType === 'sos').map((a) => a.deviceId),
  );
  const device = devicesOf(e2eDataDir, '护理一部', 1_000).find((d) => !busy.has(d.deviceId));
  if (!device) throw new Error('every watch of 护理一部 has an open SOS');
  const name = await deviceName(elsewhere, device.deviceId);
  await sos(e2ePort, device);
  await expect
    .poll(async () =>
      (await openAlarms(elsewhere)).some((a) => a.deviceId === device.deviceId && a.alarmType === 'sos'),
    )
    .toBe(true);
  // the wall holds what the server holds, the new SOS with it (its row may wait behind more urgent ones)
  await expect
    .poll(async () => (await count(wall, 'wall-count-open')) - (await openAlarms(elsewhere)).length, {
      timeout: 15_000,
    })
    .toBe(0);
  await expect(wall.getByTestId('wall-health')).toHaveAttribute('data-state', 'ok');
  await expect(wall.getByTestId('wall-signed-out')).toHaveCount(0);
  expect(name).not.toBe('');

  // The wall's session ends (signed out): a full-screen red notice that sounds, never a quiet wall.
  const token = await wall.evaluate(() => JSON.parse(localStorage.getItem('pims2.wallUser') ?? '{}').token);
  expect(token).toBeTruthy();
  await wall.request.get('/passport/web-rbac/logins/loginOut', { headers: { authorization: token } });
  const notice = wall.getByTestId('wall-signed-out');
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(notice.getByRole('heading', { level: 1 })).toHaveText('大屏已退出登录，告警不再更新');
  await expect(notice).toContainText('请重新登录');
  await expect(notice).toHaveAttribute('data-sounding', 'true');
  const look = await notice.evaluate((e) => {
    const box = e.getBoundingClientRect();
    return { width: box.width, height: box.height, colour: getComputedStyle(e).color };
  });
  expect(look).toEqual({ width: WALL.width, height: WALL.height, colour: 'rgb(255, 255, 255)' });
  await wall.screenshot({ path: '.tmp/shot-wall-signed-out.png' });
  // it stays until someone signs in again: 重新登录 leads to the sign-in and back to the wall
  await notice.getByRole('button', { name: '重新登录' }).click();
  await expect(wall).toHaveURL(/\/login\.html\?returnUrl=%2Ffullchart\.html$/, { timeout: 15_000 });
  await context.close();
  await elsewhere.context().close();
});

/** Every drawn row of the queue lies inside the list: none is cut off by the footer or the panel. */
async function rowsInside(page: Page) {
  const list = await page.getByTestId('wall-alarms').boundingBox();
  const rows = await page
    .getByTestId('wall-alarm-row')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().bottom));
  expect(list).not.toBeNull();
  expect(rows.length).toBeGreaterThan(0);
  for (const bottom of rows) expect(bottom).toBeLessThanOrEqual((list?.y ?? 0) + (list?.height ?? 0) + 0.5);
  // the place sends the nurse: it is never cut off (the resident's name gives way first)
  const places = await page.locator('[data-testid="wall-alarm-row"] .wall-alarm-place').evaluateAll((els) =>
    els.map((e) => {
      const line = e.parentElement?.getBoundingClientRect();
      const box = e.getBoundingClientRect();
      return {
        text: e.textContent,
        whole: e.scrollWidth <= e.clientWidth + 0.5 && box.right <= (line?.right ?? 0) + 0.5,
      };
    }),
  );
  expect(places.filter((p) => !p.whole)).toEqual([]);
}

test('the queue shows whole rows at every size, counts the hidden ones with the unacknowledged, and opens them all', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
  await signIn(page, ADMIN, '护理一部');
  await page.goto('/fullchart.html');
  await expect(page.getByTestId('wall')).toBeVisible();
  // fourteen SOS in the same second, on top of what the simulator has raised: more than 1366×768 holds
  await Promise.all(devicesOf(e2eDataDir, '护理一部', 14).map((d) => sos(e2ePort, d)));
  const more = page.getByTestId('wall-queue-more');
  await expect(more).toBeVisible({ timeout: 10_000 });
  await expect(more).toContainText(/另有 \d+ 条告警/);
  await rowsInside(page);
  // the count is what the server holds beyond the rows shown (the simulator may add alarms meanwhile)
  const rows = page.getByTestId('wall-alarm-row');
  await expect
    .poll(async () => {
      const hidden = Number((await more.textContent())?.match(/另有 (\d+) 条/)?.[1]);
      return (await openAlarms(page)).length - (await rows.count()) - hidden;
    })
    .toBe(0);
  // no acknowledged alarm is shown while an unacknowledged one is hidden
  if (Number(await more.getAttribute('data-unacked')) > 0)
    await expect(rows.filter({ hasText: '已确认' })).toHaveCount(0);
  await page.screenshot({ path: '.tmp/shot-wall-1366.png' });

  await more.click();
  await expect.poll(async () => (await openAlarms(page)).length - (await rows.count())).toBe(0);
  await page.getByTestId('wall-queue-less').click();
  await expect(more).toBeVisible();

  for (const size of [
    { width: 1920, height: 1080 },
    { width: 3840, height: 2160 },
  ]) {
    await page.setViewportSize(size);
    await expect(async () => rowsInside(page)).toPass();
    await page.screenshot({ path: `.tmp/shot-wall-${size.width}.png` });
  }
});
