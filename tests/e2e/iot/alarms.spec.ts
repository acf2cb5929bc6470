import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { deviceOf, e2eDataDir, e2ePort, ownServer, quietDevice, sos } from '../realtime.js';
import { ADMIN, NURSE, signIn } from '../support.js';

// Contexts a test opens itself would keep their pages running (a wall draws its map every second)
// through every later test: close them all when a test ends.
test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

const OTHER_ORG = { loginName: 'cq_admin', password: 'Admin@2026' };

/** The live row of an alarm of this device, on the positioning alarm console. */
const rowOf = (page: Page, deviceName: string) =>
  page
    .getByTestId('live-alarms')
    .getByTestId('alarm-row')
    // The device cell exactly: 手表41, not 手表410 (the row's text runs 手表41 into its count).
    .filter({ has: page.getByRole('cell', { name: deviceName, exact: true }) });

async function deviceName(page: Page, deviceId: number) {
  const res = await page.request.get('/loms/web-lo/pnt/device/list/rt', {
    headers: {
      authorization: await page.evaluate(
        () => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token,
      ),
    },
  });
  const list = (await res.json()).result as { deviceId: number; deviceName: string }[];
  return list.find((d) => d.deviceId === deviceId)?.deviceName ?? '';
}

test('a device alarm reaches two consoles within 2 s; handled in one, it leaves the other; another organisation never sees it', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  const nurse = await (await browser.newContext()).newPage();
  const other = await (await browser.newContext()).newPage();
  await signIn(admin, ADMIN, '护理一部');
  await signIn(nurse, NURSE, '护理一部');
  await signIn(other, OTHER_ORG, '院办');
  for (const page of [admin, nurse, other]) {
    await page.goto('/#/yunmuIot/locateAlarm');
    await expect(page.getByTestId('health-light')).toHaveAttribute('data-state', 'ok');
  }
  const device = quietDevice(e2eDataDir, '护理一部');
  const name = await deviceName(admin, device.deviceId);
  expect(name).not.toBe('');

  const sent = Date.now();
  await sos(e2ePort, device);
  await expect(rowOf(admin, name)).toBeVisible({ timeout: 2_000 });
  await expect(rowOf(nurse, name)).toBeVisible({ timeout: 2_000 });
  expect(Date.now() - sent).toBeLessThan(2_000);
  await expect(rowOf(admin, name)).toContainText('SOS报警');
  // The other organisation has devices of the same names (每个机构的 手环23): the alarm is told by its record.
  const recordId = await rowOf(admin, name).getAttribute('data-record-id');
  expect(recordId).toMatch(/^\d+$/);
  const theirRow = other.locator(`[data-testid="alarm-row"][data-record-id="${recordId}"]`);
  await expect(theirRow).toHaveCount(0);
  await expect(admin.getByTestId('alarm-sound')).toHaveAttribute('data-sounding', 'true');

  // Acknowledge, then handle with a note in the admin's console.
  await rowOf(admin, name).getByRole('button', { name: '确认' }).click();
  await expect(rowOf(nurse, name)).not.toContainText('未确认');
  await rowOf(admin, name).getByRole('button', { name: '处理' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: '确定' })).toBeDisabled();
  await dialog.getByLabel('处理说明').fill('已到房间，长者误按，安好');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(rowOf(admin, name)).toHaveCount(0);
  await expect(rowOf(nurse, name)).toHaveCount(0);

  // The history shows who handled it and how.
  await nurse.getByRole('tab', { name: '历史记录' }).click();
  // (open alarms come first in the history: other tests' may fill its first page)
  const history = nurse.getByTestId('alarm-history');
  await history.getByRole('combobox', { name: '状态' }).selectOption({ label: '已处理' });
  await history.getByRole('button', { name: '查询' }).click();
  await expect(history).toContainText('已到房间，长者误按，安好');

  // The other organisation's console never showed it.
  await expect(theirRow).toHaveCount(0);
  const theirs = await other.request.get('/loms/di-lo/alarm/sendUnhandledAlarms', {
    headers: {
      authorization: await other.evaluate(
        () => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token,
      ),
    },
  });
  const list = (await theirs.json()).result as { orgId: number }[];
  expect(list.every((a) => a.orgId !== 1)).toBe(true);
});

