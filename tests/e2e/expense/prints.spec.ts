import { expect, type Locator, type Page } from '@playwright/test';
import { amountInWords } from '../../../domain/money/uppercase.js';
import { formatYuan } from '../../../domain/resource.js';
import { test } from '../fixtures.js';
import { api, FINANCE, signIn } from '../support.js';

/**
 * Issue #37 point 7, prints ready for the counter: a bill prints full width in a ruled table with
 * the elder's 房间 and 床位, its money right-aligned in two decimals and the payable in 大写; the
 * 收款 dialog announces the 满赠 before 确定收款; the receipt prints the 满赠 on its own line, the
 * balance left and the lines the clerk and the payer sign. Done as 财务 (caiwu01), whose job it is.
 * window.print is recorded, not opened.
 */
test.use({ viewport: { width: 1366, height: 768 } });
type Rec = Record<string, unknown>;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    const w = window as unknown as { print(): void; printCalls: number };
    w.printCalls = 0;
    w.print = () => {
      w.printCalls += 1;
    };
  });
});

const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/**
 * Living elders of 护理二部 with a bed and no money yet (护理一部's have the seed's money), as the
 * elder pickers name them (张桂英（1号楼1层1103-2床）: the bed's full path).
 */
async function freshEldersWithBeds(page: Page) {
  const depts = (await api(page, 'GET', '/passport/web-rbac/logins/getDataDeptInfoList')) as unknown as Rec[];
  const deptId = depts.find((d) => d.deptName === '护理二部')?.deptId;
  const accounts = (
    await api(page, 'GET', `/pims/web-pi/cost/account?oldmanStatuses=1&pageHelper=0&deptId=${String(deptId)}`)
  ).list as Rec[];
  const profiles = (await api(page, 'GET', '/pims/web-pi/oldmans?pageHelper=0')).list as Rec[];
  const bedOf = new Map(profiles.map((p) => [Number(p.oldmanId), String(p.bedName ?? '')]));
  return accounts
    .filter((r) => r.prestore === 0 && r.deposit === 0 && bedOf.get(Number(r.oldmanId)))
    .map((r) => ({
      id: Number(r.oldmanId),
      name: String(r.oldmanName),
      bedPath: bedOf.get(Number(r.oldmanId)) ?? '',
    }));
}

/** The text-align of an element as the page lays it out. */
const alignOf = (cell: Locator) => cell.evaluate((el) => getComputedStyle(el).textAlign);

/** Presses 打印 on the print view, then saves it as the clerk sees it (1366×768) and checks the paper hides the bar. */
async function printIt(printed: Page, shot: string) {
  await printed.setViewportSize({ width: 1366, height: 768 });
  await printed.getByRole('button', { name: '打印' }).click();
  await expect
    .poll(() => printed.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
    .toBe(1);
  await printed.screenshot({ path: `.tmp/${shot}.png` });
  await printed.emulateMedia({ media: 'print' });
  await expect(printed.getByRole('button', { name: '打印' })).toBeHidden();
  await printed.emulateMedia({ media: 'screen' });
}

/** The signature lines of a paper: each label, with a ruled line to sign on beside it. */
async function expectSignatureLines(paper: Locator, labels: string[]) {
  const signs = paper.locator('.signatures .sign');
  await expect(signs).toHaveText(labels.map((l) => `${l}：`));
  for (const sign of await signs.all()) {
    const line = sign.locator('.sign-line');
    const drawn = await line.evaluate((el) => ({
      rule: getComputedStyle(el).borderBottomStyle,
      width: el.getBoundingClientRect().width,
      // the line ends inside the sheet's text area (the institution's name above is flush with its right edge)
      overhang:
        el.getBoundingClientRect().right -
        (document.querySelector('.org') as Element).getBoundingClientRect().right,
    }));
    expect(drawn.rule).toBe('solid');
    expect(drawn.width).toBeGreaterThan(80);
    expect(drawn.overhang).toBeLessThanOrEqual(0.5);
  }
}

test('a bill prints full width and ruled, with 房间 and 床位, money right-aligned in two decimals and 大写', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, FINANCE, '护理二部');
  const elder = (await freshEldersWithBeds(page))[0];
  if (!elder) throw new Error('no elder of 护理二部 with a bed and no money');
  await api(page, 'POST', '/pims/web-pi/cost/payBack/addBill', {
    billMonth: thisMonth(),
    oldmanIds: [elder.id],
  });
  const bills = (await api(page, 'GET', `/pims/web-pi/cost/payBack/${elder.id}`)).list as Rec[];
  const bill = bills.find((b) => b.billMonth === thisMonth()) as Rec;
  const payableFen = Number(bill.payableFen);

  // 费用账单 › the elder's bill › 打印
  await page.goto('/index.html#/expense/bill');
  const list = page.getByTestId('page-expense-bill');
  await list.getByLabel('关键字').fill(elder.name);
  await list.getByRole('button', { name: '查询' }).click();
  const opening = page.waitForEvent('popup');
  await list
    .getByTestId(`row-${String(bill.billId)}`)
    .getByRole('button', { name: '打印' })
    .click();
  const printed = await opening;
  const paper = printed.locator('section.bill');
  await expect(paper).toHaveCount(1);

  // the head names the elder, the month, the room and the bed (1号楼1层1103 and 2床)
  const cut = elder.bedPath.lastIndexOf('-');
  const head = paper.locator('table.bill-head');
  await expect(head.locator('th:text-is("房间") + td')).toHaveText(elder.bedPath.slice(0, cut));
  await expect(head.locator('th:text-is("床位") + td')).toHaveText(elder.bedPath.slice(cut + 1));
  await expect(head.locator('th:text-is("长者") + td')).toHaveText(elder.name);

  // the lines: a ruled table as wide as the sheet, every amount in two decimals at the right
  const items = paper.locator('table.bill-items');
  const widths = await items.evaluate((t) => ({
    table: t.getBoundingClientRect().width,
    sheet: (t.closest('.sheet') as HTMLElement).clientWidth,
    border: getComputedStyle(t.querySelector('td') as Element).borderTopStyle,
  }));
  expect(widths.border).toBe('solid');
  // the sheet's padding is 18mm a side (≈136px); the table fills the rest
  expect(widths.table).toBeGreaterThan(widths.sheet - 140);
  const moneyCells = items.locator('tbody tr td:nth-child(4), tbody tr td:nth-child(6), tfoot td.num');
  expect(await moneyCells.count()).toBeGreaterThan(3);
  for (const cell of await moneyCells.all()) {
    await expect(cell).toHaveText(/^-?[\d,]+\.\d{2}$/);
    expect(await alignOf(cell)).toBe('right');
  }
  // the totals and the payable in 大写
  await expect(items.locator('tfoot tr:has(th:text-is("应缴")) td.num')).toHaveText(formatYuan(payableFen));
  await expect(items.locator('tfoot tr:has(th:text-is("合计")) td.num')).toHaveText(
    formatYuan(Number(bill.totalFen)),
  );
  await expect(items.locator('tfoot')).toContainText(`应缴金额（大写）：人民币${amountInWords(payableFen)}`);
  await printIt(printed, 'shot-print-bill');
});

