import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { SimulatedDevice } from '../../../server/db/seedRealtime.js';
import { test } from '../fixtures.js';
import {
  e2eDataDir,
  e2ePort,
  type MapHook,
  mapDrawn,
  openMapCard,
  publishAsDevice,
  showFloor,
} from '../realtime.js';
import { ADMIN, signIn } from '../support.js';

interface LiveDevice {
  deviceId: number;
  oldmanName: string | null;
  buildingId: number | null;
  floorNo: number | null;
}

/** Markers on the floor shown, whatever their state: the legend's counts added up. */
const residentsShown = async (page: Page) =>
  ((await page.getByTestId('map-legend').textContent()) ?? '')
    .match(/\d+/g)
    ?.reduce((sum, n) => sum + Number(n), 0) ?? 0;

/**
 * The live map, connected and drawn, with residents on the first floor shown (the simulator's watches
 * and bands walk there; in alarm, maybe: a long run leaves fence alarms open on every walker of a floor
 * with a rail).
 */
async function openLiveMap(page: Page) {
  await signIn(page, ADMIN);
  await page.goto('/#/yunmuIot/elderPosition/realTime');
  // drawn first, then connected: the first draw holds the page's thread for seconds under software
  // WebGL (shader links in SwiftShader), and the broker's answer is read after it
  await mapDrawn(page);
  await expect(page.getByTestId('health-light')).toHaveAttribute('data-state', 'ok');
  await expect.poll(() => residentsShown(page)).toBeGreaterThan(0);
}

async function api<T>(page: Page, url: string): Promise<T> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.get(url, { headers: { authorization: token } });
  return (await res.json()).result as T;
}

test('residents move on the floor plan; clicking one opens their card with battery, trail and alarm state', async ({
  page,
}) => {
  await openLiveMap(page);

  const [building] = await api<{ buildingId: number }[]>(page, '/loms/web-lo/pnt/building');
  const live = await api<LiveDevice[]>(page, '/loms/web-lo/pnt/device/list/rt');
  const target = live.find((d) => d.buildingId === building?.buildingId && d.floorNo === 1 && d.oldmanName);
  if (!target) throw new Error('no resident on the first floor');
  const sameFloor = live
    .filter((d) => d.buildingId === building?.buildingId && d.floorNo === 1)
    .map((d) => d.deviceId);
  await showFloor(page, building?.buildingId ?? 0, 1);
  const card = await openMapCard(page, target.deviceId, target.oldmanName ?? '', sameFloor);
  await expect(card).toContainText('电量');
  // online, or in one of the alarm states when the simulator (or an earlier test) raised one on this watch
  await expect(card).toContainText(/在线|告警|处理中|低电量/);
  // The trail grows as new positions arrive.
  await expect(card).toContainText(/轨迹：最近 5 分钟本层 ([2-9]|\d{2,}) 个定位点/, { timeout: 10_000 });

  // An SOS from the resident's watch turns the marker and the card to alarm.
  const devices = JSON.parse(
    readFileSync(join(e2eDataDir, 'simulator-devices.json'), 'utf8'),
  ) as SimulatedDevice[];
  const device = devices.find((d) => d.deviceId === target.deviceId);
  if (!device) throw new Error('no credentials for the device');
  await publishAsDevice(e2ePort, device, 'event', { ts: Date.now(), event: 'sos' });
  await expect(card.getByText('告警', { exact: true })).toBeVisible({ timeout: 5_000 });
  // the card says which alarm, how long it has waited, and that nobody has acknowledged it yet
  // (the SOS's line: the simulator may have raised another 紧急 on the resident's mattress meanwhile)
  await expect(card.getByTestId('elder-card-alarm').filter({ hasText: 'SOS报警' })).toContainText(
    /紧急 · 已等待 \d+:\d\d · 未确认/,
  );
  // an unacknowledged 紧急 alarm rings its marker with the name on top
  await expect
    .poll(() => page.evaluate(() => (window as MapHook).__floorMap?.scene.urgent ?? []))
    .toContain(target.deviceId);
  await page.screenshot({ path: '.tmp/shot-map-sos.png' });
  await expect(page.getByTestId('legend-alarm')).not.toHaveText(/告警 0$/);
  await card.getByRole('button', { name: '关闭' }).click();
  await expect(card).toBeHidden();

  // Ignore it again, so other specs start without this resident's alarm.
  const open = await api<{ recordId: number; deviceId: number; alarmType: string }[]>(
    page,
    '/loms/di-lo/alarm/sendUnhandledAlarms',
  );
  const mine = open.find((a) => a.deviceId === target.deviceId && a.alarmType === 'sos');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.post('/loms/web-lo/pnt/alarm/record/handle', {
    headers: { authorization: token },
    data: { recordId: mine?.recordId, status: 2 },
  });
  expect((await res.json()).code).toBe(0);
});

