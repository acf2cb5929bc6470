import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './fixtures.js';
import { ADMIN, signIn } from './support.js';

// the clipboard is read back as the user would paste it
test.use({ permissions: ['clipboard-read', 'clipboard-write'], viewport: { width: 1366, height: 900 } });

type Elder = { oldmanId: number; oldmanName: string };

/** Opens 长者档案 and answers the rows of the page the list asked for. */
async function openArchives(page: Page): Promise<Elder[]> {
  const answer = page.waitForResponse(
    (r) => r.url().includes('/oldman') && r.request().method() === 'GET' && r.url().includes('pageNum='),
  );
  await page.goto('/#/live/archives/base');
  const body = (await (await answer).json()) as { result: { list: Elder[] } };
  return body.result.list;
}

/** The cell the grid says is focused (aria-activedescendant), as drawn on the screen. */
const focusedCell = (page: Page) =>
  page.locator('.resource-table-grid:focus-within .resource-cell-focused').first();

async function expectFocusedText(page: Page, grid: Locator, text: string) {
  await expect(focusedCell(page)).toHaveText(text);
  await expect(focusedCell(page)).toBeInViewport();
  // the same cell is the grid's active descendant, a gridcell of an owned row
  const id = await grid.getAttribute('aria-activedescendant');
  await expect(page.locator(`[id="${id}"]`)).toHaveText(text);
}

test('the elder list works from the keyboard: one tab stop, arrows, copy, Enter opens the row', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const elders = await openArchives(page);
  expect(elders.length).toBeGreaterThan(13);
  const grid = page.getByRole('grid', { name: '长者档案' });
  await expect(grid).toBeVisible();

  // one tab stop: from 列设置 Tab lands on the grid, the next Tab on the first row's buttons
  await page.getByRole('button', { name: '列设置' }).focus();
  await page.keyboard.press('Tab');
  await expect(grid).toBeFocused();
  await expect(grid).toHaveAttribute('aria-rowcount', String(elders.length + 1));
  // the row buttons beside the grid keep their own tab stops
  await page.keyboard.press('Tab');
  await expect(
    page.getByTestId(`row-${elders[0]?.oldmanId}`).getByRole('button', { name: '查看' }),
  ).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(grid).toBeFocused();

  // the focused cell starts on the first row's checkbox; → goes to its name
  await page.keyboard.press('ArrowRight');
  await expectFocusedText(page, grid, elders[0]?.oldmanName ?? '');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expectFocusedText(page, grid, elders[2]?.oldmanName ?? '');
  await page.screenshot({ path: test.info().outputPath('focused-table.png') });
  // the grid's roles hold together: rows own the cells, the focused cell is one of them. Table2's
  // quadrant scrollers hold no tab stop of their own: the grid scrolls them as its focused cell
  // moves, which axe cannot see (docs/decisions.md "The list table from the keyboard")
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="resource-table"]')
    .disableRules(['scrollable-region-focusable'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target} ${n.failureSummary}`).join(' ')}`),
  ).toEqual([]);

  // Ctrl+C copies the cell as shown
  await page.keyboard.press('Control+c');
  await expect(page.getByText('已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(elders[2]?.oldmanName);

  // PageDown moves ten rows, PageUp back; End and Home go along the row
  await page.keyboard.press('PageDown');
  await expectFocusedText(page, grid, elders[12]?.oldmanName ?? '');
  await page.keyboard.press('PageUp');
  await expectFocusedText(page, grid, elders[2]?.oldmanName ?? '');
  await page.keyboard.press('End');
  await expect(focusedCell(page)).toBeInViewport();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expectFocusedText(page, grid, elders[2]?.oldmanName ?? '');

  // Enter opens the row as its 查看 does
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('page-archive-detail')).toContainText(elders[2]?.oldmanName ?? '');
});

test('the pager jumps to a typed page and refuses what is not one', async ({ page }) => {
  await signIn(page, ADMIN);
  await openArchives(page);
  const pager = page.getByTestId('pager');
  const pages = Number((await pager.getByText(/^\d+ \/ \d+$/).textContent())?.split('/')[1]);
  expect(pages).toBeGreaterThan(2);
  const jump = pager.getByLabel('跳至页码');
  await jump.fill('abc');
  await jump.press('Enter');
  await expect(pager.getByRole('status')).toHaveText(`请输入 1–${pages} 的整数页码`);
  await expect(pager.getByText(`1 / ${pages}`)).toBeVisible();
  await jump.fill('2');
  await pager.getByRole('button', { name: '跳转' }).click();
  await expect(pager.getByText(`2 / ${pages}`)).toBeVisible();
  await jump.fill('999');
  await jump.press('Enter');
  await expect(pager.getByText(`${pages} / ${pages}`)).toBeVisible();
  await expect(pager.getByRole('status')).toHaveText(`共 ${pages} 页，已跳至第 ${pages} 页`);
  await pager.screenshot({ path: test.info().outputPath('pager.png') });
});

test('a slow export shows its progress, and a cancelled one saves nothing', async ({ page }) => {
  await signIn(page, ADMIN);
  const elders = await openArchives(page);
  const total = Number(
    (
      await page
        .getByTestId('pager')
        .getByText(/^共 \d+ 条$/)
        .textContent()
    )?.match(/\d+/)?.[0],
  );
  expect(total).toBeGreaterThanOrEqual(elders.length);
  // a slow line (about 4 KB/s), as from a branch office
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 4 * 1024,
    uploadThroughput: -1,
  });
  const progress = page.getByTestId('export-progress');
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });

  // cancelled half-way: no file
  await page.getByRole('button', { name: '导出' }).click();
  await page.getByText('CSV').click();
  await expect(progress).toContainText(/正在下载 \d+%/);
  await expect(progress).toContainText(`共 ${total} 行`);
  await progress.getByRole('button', { name: '取消' }).click();
  await expect(progress).toBeHidden();
  await expect(page.getByText('已取消导出，未保存文件')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(downloaded).toBe(false);

  // let through: the bar moves, then the file is saved whole
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  await page.getByText('CSV').click();
  const bar = progress.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/);
  await progress.screenshot({ path: test.info().outputPath('export-progress.png') });
  const file = readFileSync(await (await download).path(), 'utf8');
  // header + one line per elder
  expect(file.trim().split('\r\n')).toHaveLength(total + 1);
  await expect(progress).toBeHidden();
  await expect(page.getByText('长者档案已导出')).toBeVisible();
});
