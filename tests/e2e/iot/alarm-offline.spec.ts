import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { IotPaths } from '../../../domain/api/iot.js';
import { e2ePort, layOpenAlarms, ownServer } from '../realtime.js';
import { ADMIN, signIn } from '../support.js';

/**
 * Offline means unknown (issue #38 point 8): an acknowledgement lost on the way is sent again and
 * shows as waiting, never dropped without a word; while the link is down the counts say they are
 * unknown, the rows are dimmed and 确认 waits, saying why. A server of its own without the simulator.
 */

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
  server.reset();
  await server.start();
  await server.stop();
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
    await context.setOffline(false);
    await expect(counts).toHaveText('未处理 5', { timeout: 15_000 });
    await expect(ack).toBeEnabled();
  } finally {
    await server.stop();
  }
});