test('收款 announces the 满赠 before 确定收款; the receipt prints the 满赠 line, the balance left and the signature lines', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, FINANCE, '护理二部');
  const elder = (await freshEldersWithBeds(page))[0];
  if (!elder) throw new Error('no elder of 护理二部 with no money');

  await page.goto('/index.html#/expense/account');
  const accounts = page.getByTestId('page-expense-account');
  await accounts.getByLabel('关键字').fill(elder.name);
  await accounts.getByRole('button', { name: '查询' }).click();
  await accounts.getByTestId(`row-${elder.id}`).getByRole('button', { name: '收款' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('账户类型').selectOption({ label: '预存款' });
  await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  // the seeded 满赠 rule gives 300 yuan for a prepayment of 10000: announced as the amount reaches it
  const announced = dialog.getByTestId('receive-gift-preview');
  await dialog.getByLabel('金额（元）').fill('12000');
  await expect(announced).toContainText('本次收款满 10,000.00 元，赠送 300.00 元');
  await expect(dialog.getByRole('button', { name: '确定收款' })).toBeVisible();
  // below the threshold there is nothing to announce
  await dialog.getByLabel('金额（元）').fill('9999');
  await expect(announced).toHaveCount(0);
  await dialog.getByLabel('金额（元）').fill('12000');
  await expect(announced).toContainText('赠送 300.00 元');
  await page.screenshot({ path: '.tmp/shot-receive-gift.png' });

  // 确定收款 with 打印收据: the receipt opens
  await dialog.getByText('打印收据', { exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: '打印收据' })).toBeChecked();
  const opening = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: '确定收款' }).click();
  await expect(dialog.getByTestId('receive-gift')).toContainText('300.00 元');
  const receiptNo = (await dialog.getByTestId('receipt-no').textContent()) ?? '';
  const printed = await opening;
  const paper = printed.locator('section.receipt');
  await expect(paper).toHaveCount(1);
  await expect(paper).toContainText(`收据号：${receiptNo}`);
  const row = (th: string) => paper.locator(`tr:has(> th:text-is("${th}")) > td`);
  await expect(row('金额')).toHaveText('12,000.00 元');
  await expect(row('金额（大写）')).toHaveText(`人民币${amountInWords(1_200_000)}`);
  await expect(row('满赠')).toContainText('赠送 300.00 元');
  // the balance left: what came in and the gift, the elder having had nothing before
  await expect(row('账户余额')).toContainText('预存款 12,300.00 元');
  await expectSignatureLines(paper, ['经办人（签字）', '交款人（签字）']);
  await printIt(printed, 'shot-print-receipt');
});
