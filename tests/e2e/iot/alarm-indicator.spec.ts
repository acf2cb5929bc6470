import { expect } from '@playwright/test';
import { IotPaths } from '../../../domain/api/iot.js';
import { test } from '../fixtures.js';
import { deviceOf, devicesOf, e2ePort, layOpenAlarms, ownServer, sos } from '../realtime.js';
import { ADMIN, api, NURSE, signIn } from '../support.js';

test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

declare global {
  interface Window {
    __oscillators: number;
    __calls: number;
    /** Every tone started: its wave (triangle: an arrival's call, sine: the latching round) and pitch. */
    __tones: { type: OscillatorType; hz: number }[];
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

test('each severity rings in its own tone, the most severe waiting one leading; 消音 ends by itself after five minutes and what is still unacknowledged rings again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const port = e2ePort + 111;
  const dataDir = `.tmp/e2e-tones-${port}`;
  const server = ownServer(port, dataDir);
  await server.seed();
  // an SOS (紧急), a 防拆报警 (重要) and a 尿湿 (一般), unacknowledged; no escalation while the test runs
  const [sosAlarm, tamper] = layOpenAlarms(dataDir, 2, { sources: ['pnt'], escalateAfterMinutes: 120 });
  layOpenAlarms(dataDir, 1, { sources: ['mattress'], mattressTypes: ['5'], escalateAfterMinutes: 120 });
  if (sosAlarm?.alarmType !== 'sos' || tamper?.alarmType !== 'tamperAlarm')
    throw new Error('an SOS and a 防拆报警 expected');
  await server.start();
  try {
    const context = await browser.newContext({ baseURL: server.base });
    await context.addInitScript(() => {
      window.__tones = [];
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
        window.__tones.push({ type: this.type, hz: Math.round(this.frequency.value) });
        start.call(this, when);
      };
    });
    const page = await context.newPage();
    // the page's clock: the silence's five minutes pass at once
    await page.clock.install();
    await signIn(page, ADMIN);
    await page.goto('/#/expense/accountBill');
    const indicator = page.getByTestId('alarm-indicator-button');
    await expect(page.getByTestId('alarm-indicator-count')).toHaveText('3');
    await expect(indicator).toHaveAttribute('data-sounding', 'true');
    /** The pitches of the latching beeps started so far (sine: arrival calls are triangles). */
    const beeps = () => page.evaluate(() => window.__tones.filter((t) => t.type === 'sine').map((t) => t.hz));
    // the SOS leads: its round is the highest tone (sound.ts PATTERN: 1046 Hz 紧急, 880 重要, 660 一般)
    await expect.poll(beeps).toContain(1046);
    expect(new Set(await beeps())).toEqual(new Set([1046]));
    // acknowledged elsewhere, one by one: the next round rings in the tone of the most severe still waiting
    await api(page, 'POST', IotPaths.alarmAck, { recordId: sosAlarm.recordId });
    await expect.poll(beeps, { timeout: 20_000 }).toContain(880);
    await api(page, 'POST', IotPaths.alarmAck, { recordId: tamper.recordId });
    await expect.poll(beeps, { timeout: 20_000 }).toContain(660);
    expect((await beeps()).slice((await beeps()).indexOf(660))).not.toContain(880);

    // 消音: the 尿湿 ringing now falls silent, for five minutes
    await indicator.click();
    const panel = page.getByTestId('alarm-indicator-panel');
    await panel.getByTestId('alarm-silence').click();
    await expect(indicator).toHaveAttribute('data-sounding', 'false');
    await expect(panel.getByTestId('alarm-indicator-sound')).toContainText('已消音 1 条至');
    const silencedAt = (await beeps()).length;
    await page.clock.fastForward('04:00');
    await expect(panel.getByTestId('alarm-indicator-sound')).toContainText('已消音 1 条至');
    await expect(indicator).toHaveAttribute('data-sounding', 'false');
    expect((await beeps()).length).toBe(silencedAt);
    // the five minutes are over: the 尿湿, still unacknowledged, rings again in its own tone
    await page.clock.fastForward('01:05');
    await expect(indicator).toHaveAttribute('data-sounding', 'true');
    await expect(panel.getByTestId('alarm-indicator-sound')).not.toContainText('已消音');
    await expect.poll(async () => (await beeps()).slice(silencedAt)).toContain(660);
  } finally {
    await server.stop();
  }
});
