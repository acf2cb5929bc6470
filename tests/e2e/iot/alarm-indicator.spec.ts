import { expect, test } from '@playwright/test';
import { deviceOf, devicesOf, e2ePort, ownServer, sos } from '../realtime.js';
import { ADMIN, NURSE, signIn } from '../support.js';

test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

declare global {
  interface Window {
    __oscillators: number;
    __calls: number;
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
      window.__calls = 0;
      const make = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        window.__oscillators += 1;
        const osc = make.call(this);
        // an arrival call's tones are triangles (src/alarm/sound.ts), the latching beeps sines
        let type = osc.type;
        Object.defineProperty(osc, 'type', {
          get: () => type,
          set: (t: OscillatorType) => {
            type = t;
            if (t === 'triangle') window.__calls += 1;
          },
        });
        return osc;
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

    // 消音 silences what rings now and says until when; 紧急 cannot be switched off
    await indicator.click();
    const panel = clerk.getByTestId('alarm-indicator-panel');
    await expect(panel.getByRole('checkbox', { name: '紧急告警始终响铃' })).toBeDisabled();
    await clerk.screenshot({ path: '.tmp/shot-alarm-indicator.png' });
    await panel.getByTestId('alarm-silence').click();
    await expect(indicator).toHaveAttribute('data-sounding', 'false');
    await expect(panel.getByTestId('alarm-indicator-sound')).toContainText('已消音 1 条至');
    // a second SOS while silenced rings at once, with the arrival call (a rising pair, triangle tones)
    const calls = await clerk.evaluate(() => window.__calls);
    // (another watch of 护理一部: the nurse on the wall below sees that department only)
    const second = devicesOf(dataDir, '护理一部', 2).find(
      (d) => d.deviceId !== deviceOf(dataDir, '护理一部').deviceId,
    );
    if (!second) throw new Error('two watches of 护理一部 expected');
    await sos(port, second);
    await expect(indicator).toHaveAttribute('data-sounding', 'true');
    await expect.poll(() => clerk.evaluate(() => window.__calls)).toBeGreaterThan(calls);
    await expect(clerk.getByTestId('alarm-indicator-count')).toHaveText('2');
    await panel.getByRole('button', { name: '取消消音' }).click();
    await expect(panel.getByTestId('alarm-indicator-sound')).not.toContainText('已消音');

    // the newest alarm opens in 告警中心 with its detail
    await panel.getByTestId('alarm-indicator-newest').click();
    await expect(clerk).toHaveURL(/#\/yunmuIot\/locateAlarm$/);
    await expect(clerk.getByRole('dialog')).toContainText('SOS');
    await clerk.keyboard.press('Escape');

    // the control room (another user) acknowledges it on the wall: the clerk's console falls silent
    const wall = await (
      await browser.newContext({ baseURL: server.base, viewport: { width: 1920, height: 1080 } })
    ).newPage();
    await signIn(wall, NURSE, '护理一部');
    await wall.goto('/fullchart.html');
    const waiting = wall
      .getByTestId('wall-alarm-row')
      .filter({ has: wall.getByRole('button', { name: '确认' }) });
    await expect(waiting).toHaveCount(2);
    await waiting.first().getByRole('button', { name: '确认' }).click();
    await expect(waiting).toHaveCount(1);
    await waiting.first().getByRole('button', { name: '确认' }).click();
    await expect(waiting).toHaveCount(0);
    await expect(indicator).toHaveAttribute('data-sounding', 'false');
    await expect(indicator).toHaveText('告警 0');
  } finally {
    await server.stop();
  }
});