test('after a server restart the console reconnects and shows the alarms raised meanwhile, none twice', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const port = e2ePort + 100;
  const dataDir = `.tmp/e2e-restart-${port}`;
  const server = ownServer(port, dataDir);
  server.reset();
  await server.start();
  try {
    const page = await (await browser.newContext({ baseURL: server.base })).newPage();
    await signIn(page, ADMIN, '护理一部');
    await page.goto('/#/yunmuIot/locateAlarm');
    await expect(page.getByTestId('health-light')).toHaveAttribute('data-state', 'ok');
    const device = deviceOf(dataDir, '护理一部');
    const name = await deviceName(page, device.deviceId);
    await sos(port, device);
    await expect(rowOf(page, name)).toHaveCount(1);

    await server.stop();
    await expect(page.getByTestId('health-light')).toHaveAttribute('data-state', 'down');
    // the whole console says so, not only the lights (issue #18 item 3)
    await expect(page.getByTestId('stale-banner')).toContainText('连接中断');
    await server.start();
    // Raised while the console is still reconnecting: a second device, and the first one again.
    const second = deviceOf(dataDir, '护理一部', ['band', 'watch'].reverse());
    const others = deviceOf(dataDir, '护理一部', ['band']);
    const target = second.deviceId === device.deviceId ? others : second;
    const targetName = await (async () => {
      const res = await fetch(`${server.base}/passport/web-rbac/logins/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginName: NURSE.loginName, loginPassword: NURSE.password }),
      });
      const token = (await res.json()).result.token as string;
      const list = await fetch(`${server.base}/loms/web-lo/pnt/device/list/rt`, {
        headers: { authorization: token },
      });
      return ((await list.json()).result as { deviceId: number; deviceName: string }[]).find(
        (d) => d.deviceId === target.deviceId,
      )?.deviceName;
    })();
    await sos(port, target);
    await sos(port, device);

    await expect(page.getByTestId('health-light')).toHaveAttribute('data-state', 'ok', { timeout: 45_000 });
    await expect(page.getByTestId('stale-banner')).toHaveCount(0);
    await expect(rowOf(page, targetName ?? '?')).toHaveCount(1);
    await expect(rowOf(page, name)).toHaveCount(1);
    await expect(rowOf(page, name)).toContainText('2'); // the re-trigger counted on the same record
    await expect(page.getByTestId('count-open')).toHaveText('未处理 2');
  } finally {
    await server.stop();
  }
});

test('the workbench counts open alarms live and lists devices online by kind', async ({ page }) => {
  await signIn(page, ADMIN, '护理一部');
  await page.goto('/#/home');
  const overview = page.getByTestId('device-overview');
  await expect(overview.getByTestId('overview-devices')).toContainText('智能床垫');
  await expect(overview.getByTestId('overview-devices')).toContainText('手表');
  const figure = overview.getByTestId('overview-open-alarms').locator('strong');
  await expect(figure).toHaveText(/^\d+$/);
  // Wait for the live store to settle on the server's open alarms, then raise one more.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const onServer = async () =>
    (
      (
        await (
          await page.request.get('/loms/di-lo/alarm/sendUnhandledAlarms', {
            headers: { authorization: token },
          })
        ).json()
      ).result as unknown[]
    ).length;
  await expect.poll(async () => Number(await figure.textContent()) - (await onServer())).toBe(0);
  const before = Number(await figure.textContent());
  // A device of the other nursing department with no open alarm (a repeat would join it, not add one):
  // the administrator sees every department.
  await sos(e2ePort, quietDevice(e2eDataDir, '护理二部'));
  await expect
    .poll(async () => Number(await figure.textContent()), { timeout: 5_000 })
    .toBeGreaterThan(before);
  await overview.getByTestId('overview-open-alarms').click();
  await expect(page).toHaveURL(/#\/yunmuIot\/locateAlarm/);
});