test("another floor takes the card and trail away; 查找长者 and an alarm's ?deviceId= bring a resident up on their floor", async ({
  page,
}) => {
  await openLiveMap(page);
  const [building] = await api<{ buildingId: number; floors: { floorNo: number }[] }[]>(
    page,
    '/loms/web-lo/pnt/building',
  );
  const live = await api<LiveDevice[]>(page, '/loms/web-lo/pnt/device/list/rt');
  const onFloor = (floorNo: number) =>
    live.filter((d) => d.buildingId === building?.buildingId && d.floorNo === floorNo && d.oldmanName);
  const target = onFloor(1)[0];
  const upstairs = (building?.floors ?? [])
    .map((f) => f.floorNo)
    .find((n) => n !== 1 && onFloor(n).length > 0);
  if (!target || upstairs === undefined) throw new Error('residents on two floors needed');
  await showFloor(page, building?.buildingId ?? 0, 1);
  const card = await openMapCard(
    page,
    target.deviceId,
    target.oldmanName ?? '',
    onFloor(1).map((d) => d.deviceId),
  );
  const scene = () =>
    page.evaluate(() => {
      const s = (window as MapHook).__floorMap?.scene;
      return { trail: s?.trail.length ?? -1, highlight: s?.highlight ?? null };
    });
  await expect.poll(async () => (await scene()).highlight).toBe(target.deviceId);

  // the bug: the card and the 1层 trail stayed on the 2层 plan
  await page.getByLabel('楼层').selectOption(String(upstairs));
  await expect(card).toBeHidden();
  await expect.poll(scene).toEqual({ trail: 0, highlight: null });

  // 查找长者: the resident's floor comes back with their card
  await page.getByTestId('resident-search').fill(target.oldmanName ?? '');
  await page
    .getByTestId('resident-search-results')
    .getByText(target.oldmanName ?? '', { exact: true })
    .first()
    .click();
  await expect(page.getByLabel('楼层')).toHaveValue('1');
  await expect(card).toContainText(target.oldmanName ?? '');

  // an alarm's 定位 (告警中心 links the map with ?deviceId=): someone upstairs, selected and centred
  const other = onFloor(upstairs)[0];
  await page.goto(`/#/yunmuIot/elderPosition/realTime?deviceId=${other?.deviceId}`);
  await expect(card).toContainText(other?.oldmanName ?? '?');
  // on the floor where the device is now (an earlier test may have placed a simulated watch elsewhere
  // for a moment; the simulator then walks it back home)
  const floorNow = async () =>
    String(
      (await api<LiveDevice[]>(page, '/loms/web-lo/pnt/device/list/rt')).find(
        (d) => d.deviceId === other?.deviceId,
      )?.floorNo,
    );
  await expect
    .poll(async () => (await page.getByLabel('楼层').inputValue()) === (await floorNow()))
    .toBe(true);
  await expect.poll(async () => (await scene()).highlight).toBe(other?.deviceId);
});

