import { expect, type Page } from '@playwright/test';
import { today } from '../../../domain/clock.js';
import { amountInWords } from '../../../domain/money/uppercase.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

/**
 * Issue #22, the clerk prints: a report's 打印 opens its print view (title, period, the total in
 * 大写) whose 打印 calls the browser's print; a receipt prints its amount in 大写. window.print
 * is recorded instead of opening the system dialog.
 */
const SHOTS = process.env.E2E_SHOTS ? `${process.env.E2E_SHOTS}/` : null;
test.use({ viewport: { width: 1366, height: 768 } });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    const w = window as unknown as { print(): void; printCalls: number };
    w.printCalls = 0;
    w.print = () => {
      w.printCalls += 1;
    };
  });
});

/** Fen of money as the screens show it (320,400.00). */
const fenOf = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);

/** Presses 打印 on the print view itself, then looks at it as paper. */
async function printIt(printed: Page, shot: string) {
  await printed.getByRole('button', { name: '打印' }).click();
  await expect
    .poll(() => printed.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
    .toBe(1);
  await printed.emulateMedia({ media: 'print' });
  await expect(printed.getByRole('button', { name: '打印' })).toBeHidden();
  if (SHOTS) await printed.screenshot({ path: `${SHOTS}${shot}.png`, fullPage: true });
}

test('a report and a receipt print, with their totals in 大写金额', async ({ page }) => {
  await signIn(page, ADMIN);
  const day = today();

  // 财务报表 › 缴费汇总 of today: the list's 合计 is what the paper totals
  await page.goto('/index.html#/expense/report/payment');
  const report = page.getByTestId('page-report-payment');
  await report.getByLabel('日期起').fill(day);
  await report.getByLabel('日期止').fill(day);
  await report.getByRole('button', { name: '查询' }).click();
  const sums = report.getByTestId('resource-sums');
  await expect(sums).toContainText('收入（元）：');
  const income = /收入（元）：([\d,.]+)/.exec((await sums.textContent()) ?? '')?.[1] ?? '';
  expect(fenOf(income)).toBeGreaterThan(0);
  const opening = page.waitForEvent('popup');
  await report.getByRole('button', { name: '打印' }).click();
  const printed = await opening;
  await expect(printed.locator('h1')).toHaveText('缴费汇总');
  await expect(printed.locator('.report-head')).toContainText(`期间：${day} 至 ${day}`);
  await expect(printed.locator('table.report tfoot')).toContainText(income);
  await expect(printed.getByText(`收入合计（大写）：人民币${amountInWords(fenOf(income))}`)).toBeVisible();
  await expect(printed.locator('.report-foot')).toContainText('打印人：王建国');
  await printIt(printed, 'report-payment-print');
  await printed.close();

  // 历史收据: the latest receipt, ticked and printed
  await page.goto('/index.html#/expense/receipt');
  const receipts = page.getByTestId('page-expense-receipt');
  await receipts
    .getByRole('checkbox', { name: /^选择 SJ/ })
    .first()
    .check();
  const receiptOpening = page.waitForEvent('popup');
  await receipts.getByRole('button', { name: /打印收据/ }).click();
  const receipt = await receiptOpening;
  const amount = receipt.locator('section.receipt tr:has(> th:text-is("金额")) > td');
  await expect(amount).toHaveText(/^[\d,]+\.\d{2} 元$/);
  const fen = fenOf(((await amount.textContent()) ?? '').replace(' 元', ''));
  await expect(receipt.locator('section.receipt tr:has(> th:text-is("金额（大写）")) > td')).toHaveText(
    `人民币${amountInWords(fen)}`,
  );
  await printIt(receipt, 'receipt-print');
});
