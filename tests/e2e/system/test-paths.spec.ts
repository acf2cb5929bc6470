import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import ExcelJS from 'exceljs';
import { test } from '../fixtures.js';
import { openMenu, signIn } from '../support.js';

/**
 * Issue #41: a tester without a terminal. The 测试员 preset's demo account opens 系统管理 › 状态机与测试路径,
 * draws 入住办理, highlights the paths through a state, and downloads its transition-coverage sheet as
 * .csv and .xlsx; both hold the rows `npm run paths -- 入住办理 --transitions --format csv` prints.
 */
const TESTER = { loginName: 'ceshi01', password: 'Ceshi@2026' };

/** The CLI's sheet: rows of fields, the BOM and the quoting taken off. */
function cliRows(): string[][] {
  const out = spawnSync('npx', ['tsx', 'scripts/paths.ts', '入住办理', '--transitions', '--format', 'csv'], {
    encoding: 'utf8',
  });
  expect(out.status, out.stderr).toBe(0);
  return parseCsv(out.stdout);
}

const parseCsv = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    // the command line prints the sheet and a newline of its own
    .filter((line) => line.trim())
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replaceAll('""', '"')));

test('a tester draws 入住办理 and downloads its transition-coverage sheet, the same as npm run paths', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, TESTER);
  await openMenu(page, '系统管理', '状态机与测试路径');
  const screen = page.getByTestId('page-testPaths');
  const machines = screen.getByRole('region', { name: '状态机列表' });
  await expect(machines.getByRole('row')).toHaveCount(31);
  await expect(screen.getByText('共 30 个状态机')).toBeVisible();
  const row = machines
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: '入住办理', exact: true }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('居住管理');
  await row.getByRole('button', { name: '入住办理', exact: true }).click();

  // the diagram: every state and transition of the machine, the covered ones marked
  const diagram = screen.getByTestId('machine-diagram');
  await expect(
    diagram.getByRole('group', { name: /^入住办理状态图：\d+ 个状态，\d+ 个转换$/ }),
  ).toBeVisible();
  await expect(diagram.locator('[data-state]').first()).toBeVisible();
  expect(await diagram.locator('[data-covered="true"]').count()).toBeGreaterThan(0);
  expect(await diagram.locator('[data-covered="false"]').count()).toBeGreaterThan(0);
  await expect(screen.getByText('端到端路径测试排除的事件')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('testPaths-1920.png') });

  // the sheet with nothing left out, as the command line makes it
  const without = screen.getByRole('group', { name: '排除事件' });
  // the path spec's own exclusions come ticked: the command line leaves nothing out
  for (const name of ['选择床位', '填写入住日期']) {
    const box = without.getByRole('checkbox', { name, exact: true });
    await expect(box).toBeChecked();
    await without.getByText(name, { exact: true }).click();
    await expect(box).not.toBeChecked();
  }
  await expect(without.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await screen.getByLabel('路径类型').selectOption({ label: '覆盖全部转换' });
  await screen.getByRole('button', { name: '生成路径' }).click();
  const expected = cliRows();
  const cases = new Set(expected.slice(1).map((r) => r[0])).size;
  await expect(screen.getByRole('status')).toHaveText(`覆盖全部转换：共 ${cases} 条路径`);
  const table = screen.getByRole('table', { name: '测试用例' });
  await expect(table.getByRole('row')).toHaveCount(expected.length);
  // issue #41's columns, in Chinese, after the case's number and name
  const header = ['用例编号', '用例名称', '步骤', '事件', '到达状态', '预期'];
  expect(expected[0]).toEqual(header);
  await expect(table.getByRole('columnheader')).toHaveText(header);

  const csvDownload = page.waitForEvent('download');
  await screen.getByRole('button', { name: '下载 .csv' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('入住办理测试用例_transitions.csv');
  expect(parseCsv(readFileSync(await csv.path(), 'utf8'))).toEqual(expected);

  const xlsxDownload = page.waitForEvent('download');
  await screen.getByRole('button', { name: '下载 .xlsx' }).click();
  const xlsx = await xlsxDownload;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  expect(rows).toEqual(expected);

  // a state clicked: only the paths through it, the rest of the diagram dimmed
  const state = diagram.locator('[data-state]').nth(2);
  const name = (await state.getAttribute('aria-label'))?.replace(/^状态 /, '') ?? '';
  await state.click();
  await expect(screen.getByRole('status')).toContainText(`经过状态「${name}」的`);
  const through = Number(/的 (\d+) 条/.exec((await screen.getByRole('status').textContent()) ?? '')?.[1]);
  expect(through).toBeGreaterThan(0);
  expect(through).toBeLessThanOrEqual(cases);
  expect(await diagram.locator('.tp-edge.dim').count()).toBeGreaterThan(0);
  await screen.getByRole('button', { name: '显示全部' }).click();
  await expect(screen.getByRole('status')).toHaveText(`覆盖全部转换：共 ${cases} 条路径`);

  // zoomed in, the drawing grows
  const before = (await diagram.locator('svg').boundingBox())?.width ?? 0;
  await screen.getByRole('button', { name: '放大' }).click();
  await expect
    .poll(async () => (await diagram.locator('svg').boundingBox())?.width ?? 0)
    .toBeGreaterThan(before);
});

test('a role without the authority sees no such menu, and the server refuses the call', async ({ page }) => {
  await signIn(page, { loginName: 'huliyuan01', password: 'Huliyuan@2026' });
  await expect(
    page.getByTestId('side-menu').getByRole('button', { name: '系统管理', exact: true }),
  ).toHaveCount(0);
  const answer = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token;
    const res = await fetch('/passport/web-rbac/systemConfigs/testPaths', {
      headers: { authorization: token },
    });
    return ((await res.json()) as { msg: string }).msg;
  });
  expect(answer).toBe('权限不足');
});
