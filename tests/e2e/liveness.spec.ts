import { expect, test } from '@playwright/test';
import { e2ePort, ownServer } from './realtime.js';
import { ADMIN, signIn } from './support.js';

test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

test('offline for 10 s turns the console and the wall stale at once, never "no alarms", and back when online', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // a server of its own without the simulator: no alarm is open, so both say 没有未处理的告警 while live
  const port = e2ePort + 120;
  const server = ownServer(port, `.tmp/e2e-liveness-${port}`);
  server.reset();
  await server.start();
  try {
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1366, height: 768 },
    });
    const console_ = await context.newPage();
    await signIn(console_, ADMIN, '护理一部');
    await console_.goto('/#/yunmuIot/locateAlarm');
    const wall = await context.newPage();
    await wall.goto('/fullchart.html');
    await expect(console_.getByTestId('health-light')).toHaveAttribute('data-state', 'ok');
    await expect(console_.getByTestId('no-open-alarms')).toBeVisible();
    await expect(wall.getByTestId('wall-queue-empty')).toBeVisible();
    await expect(wall.getByTestId('wall-health')).toHaveAttribute('data-state', 'ok');
    for (const page of [console_, wall]) await expect(page.getByTestId('stale-banner')).toHaveCount(0);

    await context.setOffline(true);
    // at once: the browser's offline event, not a timeout
    for (const page of [console_, wall])
      await expect(page.getByTestId('stale-banner')).toContainText('连接中断：网络已断开', {
        timeout: 2_000,
      });
    await expect(console_.getByTestId('health-light')).toHaveAttribute('data-state', 'down');
    await expect(console_.getByTestId('health-light')).toContainText('推送 网络断开');
    await expect(wall.getByTestId('wall-health')).toHaveAttribute('data-state', 'down');
    await expect(console_.getByTestId('alarm-indicator-button')).toHaveText('告警 ?');
    // stale: never 'no alarms'
    await expect(console_.getByTestId('alarms-unknown')).toBeVisible();
    await expect(wall.getByTestId('wall-queue-unknown')).toBeVisible();
    await console_.getByTestId('alarm-indicator-button').click();
    await expect(console_.getByTestId('alarm-indicator-panel')).toContainText(
      '连接中断：无法确认是否有新告警',
    );
    await console_.keyboard.press('Escape');
    // ten seconds without data, as the banner counts them
    await expect(wall.getByTestId('stale-banner')).toContainText(/最后收到数据 (1\d|[2-9]\d) 秒前/, {
      timeout: 20_000,
    });
    await wall.screenshot({ path: '.tmp/shot-wall-stale.png' });
    await console_.screenshot({ path: '.tmp/shot-console-stale.png' });
    for (const page of [console_, wall]) await expect(page.getByText('当前没有未处理的告警')).toHaveCount(0);

    await context.setOffline(false);
    for (const page of [console_, wall])
      await expect(page.getByTestId('stale-banner')).toHaveCount(0, { timeout: 15_000 });
    await expect(console_.getByTestId('health-light')).toHaveAttribute('data-state', 'ok');
    await expect(wall.getByTestId('wall-health')).toHaveAttribute('data-state', 'ok');
    await expect(console_.getByTestId('no-open-alarms')).toBeVisible();
    await expect(wall.getByTestId('wall-queue-empty')).toBeVisible();
    await expect(console_.getByTestId('alarm-indicator-button')).toHaveText('告警 0');
  } finally {
    await server.stop();
  }
});
