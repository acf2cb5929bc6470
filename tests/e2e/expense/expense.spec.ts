import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { today } from '../../../domain/clock.js';
import { formatYuan } from '../../../domain/resource.js';
import { LiveStatus, ResidencePaths } from '../../../domain/resources/residence.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

const SHOTS = process.env.E2E_SHOTS ? '.tmp' : null;
/** A full-page screenshot at 1920 px and again at 1280 px (nothing may be cut off at either). */
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/expense-${name}-1920.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/expense-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 1920, height: 1080 });
};

type Rec = Record<string, unknown>;
test.use({ viewport: { width: 1920, height: 1080 } });

/** A call of the API with the page's session. */
async function api(page: Page, method: 'GET' | 'PUT' | 'POST', url: string, data?: unknown): Promise<Rec> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.fetch(url, { method, headers: { authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; result: Rec };
  expect(body.code, body.msg).toBe(0);
  return body.result;
}

/** This month as YYYY-MM, by the console's calendar (the 费用账单 list starts at it). */
const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

/** The id of the elder's bill of a month that is not voided. */
async function billOf(page: Page, oldmanId: number, month: string): Promise<number> {
  const bills = (await api(page, 'GET', `/pims/web-pi/cost/payBack/${oldmanId}?pageHelper=0`)).list as Rec[];
  const bill = bills.find((b) => b.billMonth === month && b.billStatus !== 3);
  expect(bill, `a bill of ${month}`).toBeDefined();
  return Number(bill?.billId);
}

test('expense: prepayment with a receipt, monthly bill paid from the balance and anti-settled, check-out settled and revoked, the book balances', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const everyone = (await api(page, 'GET', '/pims/web-pi/cost/account?pageHelper=0')).list as Rec[];
  // a resident with no money yet whose name no other elder's contains: the name alone finds them
  const elder = everyone.find(
    (r) =>
      r.oldmanStatus === LiveStatus.living &&
      r.prestore === 0 &&
      r.deposit === 0 &&
      r.receivable === 0 &&
      everyone.filter((o) => String(o.oldmanName).includes(String(r.oldmanName))).length === 1,
  ) as Rec;
  const id = Number(elder.oldmanId);
  const name = String(elder.oldmanName);

  // 长者账户: a prepayment of 20000 yuan, its receipt number shown
  await page.goto('/index.html#/expense/account');
  const accounts = page.getByTestId('page-expense-account');
  await accounts.getByLabel('关键字').fill(name);
  await accounts.getByRole('button', { name: '查询' }).click();
  const row = accounts.getByTestId(`row-${id}`);
  await row.getByRole('button', { name: '收款' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('支付方式').locator('option', { hasText: '现金' })).toHaveCount(1);
  await dialog.getByLabel('账户类型').selectOption({ label: '预存款' });
  await dialog.getByLabel('金额（元）').fill('20000.5');
  await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  await shot(page, 'receive');
  await dialog.getByRole('button', { name: '确定收款' }).click();
  await expect(dialog.getByTestId('receipt-no')).toHaveText(/^SJ\d{12}$/);
  // the seeded 满赠 rule (10000 yuan brings 300) applies to this prepayment
  await expect(dialog.getByTestId('receive-gift')).toContainText('300.00 元');
  await dialog.getByRole('button', { name: '完成' }).click();
  await expect(accounts.getByTestId(`account-prestore-${id}`)).toHaveText('20,300.50');
  const prestore = 2030050;
  // the 合计 row adds up every elder of the filters (this one)
  await expect(accounts.getByTestId('resource-sums')).toContainText('预存款（元）：20,300.50');
  await shot(page, 'accounts');

  // 导出: the accounts of the filter (this elder) as a CSV file
  const accountFile = page.waitForEvent('download');
  await accounts.getByRole('button', { name: '导出' }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const accountCsv = readFileSync((await (await accountFile).path()) as string, 'utf8').replace(
    /^\uFEFF/,
    '',
  );
  expect(accountCsv.split('\r\n')[1]).toMatch(new RegExp(`^${name},在住,[^,]*,20300\\.50,`));

  // 费用账单: this month's bills are generated after a preview
  await page.goto('/index.html#/expense/bill');
  const bills = page.getByTestId('page-expense-bill');
  await bills.getByRole('button', { name: '生成账单' }).click();
  const gen = page.getByRole('dialog');
  await gen.getByRole('button', { name: '预览' }).click();
  await expect(gen.getByTestId('bill-preview')).toContainText('应收合计');
  await expect(gen.getByTestId(`bill-preview-${id}`).getByRole('cell').first()).toHaveText(name);
  await shot(page, 'bill-preview');
  await gen.getByRole('button', { name: '确认生成' }).click();
  await expect(gen).toHaveCount(0);
  await bills.getByLabel('关键字').fill(name);
  await bills.getByRole('button', { name: '查询' }).click();
  const billId = await billOf(page, id, thisMonth());
  const bill = bills.getByTestId(`row-${billId}`);
  const billStatus = bills.getByTestId(`bill-status-${billId}`);
  await expect(billStatus).toHaveText('待缴费');
  await shot(page, 'bills');

  // 导出: the bills of the filters as a CSV file
  await bills.getByRole('button', { name: '导出' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  // named by the month the list shows, not the day it was made (issue #42 point 6)
  expect(download.suggestedFilename()).toBe(`费用账单_${thisMonth()}.csv`);
  const csv = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')[0]).toBe(
    '账单月份,长者,费用合计（元）,优惠（元）,应缴（元）,状态,支付方式,缴费时间',
  );
  expect(csv).toContain(`,${name},`);

  // paid from the prepaid balance, then 反结算 puts it back to unpaid
  await bill.getByRole('button', { name: '缴费' }).click();
  const pay = page.getByRole('dialog');
  await expect(pay.getByLabel('支付方式')).toHaveValue('1');
  await pay.getByRole('button', { name: '确认缴费' }).click();
  await expect(billStatus).toHaveText('已缴费');
  const paidAccount = await api(page, 'GET', `/pims/web-pi/cost/account/${id}`);
  expect(Number(paidAccount.prestore)).toBeLessThan(prestore);
  await bill.getByRole('button', { name: '反结算' }).click();
  await page.locator('.bp6-alert').getByRole('button', { name: '反结算' }).click();
  await expect(billStatus).toHaveText('待缴费');
  expect(await api(page, 'GET', `/pims/web-pi/cost/account/${id}`)).toMatchObject({ prestore });

  // the elder moves out (residence API), then is settled at 退住结算 with the refund shown
  const quit = ResidencePaths.status
    .replace(':oldmanId', String(id))
    .replace(':oldmanStatusNew', String(LiveStatus.quit));
  await api(page, 'PUT', quit, { date: today(), note: '回家养老' });
  await page.goto('/index.html#/expense/settle');
  const settle = page.getByTestId('page-expense-settle');
  await settle.getByLabel('关键字').fill(name);
  await settle.getByLabel('关键字').press('Enter');
  await expect(settle.getByTestId(`settle-net-${id}`)).toContainText('应退');
  await settle.getByTestId(`row-${id}`).getByRole('button', { name: '结算' }).click();
  const sd = page.getByRole('dialog');
  await sd.getByRole('button', { name: '添加' }).click();
  await sd.getByLabel('其他费用1名称').fill('物品损坏赔偿');
  await sd.getByLabel('其他费用1金额').fill('50');
  await sd.getByLabel('支付方式').selectOption({ label: '现金' });
  await expect(sd.getByTestId('settle-net')).toContainText('应退');
  await shot(page, 'settle-dialog');
  await sd.getByRole('button', { name: '确认结算' }).click();
  await expect(sd.getByTestId('settle-done')).toContainText(/应退 [\d,]+\.\d{2} 元/);
  await sd.getByRole('button', { name: '完成' }).click();
  expect(await api(page, 'GET', `/pims/web-pi/cost/account/${id}`)).toMatchObject({
    prestore: 0,
    receivable: 0,
  });

  // 结算记录: the settlement is revoked and the money is back
  await settle.getByRole('tab', { name: '结算记录' }).click();
  const settlements = (await api(page, 'GET', `/pims/web-pi/cost/settle/${id}/detail`)).records as Rec[];
  const settleId = Number(settlements[0]?.settleId);
  const record = settle.getByTestId(`row-${settleId}`);
  const settleStatus = settle.getByTestId(`settle-status-${settleId}`);
  await expect(settleStatus).toHaveText('已结算');
  await shot(page, 'settle-records');
  await record.getByRole('button', { name: '撤销结算' }).click();
  await page.locator('.bp6-alert').getByRole('button', { name: '撤销结算' }).click();
  await expect(settleStatus).toHaveText('已撤销');
  expect(await api(page, 'GET', `/pims/web-pi/cost/account/${id}`)).toMatchObject({ prestore });
  await record.getByRole('button', { name: '查看' }).click();
  const settleDetail = page.getByTestId('page-expense-settle-detail');
  await expect(settleDetail).toContainText('已撤销');
  await expect(settleDetail).toContainText('物品损坏赔偿（50.00）');
  await shot(page, 'settle-detail');

  // 账务核对: the book balances to the fen
  await page.goto('/index.html#/expense/report/ledger');
  await expect(page.getByTestId('ledger-ok')).toContainText('账实相符');
  await shot(page, 'ledger');

  // a report from its definition, with its 合计 row, under the spec's alias
  await page.goto('/index.html#/billManagement/advance');
  const advance = page.getByTestId('page-report-advance');
  await advance.getByLabel('关键字').fill(name);
  await advance.getByRole('button', { name: '查询' }).click();
  await expect(advance.getByTestId('resource-table')).toContainText('20,000.50');
  // the 合计 of every line of the elder's prepaid account is its balance, back where it was
  await expect(advance.getByTestId('resource-sums')).toHaveText(`合计发生额（元）：${formatYuan(prestore)}`);
  await shot(page, 'report');
});

test('expense: account statement with remit, transfer and void; batch payment; a bill line; reminders, receipts and settings', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  const residents = (await api(page, 'GET', '/pims/web-pi/cost/account?oldmanStatuses=1&pageHelper=0'))
    .list as Rec[];
  const fresh = residents.filter((r) => r.prestore === 0 && r.deposit === 0);
  const [a, b, c] = fresh as [Rec, Rec, Rec];
  const aId = Number(a.oldmanId);

  // 账户明细: 收款, 划转 to the deposit, 转账 to another elder, then the transfer is voided
  await page.goto(`/index.html#/expense/accountDetail?oldmanId=${aId}`);
  const detail = page.getByTestId('page-expense-account-detail');
  await detail.getByRole('button', { name: '收款' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('金额（元）').fill('1000');
  await dialog.getByLabel('支付方式').selectOption({ label: '微信（线下）' });
  await dialog.getByRole('button', { name: '确定收款' }).click();
  await expect(dialog.getByTestId('receipt-no')).toHaveText(/^SJ/);
  await dialog.getByRole('button', { name: '完成' }).click();
  await detail.getByRole('button', { name: '划转' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('转出账户').selectOption({ label: '预存款' });
  await dialog.getByLabel('转入账户').selectOption({ label: '入院押金' });
  await dialog.getByLabel('金额（元）').fill('300');
  await dialog.getByRole('button', { name: '确定划转' }).click();
  await expect(detail.getByTestId('detail-balances')).toContainText('入院押金 300.00 元');
  await detail.getByRole('button', { name: '转账' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('转入长者', { exact: true }).selectOption({ value: String(b.oldmanId) });
  await dialog.getByLabel('金额（元）').fill('100.25');
  await dialog.getByRole('button', { name: '确定转账' }).click();
  await expect(detail.getByTestId('detail-balances')).toContainText('预存款 599.75 元');
  // the statement is the one list table: a line's buttons are the group named after its memo, its figures gridcells
  const statement = detail.getByTestId('resource-table');
  const transferred = `转给${String(b.oldmanName)}`;
  // (the memo names the account first: 预存款转给…; its void's line is 作废：…)
  const transferRow = statement.getByRole('group', { name: new RegExp(`^预存款${transferred}$`) });
  await expect(statement.getByRole('gridcell', { name: '-100.25', exact: true })).toBeVisible();
  await transferRow.getByRole('button', { name: '作废' }).click();
  await page.locator('.bp6-alert').getByRole('button', { name: '作废' }).click();
  await expect(detail.getByTestId('detail-balances')).toContainText('预存款 700.00 元');
  await expect(
    statement.getByRole('gridcell', { name: new RegExp(`^预存款${transferred}\\s*已作废$`) }),
  ).toBeVisible();
  await expect(transferRow.getByRole('button', { name: '作废' })).toHaveCount(0);
  await detail.getByRole('tab', { name: '押金' }).click();
  await expect(statement.getByRole('gridcell', { name: '300.00', exact: true }).first()).toBeVisible();
  await detail.getByRole('tab', { name: '预存款' }).click();
  // the 1,000 received by WeChat: its line found by the statement the screen reads
  const lines = (await api(page, 'GET', `/pims/web-pi/cost/account/${aId}/1?pageNum=1&pageSize=20`))
    .list as Rec[];
  const received = lines.find((l) => l.payWayName === '微信（线下）' && l.amount === 100_000);
  expect(received, 'the line of the 1,000 received').toBeDefined();
  const receiptRow = statement.getByTestId(`row-${String(received?.entryId)}`);
  const popup = page.waitForEvent('popup');
  await receiptRow.getByRole('button', { name: '打印收据' }).click();
  const printed = await popup;
  await expect(printed.locator('body')).toContainText('1,000.00 元');
  await printed.close();
  await shot(page, 'account-detail');

  // 批量收款: two elders chosen on the list (kept in session storage), one amount each
  await page.goto('/index.html#/expense/account');
  const accounts = page.getByTestId('page-expense-account');
  for (const e of [b, c]) {
    await accounts.getByLabel('关键字').fill(String(e.oldmanName));
    await accounts.getByRole('button', { name: '查询' }).click();
    const box = accounts.getByRole('checkbox', { name: `选择 ${String(e.oldmanName)}`, exact: true });
    // A fresh-clone run once waited here for 2 minutes; what the list showed instead says why.
    await expect(box)
      .toBeVisible({ timeout: 20_000 })
      .catch(async (error: unknown) => {
        console.log(`no row for ${String(e.oldmanName)} (${String(e.oldmanId)}) at ${page.url()}:`);
        console.log(await page.locator('body').ariaSnapshot());
        throw error;
      });
    await box.check();
  }
  await accounts.getByRole('button', { name: /批量收款（已选 2 位）/ }).click();
  const batch = page.getByTestId('page-expense-batch');
  await batch.getByLabel('账户类型').selectOption({ label: '医疗押金' });
  await batch.getByLabel('支付方式').selectOption({ label: '转账' });
  await batch.getByLabel('统一金额（元）').fill('800');
  await batch.getByRole('button', { name: '应用到全部' }).click();
  await expect(batch).toContainText('合计 1,600.00 元');
  await shot(page, 'batch');
  await batch.getByRole('button', { name: '确认收款' }).click();
  await expect(page.getByTestId('page-expense-account')).toBeVisible();
  expect(await api(page, 'GET', `/pims/web-pi/cost/account/${String(c.oldmanId)}`)).toMatchObject({
    medicalDeposit: 80000,
  });
  expect(await page.evaluate(() => sessionStorage.getItem('pims2.payBatchData'))).toBeNull();

  // 账单详情: a line added to an unpaid bill raises what is due; the elder's bills paid in one go
  const month = new Date().toISOString().slice(0, 7);
  const existing = (await api(page, 'GET', `/pims/web-pi/cost/payBack/${aId}`)).list as Rec[];
  if (!existing.some((x) => x.billMonth === month))
    await page.request.post('/pims/web-pi/cost/payBack/addBill', {
      headers: {
        authorization: await page.evaluate(
          () => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token,
        ),
      },
      data: { billMonth: month, oldmanIds: [aId] },
    });
  const bills = (await api(page, 'GET', `/pims/web-pi/cost/payBack/${aId}`)).list as Rec[];
  const bill = bills.find((x) => x.billMonth === month && x.billStatus === 0) as Rec;
  await page.goto(`/index.html#/expense/accountBillDetail?billId=${String(bill.billId)}`);
  const billDetail = page.getByTestId('page-expense-bill-detail');
  await expect(billDetail.getByTestId('bill-payable')).toHaveText(formatYuan(Number(bill.payableFen)));
  await billDetail.getByRole('button', { name: '添加费用' }).click();
  await billDetail.getByLabel('收费项目').selectOption({ label: '陪护费' });
  await billDetail.getByLabel('数量').fill('2');
  await billDetail.getByRole('button', { name: '保存' }).click();
  await expect(billDetail.getByTestId('bill-payable')).toHaveText(
    formatYuan(Number(bill.payableFen) + 30000),
  );
  await expect(billDetail).toContainText('陪护费');
  await shot(page, 'bill-detail');
  await page.goto(`/index.html#/expense/accountBillBatchPayment?oldmanIds=${aId}`);
  const billBatch = page.getByTestId('page-expense-bill-batch');
  await expect(billBatch).toContainText(month);
  await billBatch.getByLabel('支付方式').selectOption({ label: '现金' });
  await shot(page, 'bill-batch');
  await billBatch.getByRole('button', { name: '确认缴费' }).click();
  await expect(page.getByTestId('page-expense-bill')).toBeVisible();
  expect(await api(page, 'GET', `/pims/web-pi/cost/account/${aId}`)).toMatchObject({ receivable: 0 });

  // 缴费提醒: the text of each template; 历史收据 lists the elder's receipts
  await page.goto('/index.html#/expense/paymentRemind');
  const remind = page.getByTestId('page-expense-remind');
  await remind.getByRole('button', { name: '发送提醒' }).first().click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('提醒模板').selectOption({ label: '欠费催缴' });
  await expect(dialog.getByTestId('remind-content')).toContainText('未缴');
  await shot(page, 'remind');
  await dialog.getByRole('button', { name: '取消' }).click();
  await page.goto('/index.html#/charge/historyReceiptList');
  const receipts = page.getByTestId('page-expense-receipt');
  await receipts.getByLabel('关键字').fill(String(a.oldmanName));
  await receipts.getByRole('button', { name: '查询' }).click();
  await expect(receipts).toContainText('1,000.00');
  await shot(page, 'receipts');

  // settings from the definitions
  await page.goto('/index.html#/baseSettings/baseCharge');
  const base = page.getByTestId('page-expense-base-charge');
  await expect(base.getByTestId('resource-list-costProject')).toContainText('陪护费');
  await shot(page, 'base-charge');
  await base.getByRole('tab', { name: '支付方式' }).click();
  await expect(base.getByTestId('trade-ways')).toContainText('支付宝（线下）');
  await base.getByRole('tab', { name: '护理等级' }).click();
  await expect(base.getByTestId('resource-list-level')).toBeVisible();
  await page.goto('/index.html#/setting/preferentialRules');
  await expect(page.getByTestId('page-expense-preferential')).toContainText('预存满一万赠三百');
  await shot(page, 'preferential');
  await page.goto('/index.html#/storageBasic/costSet');
  await expect(page.getByTestId('resource-list-costSet')).toBeVisible();
  await page.goto('/index.html#/billManagement/income');
  await expect(page.getByTestId('resource-list-inOut')).toBeVisible();
});

test('expense: a bill paid by 微信扫码 through the sandbox gateway, and a prepayment taken by 支付宝付款码', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const residents = (await api(page, 'GET', '/pims/web-pi/cost/account?oldmanStatuses=1&pageHelper=0'))
    .list as Rec[];
  const elder = residents.find((r) => r.prestore === 0 && r.deposit === 0) as Rec;
  const id = Number(elder.oldmanId);
  const name = String(elder.oldmanName);
  await api(page, 'POST', '/pims/web-pi/cost/payBack/addBill', { billMonth: '2026-07', oldmanIds: [id] });

  await page.goto('/index.html#/expense/bill');
  const bills = page.getByTestId('page-expense-bill');
  await bills.getByLabel('账单月份', { exact: true }).fill('2026-07');
  await bills.getByLabel('关键字').fill(name);
  await bills.getByRole('button', { name: '查询' }).click();
  const billId = await billOf(page, id, '2026-07');
  const billStatus = bills.getByTestId(`bill-status-${billId}`);
  await expect(billStatus).toHaveText('待缴费');
  await bills.getByTestId(`row-${billId}`).getByRole('button', { name: '缴费' }).click();
  const pay = page.getByRole('dialog');
  await pay.getByLabel('支付方式').selectOption({ label: '微信扫码' });
  await pay.getByRole('button', { name: '去扫码支付' }).click();
  const scan = page.getByRole('dialog', { name: '扫码收款' });
  await scan.getByRole('button', { name: '生成收款码' }).click();
  await expect(scan.getByTestId('pay-code-url')).toBeVisible();
  // nothing is paid until the customer pays
  await expect(billStatus).toHaveText('待缴费');
  await scan.getByRole('button', { name: '模拟扫码支付' }).click();
  await expect(scan.getByText('支付成功')).toBeVisible();
  await scan.getByRole('button', { name: '完成' }).click();
  await expect(billStatus).toHaveText('已缴费');

  // 长者账户 › 收款 by the customer's 付款码: the gateway answers after a moment, then the balance shows it
  await page.goto('/index.html#/expense/account');
  const accounts = page.getByTestId('page-expense-account');
  await accounts.getByLabel('关键字').fill(name);
  await accounts.getByLabel('关键字').press('Enter');
  await accounts.getByTestId(`row-${id}`).getByRole('button', { name: '收款' }).click();
  const receive = page.getByRole('dialog');
  await receive.getByLabel('金额（元）').fill('88.80');
  await receive.getByLabel('支付方式').selectOption({ label: '支付宝付款码' });
  await receive.getByRole('button', { name: '确定收款' }).click();
  const micro = page.getByRole('dialog', { name: '扫码收款' });
  await micro.getByLabel('付款码').fill('280000000000001234');
  await micro.getByLabel('付款码').press('Enter');
  await expect(micro.getByText('支付成功')).toBeVisible({ timeout: 15_000 });
  await micro.getByRole('button', { name: '完成' }).click();
  await expect(accounts.getByTestId(`account-prestore-${id}`)).toHaveText('88.80');
  const ledger = await api(page, 'GET', '/pims/web-pi/cost/reconciliation/ledger');
  expect(ledger).toMatchObject({ ok: true, totalFen: 0 });
});
