import { expect, type Page } from '@playwright/test';
import { formatYuan } from '../../../domain/resource.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

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

/** Living elders of 护理二部 with no money yet (the seed gives money to 护理一部's), each with this month's bill. */
async function eldersWithBills(page: Page, count: number) {
  const depts = (await api(page, 'GET', '/passport/web-rbac/logins/getDataDeptInfoList')) as unknown as Rec[];
  const deptId = depts.find((d) => d.deptName === '护理二部')?.deptId;
  const residents = (
    await api(page, 'GET', `/pims/web-pi/cost/account?oldmanStatuses=1&pageHelper=0&deptId=${String(deptId)}`)
  ).list as Rec[];
  const fresh = residents.filter((r) => r.prestore === 0 && r.deposit === 0);
  const out: { id: number; name: string; payableFen: number; billId: number }[] = [];
  // an elder whose bill of this month an earlier test already paid has none left to pay; one who owes
  // more than this month's bill (an earlier test's other months) is passed over too
  for (const r of fresh) {
    if (out.length === count) break;
    await api(page, 'POST', '/pims/web-pi/cost/payBack/addBill', {
      billMonth: month(),
      oldmanIds: [r.oldmanId],
    });
    const bills = (await api(page, 'GET', `/pims/web-pi/cost/payBack/${String(r.oldmanId)}`)).list as Rec[];
    const bill = bills.find((b) => b.billMonth === month() && b.billStatus === 0);
    const owes =
      bill && (await api(page, 'GET', `/pims/web-pi/cost/account/${String(r.oldmanId)}`)).receivable;
    if (bill && owes === bill.payableFen)
      out.push({
        id: Number(r.oldmanId),
        name: String(r.oldmanName),
        payableFen: Number(bill.payableFen),
        billId: Number(bill.billId),
      });
  }
  expect(out).toHaveLength(count);
  return out;
}

