import { join } from 'node:path';
import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
import { test } from '../fixtures.js';
import { e2ePort, layOpenAlarms, ownServer } from '../realtime.js';
import { ADMIN, signIn } from '../support.js';

/**
 * Rows stay where the operator's hand is (issue #38 point 5): after 确认 the row keeps its place and
 * its slot, so a double click never acknowledges the next alarm, and the next row's 确认 stays under the
 * hand that moves to it; the rows take their places in the order once the pointer leaves the list.
 * 确认并处理 in one click with a common note, and the history calls an acknowledged open alarm 已确认.
 * A server of its own without the simulator: every alarm is the test's.
 */

test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

type Stored = { recordId: number; ackTime: number | null; status: number; handleNote: string | null };
function stored(dataDir: string, recordId: number): Stored {
  const db = new Database(join(dataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select recordId, ackTime, status, handleNote from alarmRecord where recordId = ?')
      .get(recordId) as Stored;
  } finally {
    db.close();
  }
}
function ackedCount(dataDir: string) {
  const db = new Database(join(dataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (
      db.prepare('select count(*) as n from alarmRecord where ackTime is not null').get() as { n: number }
    ).n;
  } finally {
    db.close();
  }
}

test('a double click on 确认 acknowledges one alarm: the row keeps its place and its slot until the pointer leaves the list, and the next row’s 确认 stays under the hand; 确认并处理 in one click; the history says 已确认', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const port = e2ePort + 180;
  // its own port, two apart from every other spec's (one per worker): e2ePort differs by worker
  const dataDir = `.tmp/e2e-rows-stay-${port}`;
  const server = ownServer(port, dataDir);
  await server.seed();
  // nine 尿湿 (一般) on mattresses, every third acknowledged: one severity, so 确认 moves a row down
  layOpenAlarms(dataDir, 9, { sources: ['mattress'], mattressTypes: ['5'] });
  await server.start();
  try {
    const page = await (
      await browser.newContext({ baseURL: server.base, viewport: { width: 1366, height: 768 } })
    ).newPage();
    await signIn(page, ADMIN);
    await page.goto('/#/yunmuIot/alarm');
    const rows = page.getByTestId('live-alarms').getByTestId('alarm-row');
    await expect(rows).toHaveCount(9);
    const order = () => rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-record-id'))));
    const before = await order();
    const first = rows.first();
    const firstId = before[0] ?? 0;
    await expect(first).toContainText('未确认');
    const acked = ackedCount(dataDir);

    // a double click where 确认 is: one acknowledgement, the row stays on top with 已确认 in the slot
    await first.getByRole('button', { name: '确认', exact: true }).dblclick();
    await expect(first).not.toContainText('未确认');
    await expect(first).toHaveAttribute('data-record-id', String(firstId));
    await expect(first.getByTestId('acked-slot')).toBeDisabled();
    await expect.poll(() => stored(dataDir, firstId).ackTime).not.toBeNull();
    expect(ackedCount(dataDir)).toBe(acked + 1);
    expect((await order()).slice(1)).toEqual(before.slice(1));
    await expect(rows.nth(1)).toContainText('未确认');

    // the hand goes down to the next row's 确认 and clicks: nothing moves under it (the held row used to
    // let go as the pointer entered the next row, the rows moved up and the click acknowledged the alarm
    // below the one aimed at)
    const nextId = before[1] ?? 0;
    const below = before[2] ?? 0;
    const next = page.locator(`tr[data-record-id="${nextId}"]`);
    const box = await next.getByRole('button', { name: '确认', exact: true }).boundingBox();
    if (!box) throw new Error('the next row has no 确认');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // a render turn for what the pointer's arrival set off, as the operator's hand takes before the click
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    await page.mouse.down();
    await page.mouse.up();
    await expect(next).not.toContainText('未确认');
    await expect.poll(() => stored(dataDir, nextId).ackTime).not.toBeNull();
    expect(stored(dataDir, below).ackTime).toBeNull();
    expect(ackedCount(dataDir)).toBe(acked + 2);
    expect((await order()).slice(0, 2)).toEqual([firstId, nextId]);

    // the pointer leaves the list: the rows take their places among the acknowledged ones
    await page.mouse.move(5, 5);
    await expect.poll(async () => (await order())[0]).not.toBe(firstId);
    await expect.poll(async () => (await order()).indexOf(firstId)).toBeGreaterThan(3);
    await expect.poll(async () => (await order()).indexOf(nextId)).toBeGreaterThan(3);

    // 处理 on an alarm nobody acknowledged: 确认并处理, one click on a common note
    const second = rows.first();
    const secondId = Number(await second.getAttribute('data-record-id'));
    await expect(second).toContainText('未确认');
    await second.getByRole('button', { name: '处理', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '确认并处理告警' });
    await expect(dialog.getByRole('button', { name: '确认并处理' })).toBeDisabled();
    await page.screenshot({ path: '.tmp/shot-ack-and-handle.png' });
    await dialog.getByTestId('handle-presets').getByRole('button', { name: '已到场查看，长者安好' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator(`tr[data-record-id="${secondId}"]`)).toHaveCount(0);
    const handled = stored(dataDir, secondId);
    expect(handled.status).toBe(3);
    expect(handled.ackTime).not.toBeNull();
    expect(handled.handleNote).toBe('已到场查看，长者安好');

    // the history: the acknowledged open alarm is 已确认, the handled one 已处理
    await page.getByRole('tab', { name: '历史记录' }).click();
    const history = page.getByTestId('alarm-history');
    await expect(history.getByTestId(`row-${firstId}`)).toBeVisible();
    // the three laid acknowledged and the two acknowledged here; the handled one is 已处理
    const cells = (text: string) =>
      history.locator('.bp6-table-cell').filter({ hasText: new RegExp(`^${text}$`) });
    await expect(cells('已确认')).toHaveCount(5);
    await expect(cells('未确认')).toHaveCount(3);
    await expect(cells('已处理')).toHaveCount(1);
    await page.screenshot({ path: '.tmp/shot-history-acknowledged.png' });
  } finally {
    await server.stop();
  }
});