test('names that would overlap wait: zoomed out the map draws only names that fit and says how many wait; zoomed in they come back', async ({
  page,
}) => {
  await openLiveMap(page);
  /** The names drawn now, each with its marker's place on screen (read in one go, as drawn). */
  const drawn = () =>
    page.evaluate(() => {
      const map = (
        window as unknown as MapHook & {
          __floorMap: { shownNames: { deviceId: number; name: string }[] };
        }
      ).__floorMap;
      return map.shownNames.map((l) => ({ name: l.name, at: map.screenOf(l.deviceId) }));
    });
  const hidden = page.getByTestId('names-hidden');
  const hiddenNow = async () =>
    (await hidden.isVisible()) ? Number((await hidden.textContent())?.match(/\d+/)?.[0]) : 0;
  const zoom = () =>
    page.evaluate(() =>
      (window as unknown as { __floorMap: { map: { getZoom(): number } } }).__floorMap.map.getZoom(),
    );
  /** One click of the map's zoom button, waited for until the camera has settled one level on. */
  const zoomBy = async (levels: number) => {
    for (let i = 0; i < Math.abs(levels); i++) {
      const from = await zoom();
      await page.getByRole('button', { name: levels < 0 ? 'Zoom out' : 'Zoom in' }).click();
      await expect.poll(async () => Math.abs((await zoom()) - from - Math.sign(levels))).toBeLessThan(0.01);
    }
  };
  // three levels out, the first floor's residents (a dozen, in eight rooms and one corridor) crowd
  // together: most names wait
  await zoomBy(-3);
  await expect(hidden).toHaveText(/^\d+ 位长者的姓名因重叠未显示，放大地图可查看$/);
  // no two names drawn cover each other (a Chinese name is 12 px a character, 14 px high)
  const names = await drawn();
  for (const a of names)
    for (const b of names)
      if (a !== b && a.at && b.at)
        expect(
          Math.abs(a.at.x - b.at.x) >= (a.name.length + b.name.length) * 6 || Math.abs(a.at.y - b.at.y) >= 14,
          `${a.name} and ${b.name} overlap`,
        ).toBe(true);
  const hiddenOut = await hiddenNow();
  expect(hiddenOut).toBeGreaterThan(1);

  // zoomed in they spread out: fewer wait, more are drawn
  await zoomBy(3);
  await expect.poll(hiddenNow).toBeLessThan(hiddenOut);
});

test("an alarm's ?deviceId= keeps the resident's floor when the building list answers after the device list", async ({
  page,
}) => {
  await openLiveMap(page);
  const [building] = await api<{ buildingId: number; floors: { floorNo: number }[] }[]>(
    page,
    '/loms/web-lo/pnt/building',
  );
  const live = await api<LiveDevice[]>(page, '/loms/web-lo/pnt/device/list/rt');
  const upstairs = live.find(
    (d) => d.buildingId === building?.buildingId && d.floorNo !== 1 && d.floorNo !== null && d.oldmanName,
  );
  if (!upstairs) throw new Error('a resident above the first floor needed');
  // the bug: the default floor (the building's first) arrived late and replaced the resident's floor
  await page.route('**/loms/web-lo/pnt/building', async (route) => {
    const res = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the slow answer the race needs
    await route.fulfill({ response: res });
  });
  // the link opened in a fresh page (a desktop notification, a bookmark)
  await page.goto(`/#/yunmuIot/elderPosition/realTime?deviceId=${upstairs.deviceId}`);
  await page.reload();
  const card = page.getByTestId('elder-card');
  await expect(card).toContainText(upstairs.oldmanName ?? '?');
  await expect(page.getByLabel('楼层')).toHaveValue(String(upstairs.floorNo));
  await expect(card).toContainText(upstairs.oldmanName ?? '?');
});

test('behind another tab the map draws nothing while residents walk on; shown again, it draws where they are now', async ({
  page,
}) => {
  await openLiveMap(page);
  const live = await api<LiveDevice[]>(page, '/loms/web-lo/pnt/device/list/rt');
  const walkers = live.filter((d) => d.buildingId !== null).map((d) => d.deviceId);
  /** Where each walker's marker is (the map's table of positions, kept while hidden). */
  const places = () =>
    page.evaluate(
      (ids) => JSON.stringify(ids.map((id) => (window as MapHook).__floorMap?.screenOf(id) ?? null)),
      walkers,
    );
  const redraws = () => page.evaluate(() => (window as MapHook).__floorMap?.redraws ?? 0);

  // another screen in front: the 实时定位 tab stays open behind it
  const tab = page.getByTestId('tab').filter({ hasText: '实时定位' });
  await page.goto('/#/archives/manager2-1/index');
  await expect(tab).toHaveAttribute('data-active', 'false');
  const hiddenAt = await redraws();
  const before = await places();
  // the residents walked on (new positions reached the hidden page), and nothing was drawn for them
  await expect.poll(places, { timeout: 20_000 }).not.toBe(before);
  expect(await redraws()).toBe(hiddenAt);

  // back on 实时定位: drawn again, with the legend counting the residents
  await tab.getByRole('button', { name: '实时定位', exact: true }).click();
  await expect.poll(redraws).toBeGreaterThan(hiddenAt);
  await expect.poll(() => residentsShown(page)).toBeGreaterThan(0);
});