/** 长者账户 › 收款 of an amount in cash, through the dialog; answers the dialog, still open. */
async function receiveCash(page: Page, elder: { id: number; name: string }, fen: number) {
  await page.goto('/index.html#/expense/account');
  const accounts = page.getByTestId('page-expense-account');
  await accounts.getByLabel('关键字').fill(elder.name);
  await accounts.getByRole('button', { name: '查询' }).click();
  await accounts.getByTestId(`row-${elder.id}`).getByRole('button', { name: '收款' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('金额（元）').fill(String(fen / 100));
  await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  await dialog.getByRole('button', { name: '确定收款' }).click();
  await expect(dialog.getByTestId('receipt-no')).toHaveText(/^SJ/);
  return dialog;
}

/** 费用账单 › 缴费 of the elder's bill: the dialog, open. */
async function openPay(page: Page, elder: { name: string; billId: number }) {
  await page.goto('/index.html#/expense/bill');
  const bills = page.getByTestId('page-expense-bill');
  await bills.getByLabel('关键字').fill(elder.name);
  await bills.getByRole('button', { name: '查询' }).click();
  await bills.getByTestId(`row-${elder.billId}`).getByRole('button', { name: '缴费' }).click();
  return page.getByRole('dialog');
}

/** The receipt of an elder's latest trade, ticked on 历史收据 and printed: its 金额 line. */
async function printedAmount(page: Page, name: string) {
  await page.goto('/index.html#/expense/receipt');
  const receipts = page.getByTestId('page-expense-receipt');
  await receipts.getByLabel('关键字').fill(name);
  await receipts.getByRole('button', { name: '查询' }).click();
  // the latest receipt of the elder is the list's first row
  const latest = (
    (await api(page, 'GET', `/pims/web-pi/cost/receipt?keyword=${encodeURIComponent(name)}&pageSize=1`))
      .list as Rec[]
  )[0] as Rec;
  expect(latest.oldmanName).toBe(name);
  await expect(receipts.getByTestId('resource-table')).toContainText(String(latest.receiptNo));
  await receipts.getByRole('checkbox', { name: `选择 ${String(latest.receiptNo)}`, exact: true }).check();
  const popup = page.waitForEvent('popup');
  await receipts.getByRole('button', { name: /打印收据/ }).click();
  const printed = await popup;
  // the print shows this one receipt, and its 金额 line
  await expect(printed.locator('section.receipt')).toHaveCount(1);
  await expect(printed.locator('section.receipt')).toContainText(`收据号：${String(latest.receiptNo)}`);
  const amount = printed.locator('section.receipt tr:has(> th:text-is("金额")) > td');
  await expect(amount).toHaveText(/元$/);
  const text = (await amount.textContent()) ?? '';
  if (SHOTS) await printed.screenshot({ path: `${SHOTS}receipt-print-${name}.png` });
  await printed.close();
  const listed = (await receipts.getByTestId(`receipt-amount-${String(latest.txId)}`).textContent()) ?? '';
  return { listed, printed: text };
}

test('a bill paid from the balance prints its amount on the receipt, as a cash payment does', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN, '护理二部');
  const [rich, poor] = await eldersWithBills(page, 2);
  if (!rich || !poor) throw new Error('no elders');
  // the clerk's steps: 收款 in cash, 缴费 with 余额, 历史收据 › 打印收据
  const done = await receiveCash(page, rich, rich.payableFen + 100_000);
  await done.getByRole('button', { name: '完成' }).click();
  let dialog = await openPay(page, rich);
  await dialog.getByLabel('支付方式').selectOption({ label: '余额' });
  await dialog.getByRole('button', { name: '确认缴费' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await api(page, 'GET', `/pims/web-pi/cost/account/${rich.id}`)).toMatchObject({
    prestore: 100_000,
    receivable: 0,
  });
  const paid = await printedAmount(page, rich.name);
  expect(paid.printed).toBe(`${formatYuan(rich.payableFen)} 元`);
  expect(paid.listed).toBe(formatYuan(rich.payableFen));
  // and in cash, for another elder
  dialog = await openPay(page, poor);
  await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  await dialog.getByRole('button', { name: '确认缴费' }).click();
  await expect(dialog).toHaveCount(0);
  const cash = await printedAmount(page, poor.name);
  expect(cash.printed).toBe(`${formatYuan(poor.payableFen)} 元`);
});

test('缴费 shows the balance and what paying leaves, choosing 余额 only when it covers the bill; 收款 shows the new balance', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN, '护理二部');
  const [rich, poor] = await eldersWithBills(page, 2);
  if (!rich || !poor) throw new Error('no elders');
  const receiveFen = rich.payableFen + 100_000;
  const received = await receiveCash(page, rich, receiveFen);
  // the balance in the dialog follows the money
  await expect(received.getByTestId('receive-balances')).toContainText(`预存款 ${formatYuan(receiveFen)} 元`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}receive-done-1366.png` });
  await received.getByRole('button', { name: '完成' }).click();

  let dialog = await openPay(page, rich);
  const balances = dialog.getByTestId('pay-balances');
  await expect(balances).toContainText(`预存余额 ${formatYuan(receiveFen)} 元`);
  await expect(dialog.getByLabel('支付方式')).toHaveValue('1');
  await expect(balances).toContainText(`余额缴费后 ${formatYuan(100_000)} 元`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}pay-balance-1366.png` });
  await dialog.getByRole('button', { name: '取消' }).click();

  // no balance: 余额 is not chosen, the shortfall shows when it is
  dialog = await openPay(page, poor);
  await expect(balances).toContainText('预存余额 0.00 元');
  await expect(dialog.getByLabel('支付方式')).toHaveValue('');
  await dialog.getByLabel('支付方式').selectOption({ label: '余额' });
  await expect(balances).toContainText('（余额不足）');
  await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  await expect(balances).toContainText('缴费后余额 0.00 元');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}pay-no-balance-1366.png` });
});
