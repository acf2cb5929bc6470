import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { localDateTime, localDay } from '../../../domain/clock.js';
import { durationText } from '../../../features/iot/api/alarmStats.js';
import { test } from '../fixtures.js';
import { devicesOf, e2ePort, ownServer, sos } from '../realtime.js';
import { ADMIN, openMenu, signIn } from '../support.js';

/**
 * 告警响应统计 and the 交班报告 (issue #38 point 9): three SOS come in; the operator acknowledges one,
 * handles another in one click and leaves the third; 告警响应统计 shows exactly what the records say
 * (counts, the response and handling times' median and 90th percentile worked out here from the stored
 * times), its table by handler and its export say the same, and the 交班报告 of the shift prints them.
 * A server of its own without the simulator: every alarm is the test's.
 */

test.afterEach(async ({ browser }) => {
  for (const context of browser.contexts()) await context.close();
});

interface Stored {
  recordId: number;
  deviceId: number;
  firstTime: number;
  ackTime: number | null;
  handleTime: number | null;
  status: number;
}
function storedAlarms(dataDir: string): Stored[] {
  const db = new Database(join(dataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'select recordId, deviceId, firstTime, ackTime, handleTime, status from alarmRecord order by recordId',
      )
      .all() as Stored[];
  } finally {
    db.close();
  }
}

/** percentile_cont(p) of the values, rounded to the millisecond, as the server works it out. */
function cont(values: number[], p: number) {
  const sorted = [...values].sort((x, y) => x - y);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const low = sorted[lo] as number;
  return Math.round(low + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] as number) - low));
}

/**
 * The demo home's shifts (早班 07–15, 中班 15–23, 夜班 23–07): the shift a moment falls in, the day it
 * began and its window [from, to).
 */
function shiftOf(ms: number) {
  const at = new Date(ms);
  const hour = at.getHours();
  const day = new Date(at.getFullYear(), at.getMonth(), at.getDate() - (hour < 7 ? 1 : 0));
  const [shift, name, start, end] =
    hour >= 7 && hour < 15
      ? ([1, '早班', 7, 15] as const)
      : hour >= 15 && hour < 23
        ? ([2, '中班', 15, 23] as const)
        : ([3, '夜班', 23, 31] as const);
  const from = new Date(day.getFullYear(), day.getMonth(), day.getDate(), start).getTime();
  const to = new Date(day.getFullYear(), day.getMonth(), day.getDate(), end).getTime();
  return { day: localDay(day.getTime()), shift, name, from, to };
}

const figure = (page: Page, key: string) =>
  page.getByTestId('page-alarm-stats').locator(`[data-figure="${key}"] .alarm-stats-figure-value`);

/** The cells of the table's row whose first cell reads `label`, left to right ([] while it is not drawn). */
async function tableRow(page: Page, label: string) {
  const table = page.getByTestId('page-alarm-stats').getByTestId('resource-table');
  const first = table.locator('.bp6-table-cell-col-0').filter({ hasText: new RegExp(`^${label}$`) });
  if ((await first.count()) !== 1) return [];
  const row = /bp6-table-cell-row-(\d+)/.exec((await first.getAttribute('class')) ?? '')?.[1];
  return table.locator(`.bp6-table-cell-row-${row}`).allTextContents();
}

