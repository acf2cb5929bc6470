import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import {
  deviceById,
  e2eDataDir,
  e2ePort,
  type MapHook,
  mapDrawn,
  publishAsDevice,
  sos,
} from '../realtime.js';
import { ADMIN, signIn } from '../support.js';

/**
 * Alarm ↔ map (issue #38 point 6), as the operator (the administrator): 在地图上查看 on every row of the
 * console brings the one 实时定位 tab up with the alarm's resident selected on their floor; the floor
 * picker counts each floor's open alarms; the card acknowledges and handles through the alarm list's own
 * calls and dialog, and closes with Esc (a dialog's Esc closes only the dialog); a resident with an
 * unacknowledged alarm is never 处理中; the trail shows its way and times. Screenshot
 * .tmp/shot-alarm-map.png. The worker's server with its simulator: the residents walk.
 */

interface LiveDevice {
  deviceId: number;
  oldmanId: number | null;
  oldmanName: string | null;
  kindName: string;
  buildingId: number | null;
  floorNo: number | null;
  lng: number | null;
  lat: number | null;
}
interface OpenAlarm {
  recordId: number;
  deviceId: number;
  oldmanId: number | null;
  alarmType: string;
  buildingId: number | null;
  floorNo: number | null;
  ackTime: number | null;
  status: number;
}

async function token(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
}
async function api<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: { authorization: await token(page) } });
  return (await res.json()).result as T;
}
const openAlarms = (page: Page) => api<OpenAlarm[]>(page, '/loms/di-lo/alarm/sendUnhandledAlarms');

