import { expect, test } from '@playwright/test';
import { deviceOf, e2ePort, ownServer, sos } from './realtime.js';
import { ADMIN, NURSE, signIn } from './support.js';

test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

declare global {
  interface Window {
    __oscillators: number;
  }
}

test('an SOS raised while the operator is in 费用账单 shows in the header and sounds; opened from there; acknowledged on the wall, it falls silent', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // a server of its own without the simulator: this SOS is the only alarm
  const port = e2ePort + 110;
  const dataDir = `.tmp/e2e-indicator-${port}`;
  const server = ownServer(port, dataDir);
  server.reset();
  await server.start();
  try {
    const context = await browser.newContext({ baseURL: server.base });
    // the audio graph: every beep is an oscillator
    await context.addInitScript(() => {
      window.__oscillators = 0;
      const make = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        window.__oscillators += 1;
        return make.call(this);
      };
    });
    const clerk = await context.newPage();
    await signIn(clerk, ADMIN, '护理一部');
    await clerk.goto('/#/expense/accountBill');
    const indicator = clerk.getByTestId('alarm-indicator-button');
    await expect(indicator).toHaveText('告警 0');
    await expect(indicator).toHaveAttribute('data-sounding', 'false');

    const sent = Date.now();
    await sos(port, deviceOf(dataDir, '护理一部'));
    await expect(clerk.getByTestId('alarm-indicator-count')).toHaveText('1', { timeout: 2_000 });
    expect(Date.now() - sent).toBeLessThan(2_000);
    await expect(clerk.getByTestId('alarm-indicator-latest')).toContainText('紧急');
    await expect(indicator).toHaveAttribute('data-sounding', 'true');
    await expect.poll(() => clerk.evaluate(() => window.__oscillators)).toBeGreaterThan(0);
    // still the bill page: nothing else moved
    await expect(clerk).toHaveURL(/#\/expense\/accountBill/);

    // a mute ends the sound at once and says until when; taking it back sounds again
    await indicator.click();
    const panel = clerk.getByTestId('alarm-indicator-panel');
    await clerk.screenshot({ path: '.tmp/shot-alarm-indicator.png' });
    await panel.getByRole('button', { name: '静音5分钟' }).click();
    await expect(indicator).toHaveAttribute('data-sounding', 'false');
    await expect(panel.getByTestId('alarm-indicator-sound')).toContainText('静音至');
    await panel.getByRole('button', { name: '取消静音' }).click();
    await expect(indicator).toHaveAttribute('data-sounding', 'true');

    // the newest alarm opens in 告警中心 with its detail
    await panel.getByTestId('alarm-indicator-newest').click();
    await expect(clerk).toHaveURL(/#\/yunmuIot\/locateAlarm\?recordId=\d+/);
    await expect(clerk.getByRole('dialog')).toContainText('SOS');
    await clerk.keyboard.press('Escape');

    // the control room (another user) acknowledges it on the wall: the clerk's console falls silent
    const wall = await (
      await browser.newContext({ baseURL: server.base, viewport: { width: 1920, height: 1080 } })
    ).newPage();
    await signIn(wall, NURSE, '护理一部');
    await wall.goto('/fullchart.html');
    const row = wall.getByTestId('wall-alarm-row').first();
    await row.getByRole('button', { name: '确认' }).click();
    await expect(indicator).toHaveAttribute('data-sounding', 'false');
    await expect(indicator).toHaveText('告警 0');
  } finally {
    await server.stop();
  }
});
