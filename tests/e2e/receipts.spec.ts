import { expect, type Page, test } from '@playwright/test';
import { formatYuan } from '../../domain/resource.js';
import { ADMIN, signIn } from './support.js';

/**
 * Issue #23, a clerk's day at 费用管理: a receipt for a bill paid from the balance printed 0.00 元.
 * Every receipt prints what the ledger moved; the 缴费 dialog shows the balance and what paying
 * leaves, choosing 余额 only when it covers the bill; 收款 shows the new balance; money reads
 * 320,400.00.
 */
const SHOTS = process.env.E2E_SHOTS ? `${process.env.E2E_SHOTS}/` : null;
test.use({ viewport: { width: 1366, height: 768 } });
type Rec = Record<string, unknown>;

async function api(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<Rec> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.fetch(url, { method, headers: { authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; result: Rec };
  expect(body.code, body.msg).toBe(0);
  return body.result;
}

const month = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** Two living elders with no money yet, each with this month's bill. */
async function eldersWithBills(page: Page) {
  const residents = (await api(page, 'GET', '/pims/web-pi/cost/account?oldmanStatuses=1&pageHelper=0'))
    .list as Rec[];
  const fresh = residents.filter((r) => r.prestore === 0 && r.deposit === 0 && r.receivable === 0);
  const picked = fresh.slice(0, 2);
  expect(picked).toHaveLength(2);
  await api(page, 'POST', '/pims/web-pi/cost/payBack/addBill', {
    billMonth: month(),
    oldmanIds: picked.map((r) => r.oldmanId),
  });
  const out: { id: number; name: string; payableFen: number }[] = [];
  for (const r of picked) {
    const bills = (await api(page, 'GET', `/pims/web-pi/cost/payBack/${String(r.oldmanId)}`)).list as Rec[];
    const bill = bills.find((b) => b.billMonth === month() && b.billStatus === 0) as Rec;
    out.push({ id: Number(r.oldmanId), name: String(r.oldmanName), payableFen: Number(bill.payableFen) });
  }
  return out;
}

/** The receipt of an elder's latest trade, ticked on 历史收据 and printed: its 金额 line. */
async function printedAmount(page: Page, name: string) {
  await page.goto('/index.html#/expense/receipt');
  const receipts = page.getByTestId('page-expense-receipt');
  await receipts.getByLabel('关键字').fill(name);
  await receipts.getByRole('button', { name: '查询' }).click();
  const first = receipts.locator('tbody tr').first();
  await expect(first).toContainText(name);
  await first.getByRole('checkbox').check();
  const popup = page.waitForEvent('popup');
  await receipts.getByRole('button', { name: /打印收据/ }).click();
  const printed = await popup;
  const amount = printed.locator('tr', { hasText: '金额' }).locator('td');
  await expect(amount).toHaveText(/元$/);
  const text = (await amount.textContent()) ?? '';
  if (SHOTS) await printed.screenshot({ path: `${SHOTS}receipt-print-${name}.png` });
  await printed.close();
  return { listed: (await first.locator('td.money').textContent()) ?? '', printed: text };
}

test('a bill paid from the balance prints its amount on the receipt, as a cash payment does', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // the two elders may live in different departments: all of them, chosen at sign-in
  await signIn(page, ADMIN, '全部部门');
  await expect(page.getByTestId('current-dept')).toHaveText('全部部门');
  const [rich, poor] = await eldersWithBills(page);
  if (!rich || !poor) throw new Error('no elders');
  // 长者账户 › 收款: enough to pay the bill and 1,000 yuan more, in cash
  const receiveFen = rich.payableFen + 100_000;
  await page.goto('/index.html#/expense/account');
  const accounts = page.getByTestId('page-expense-account');
  await accounts.getByLabel('关键字').fill(rich.name);
  await accounts.getByRole('button', { name: '查询' }).click();
  await accounts
    .locator(`[data-testid="account-row"][data-oldman-id="${rich.id}"]`)
    .getByRole('button', { name: '收款' })
    .click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('金额（元）').fill(String(receiveFen / 100));
  await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  await expect(dialog.getByTestId('receive-balances')).toContainText('预存款 0.00 元');
  await dialog.getByRole('button', { name: '确定收款' }).click();
  await expect(dialog.getByTestId('receipt-no')).toHaveText(/^SJ/);
  // the balance in the dialog follows the money
  await expect(dialog.getByTestId('receive-balances')).toContainText(`预存款 ${formatYuan(receiveFen)} 元`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}receive-done-1366.png` });
  await dialog.getByRole('button', { name: '完成' }).click();

  // 费用账单 › 缴费: the balance covers the bill, so 余额 is chosen and what it leaves is shown
  await page.goto('/index.html#/expense/bill');
  const bills = page.getByTestId('page-expense-bill');
  await bills.getByLabel('关键字').fill(rich.name);
  await bills.getByRole('button', { name: '查询' }).click();
  await bills
    .locator(`[data-testid="bill-row"][data-oldman-id="${rich.id}"]`)
    .getByRole('button', { name: '缴费' })
    .click();
  dialog = page.getByRole('dialog');
  const balances = dialog.getByTestId('pay-balances');
  await expect(balances).toContainText(`预存余额 ${formatYuan(receiveFen)} 元`);
  await expect(dialog.getByLabel('支付方式')).toHaveValue('1');
  await expect(balances).toContainText(`余额缴费后 ${formatYuan(100_000)} 元`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}pay-balance-1366.png` });
  await dialog.getByRole('button', { name: '确认缴费' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await api(page, 'GET', `/pims/web-pi/cost/account/${rich.id}`)).toMatchObject({
    prestore: 100_000,
    receivable: 0,
  });
  // 历史收据 › 打印收据: the bill's amount, not 0.00
  const paid = await printedAmount(page, rich.name);
  expect(paid.printed).toBe(`${formatYuan(rich.payableFen)} 元`);
  expect(paid.listed).toBe(formatYuan(rich.payableFen));

  // an elder with no balance: 余额 is not chosen for them, the shortfall shows, cash pays
  await page.goto('/index.html#/expense/bill');
  await bills.getByLabel('关键字').fill(poor.name);
  await bills.getByRole('button', { name: '查询' }).click();
  await bills
    .locator(`[data-testid="bill-row"][data-oldman-id="${poor.id}"]`)
    .getByRole('button', { name: '缴费' })
    .click();
  await expect(balances).toContainText('预存余额 0.00 元');
  await expect(dialog.getByLabel('支付方式')).toHaveValue('');
  await dialog.getByLabel('支付方式').selectOption({ label: '余额' });
  await expect(balances).toContainText('（余额不足）');
  await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  await expect(balances).toContainText('缴费后余额 0.00 元');
  await dialog.getByRole('button', { name: '确认缴费' }).click();
  await expect(dialog).toHaveCount(0);
  const cash = await printedAmount(page, poor.name);
  expect(cash.printed).toBe(`${formatYuan(poor.payableFen)} 元`);
});