test('在地图上查看 on every console row opens the map on the resident; the card acknowledges and handles, closes with Esc; floors count their alarms; never 处理中 while an alarm waits; the trail has its way and times', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, ADMIN);
  await page.goto('/#/yunmuIot/elderPosition/realTime');
  await mapDrawn(page);

  // a resident walking now (most stand still most of the time: a trail's way shows only where they
  // walked), one watch, no open alarm of theirs (the simulator's or an earlier test's); the map has been
  // open since before, so it has their trail
  const first = await api<LiveDevice[]>(page, '/loms/web-lo/pnt/device/list/rt');
  let found = undefined as LiveDevice | undefined;
  await expect
    .poll(async () => {
      const [live, open] = await Promise.all([
        api<LiveDevice[]>(page, '/loms/web-lo/pnt/device/list/rt'),
        openAlarms(page),
      ]);
      const busy = new Set(open.flatMap((a) => [a.deviceId, -(a.oldmanId ?? 0)]));
      found = live.find((d) => {
        const before = first.find((x) => x.deviceId === d.deviceId);
        return (
          d.oldmanName &&
          d.oldmanId !== null &&
          d.floorNo !== null &&
          before?.floorNo === d.floorNo &&
          (before.lng !== d.lng || before.lat !== d.lat) &&
          !busy.has(d.deviceId) &&
          !busy.has(-d.oldmanId) &&
          live.filter((x) => x.oldmanId === d.oldmanId).length === 1
        );
      });
      return found !== undefined;
    })
    .toBe(true);
  const target = found;
  if (!target) throw new Error('no quiet resident walking');
  const device = deviceById(e2eDataDir, target.deviceId);
  await sos(e2ePort, device);
  let sosId = 0;
  await expect
    .poll(async () => {
      sosId =
        (await openAlarms(page)).find((a) => a.deviceId === target.deviceId && a.alarmType === 'sos')
          ?.recordId ?? 0;
      return sosId;
    })
    .toBeGreaterThan(0);

  // the console: every row has 在地图上查看; the SOS's opens the map tab that is already open
  await page.goto('/#/yunmuIot/allAlarms');
  const rows = page.getByTestId('live-alarms').getByTestId('alarm-row');
  const row = rows.and(page.locator(`[data-record-id="${sosId}"]`));
  await expect(row).toBeVisible();
  await expect
    .poll(async () => (await rows.count()) === (await page.getByTestId('alarm-locate').count()))
    .toBe(true);
  await row.getByRole('button', { name: '在地图上查看' }).click();
  const card = page.getByTestId('elder-card');
  await expect(card).toContainText(target.oldmanName ?? '?');
  await expect(page.getByTestId('page-position-map')).toBeVisible();
  // one map tab, not a second one for the alarm
  await expect(page.getByTestId('tabbar').getByTestId('tab').filter({ hasText: '实时定位' })).toHaveCount(1);
  await expect
    .poll(() => page.evaluate(() => (window as MapHook).__floorMap?.scene.highlight ?? null))
    .toBe(target.deviceId);

  // the floor picker: each floor says its open alarms, as the server counts them (the simulator's come
  // and go: the two read together until they agree)
  const floors = page.getByLabel('楼层');
  await expect
    .poll(async () => {
      const [shown, all] = await Promise.all([
        floors.locator('option').evaluateAll((options) =>
          options.map((o) => ({
            floorNo: Number((o as HTMLOptionElement).value),
            open: Number(o.getAttribute('data-alarms')),
            text: o.textContent ?? '',
          })),
        ),
        openAlarms(page),
      ]);
      const buildingId = Number(await page.getByLabel('楼栋').inputValue());
      return shown.every((o) => {
        const n = all.filter((a) => a.buildingId === buildingId && a.floorNo === o.floorNo).length;
        return o.open === n && (n === 0 ? !o.text.includes('告警') : o.text.includes(`告警 ${n}`));
      });
    })
    .toBe(true);
  const floorOfSos = (await openAlarms(page)).find((a) => a.recordId === sosId);
  const sosOption = floors.locator(`option[value="${floorOfSos?.floorNo}"]`);
  await expect(sosOption).toHaveText(/告警 \d+（未确认 \d+）/);

  // the card's SOS: 未确认, with 确认 and 处理; the resident is 告警
  const sosLine = card.locator(`[data-testid="elder-card-alarm"][data-record-id="${sosId}"]`);
  await expect(sosLine).toContainText('未确认');
  await expect(card.getByTestId('elder-state')).toHaveText('告警');

  // the trail: its time marks and arrows on the map, its start time on the card
  await expect(card.getByTestId('elder-trail')).toContainText(
    /最近 5 分钟本层 \d+ 个定位点，自 \d{2}:\d{2}:\d{2} 起，箭头为行走方向/,
  );
  await expect
    .poll(() =>
      page.evaluate(() => {
        const marks =
          (window as unknown as { __floorMap?: { scene: { trailMarks: { kind: string }[] } } }).__floorMap
            ?.scene.trailMarks ?? [];
        return {
          times: marks.some((m) => m.kind === 'time'),
          arrows: marks.some((m) => m.kind === 'arrow'),
        };
      }),
    )
    .toEqual({ times: true, arrows: true });
  await page.screenshot({ path: '.tmp/shot-alarm-map.png' });

  // 确认 on the card: the alarm list's call; the server has it acknowledged by the operator
  await sosLine.getByRole('button', { name: '确认', exact: true }).click();
  await expect(sosLine).toContainText('已确认');
  await expect(sosLine.getByRole('button', { name: '确认', exact: true })).toHaveCount(0);
  await expect
    .poll(async () => (await openAlarms(page)).find((a) => a.recordId === sosId)?.ackTime ?? null)
    .not.toBeNull();

  // a new 低电量 (一般) from the same watch while the SOS is in hand: the resident is not 处理中
  await publishAsDevice(e2ePort, device, 'battery', { ts: Date.now(), level: 5 });
  const waiting = card.locator('[data-testid="elder-card-alarm"]', { hasText: '未确认' });
  await expect(waiting).not.toHaveCount(0);
  await expect(card.getByTestId('elder-state')).toHaveText('告警');

  // 处理 on the card: the alarm list's dialog; Esc there closes the dialog only
  await sosLine.getByRole('button', { name: '处理', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '处理告警' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();
  await sosLine.getByRole('button', { name: '处理', exact: true }).click();
  await dialog.getByTestId('handle-presets').getByRole('button').first().click();
  await expect(sosLine).toHaveCount(0);
  await expect.poll(async () => (await openAlarms(page)).some((a) => a.recordId === sosId)).toBe(false);

  // the 低电量 acknowledged as well: nothing of theirs waits (a 一般 alarm alone does not paint them red)
  const low = (await openAlarms(page)).find(
    (a) => a.deviceId === target.deviceId && a.alarmType === 'lowPowerAlarm',
  );
  const lowLine = card.locator(`[data-testid="elder-card-alarm"][data-record-id="${low?.recordId}"]`);
  await lowLine.getByRole('button', { name: '确认', exact: true }).click();
  await expect(lowLine).toContainText('已确认');
  // (the simulator's walker may have raised one of their own meanwhile, a fence alarm: the rule holds)
  const waitingNow = () => card.locator('[data-testid="elder-card-alarm"]', { hasText: '未确认' }).count();
  await expect
    .poll(async () => {
      const [unacked, state] = await Promise.all([
        waitingNow(),
        card.getByTestId('elder-state').textContent(),
      ]);
      return unacked > 0 ? state === '告警' : state !== '告警';
    })
    .toBe(true);

  // Esc closes the card
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();

  // the resident's open alarms ignored, so other specs start without them
  for (const a of (await openAlarms(page)).filter((x) => x.deviceId === target.deviceId)) {
    const res = await page.request.post('/loms/web-lo/pnt/alarm/record/handle', {
      headers: { authorization: await token(page) },
      data: { recordId: a.recordId, status: 2, handleNote: '测试结束' },
    });
    expect((await res.json()).code).toBe(0);
  }
});