test('告警响应统计 shows what the operator did to three SOS, exports it, and the 交班报告 prints the shift', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const port = e2ePort + 140;
  // its own port, two apart from every other spec's (one per worker): e2ePort differs by worker
  const dataDir = `.tmp/e2e-alarm-stats-${port}`;
  const server = ownServer(port, dataDir);
  server.reset();
  await server.start();
  try {
    const [a, b, c] = devicesOf(dataDir, '护理一部', 3);
    if (!a || !b || !c) throw new Error('three watches of 护理一部 expected');
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1600, height: 1000 },
    });
    // window.print is recorded, not opened
    await context.addInitScript(() => {
      const w = window as unknown as { print(): void; printCalls: number };
      w.printCalls = 0;
      w.print = () => {
        w.printCalls += 1;
      };
    });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.goto('/#/yunmuIot/locateAlarm');
    await expect(page.getByTestId('health-light')).toHaveAttribute('data-state', 'ok');
    for (const device of [a, b, c]) await sos(port, device);
    const rows = page.getByTestId('live-alarms').getByTestId('alarm-row');
    await expect(rows).toHaveCount(3);
    const recordOf = (deviceId: number) =>
      storedAlarms(dataDir).find((r) => r.deviceId === deviceId)?.recordId ?? 0;
    const row = (deviceId: number) => page.locator(`tr[data-record-id="${recordOf(deviceId)}"]`);

    // a: 确认 only; b: 处理 in one click with a common note (确认并处理); c: nobody answers
    await row(a.deviceId).getByRole('button', { name: '确认', exact: true }).click();
    await expect(row(a.deviceId)).not.toContainText('未确认');
    await row(b.deviceId).getByRole('button', { name: '处理', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '确认并处理告警' });
    await dialog.getByTestId('handle-presets').getByRole('button', { name: '已到场查看，长者安好' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    const stored = storedAlarms(dataDir);
    expect(stored).toHaveLength(3);
    const [sa, sb] = [a, b].map((d) => stored.find((r) => r.deviceId === d.deviceId) as Stored);
    if (!sa?.ackTime || !sb?.ackTime || !sb.handleTime)
      throw new Error('a acknowledged and b handled expected');
    expect(sa.status).toBe(0);
    expect(sb.status).toBe(3);
    const acks = [sa.ackTime - sa.firstTime, sb.ackTime - sb.firstTime];
    const handled = sb.handleTime - sb.firstTime;

    // 告警响应统计: the figures the stored times make
    await openMenu(page, '智能物联', '告警中心', '告警响应统计');
    const screen = page.getByTestId('page-alarm-stats');
    await expect(figure(page, 'count')).toHaveText('3');
    await expect(figure(page, 'responded')).toHaveText('2');
    await expect(figure(page, 'ackMedian')).toHaveText(durationText(cont(acks, 0.5)));
    await expect(figure(page, 'ackP90')).toHaveText(durationText(cont(acks, 0.9)));
    await expect(figure(page, 'handleMedian')).toHaveText(durationText(handled));
    await expect(figure(page, 'handleP90')).toHaveText(durationText(handled));
    await expect(figure(page, 'open')).toHaveText('2');
    // all three within five minutes of the test's start: none unanswered that long
    await expect(figure(page, 'unanswered')).toHaveText('0');
    // four panels drawn
    await expect(screen.locator('.alarm-stats-panel canvas')).toHaveCount(4);

    // the table by handler: 王建国 answered two, one is nobody's yet
    await screen.getByRole('radio', { name: '按处理人' }).click();
    const ackTexts = [durationText(cont(acks, 0.5)), durationText(cont(acks, 0.9))];
    await expect
      .poll(() => tableRow(page, '王建国'))
      .toEqual([
        '王建国',
        '2',
        '2',
        ...ackTexts,
        '1',
        durationText(handled),
        durationText(handled),
        '0',
        '1',
      ]);
    await expect
      .poll(() => tableRow(page, '未响应'))
      .toEqual(['未响应', '1', '0', '—', '—', '0', '—', '—', '0', '1']);
    await screen.locator('.alarm-stats-bar').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/shot-alarm-stats.png' });

    // 导出: the same figures in the file
    await screen.getByRole('button', { name: '导出' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^告警响应统计_.*\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '统计维度,分组,告警数,已响应,响应时间中位数,响应时间P90,已关闭,处理时长中位数,处理时长P90,超5分钟未响应,仍未处理',
    );
    const handledText = durationText(handled);
    expect(lines).toContain(`处理人,王建国,2,2,${ackTexts.join(',')},1,${handledText},${handledText},0,1`);
    expect(lines.find((l) => l.startsWith('全部,'))).toMatch(
      new RegExp(`^全部,.*,3,2,${ackTexts.join(',')},1,${handledText},${handledText},0,2$`),
    );

    // 交班报告 of the shift the alarms came in
    const shift = shiftOf(sa.firstTime);
    const report = screen.getByTestId('shift-report');
    await report.getByLabel('交班日期').fill(shift.day);
    await report.getByLabel('班次').selectOption(String(shift.shift));
    const opening = page.waitForEvent('popup');
    await report.getByRole('button', { name: '打印交班报告' }).click();
    const printed = await opening;
    const sheet = printed.locator('.sheet');
    await expect(sheet.locator('h1')).toHaveText('交班报告');
    await expect(sheet.locator('.report-head')).toContainText(`${shift.day} ${shift.name}`);
    await expect(sheet.locator('.report-head')).toContainText('全部部门');
    // what the shift's window holds (the three come in within a second; at a shift's edge they may fall in two)
    const inShift = (t: number | null) => t !== null && t >= shift.from && t < shift.to;
    const raised = stored.filter((r) => inShift(r.firstTime));
    const until = Date.now() < shift.to ? Number.POSITIVE_INFINITY : shift.to;
    const open = stored.filter(
      (r) => r.firstTime < until && (r.handleTime === null || r.handleTime >= until),
    );
    const closed = stored.filter((r) => r.status === 3 && inShift(r.handleTime));
    const figures = sheet.getByTestId('report-figures');
    await expect(figures.locator('tr', { hasText: '本班告警' }).locator('td')).toHaveText(
      `${raised.length} 条（SOS报警${raised.length}）`,
    );
    await expect(figures.locator('tr', { hasText: '本班关闭' }).locator('td')).toHaveText(
      `${closed.length} 条（处理${closed.length}、忽略0、解除0）`,
    );
    await expect(figures.locator('tr', { hasText: '仍未处理' }).locator('td')).toHaveText(
      `${open.length} 条`,
    );
    // the slowest first: c, still unanswered, then the answered
    const slowest = sheet
      .locator('h3', { hasText: '响应最慢的告警' })
      .locator('xpath=following-sibling::table[1]');
    await expect(slowest.locator('tbody tr')).toHaveCount(raised.length);
    const sc = stored.find((r) => r.deviceId === c.deviceId);
    if (sc && inShift(sc.firstTime)) {
      await expect(slowest.locator('tbody tr').first()).toContainText('未响应（已等');
      await expect(slowest.locator('tbody tr').first()).toContainText(
        localDateTime(sc.firstTime).slice(5, 16),
      );
    }
    await expect(sheet.locator('.signatures .sign')).toHaveText(['交班人（签字）：', '接班人（签字）：']);
    await printed.getByRole('button', { name: '打印' }).click();
    await expect
      .poll(() => printed.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
      .toBe(1);
    await printed.screenshot({ path: '.tmp/shot-shift-report.png', fullPage: true });
  } finally {
    await server.stop();
  }
});
