import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, selectElder, signIn } from '../support.js';

const SHOTS = process.env.E2E_SHOTS ? '.tmp' : null;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/homecare-${name}.png`, fullPage: true });
};

// an office screen: the lists' operation column is in view without scrolling
test.use({ viewport: { width: 1920, height: 1080 } });

/** Opens a row's workflow step and confirms its dialog (filling what it asks first). */
async function step(page: Page, row: Locator, label: string, fill?: (dialog: Locator) => Promise<void>) {
  await row.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await fill?.(dialog);
  await dialog.getByRole('button', { name: `确定${label}` }).click();
  await expect(page.getByText(`${label}成功`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('home care: an order is created, paid from the balance, dispatched, served, completed, and its after-sale audited', async ({
  page,
}) => {
  await signIn(page, ADMIN);

  // 居家账户: open an account for a seeded elder and top it up.
  await page.goto('/index.html#/homecare/account');
  const accounts = page.getByTestId('page-homecare-accounts');
  await accounts.getByRole('button', { name: '新增', exact: true }).click();
  const accountForm = page.getByTestId('resource-form-costAccount');
  await selectElder(accountForm.getByLabel('长者', { exact: true }), '沈阿婆');
  await accountForm.getByRole('button', { name: '保存' }).click();
  await expect(accountForm).toHaveCount(0);
  const accountRow = accounts.getByRole('group', { name: '沈阿婆' });
  await step(page, accountRow, '充值', async (dialog) => {
    await dialog.getByLabel('金额（元）').fill('200');
    await dialog.getByLabel('支付方式').selectOption({ label: '微信' });
  });
  await expect(accounts.getByTestId('resource-table').getByText('200.00')).toBeVisible();
  await shot(page, 'account');

  // 新增服务工单.
  await page.goto('/index.html#/homecare/serverWorkorder');
  const orders = page.getByTestId('page-homecare-orders');
  await orders.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('resource-form-serveOrder');
  await selectElder(form.getByLabel('长者', { exact: true }), '沈阿婆');
  await form.getByLabel('服务项目').selectOption({ label: '助浴服务' });
  await form.getByLabel('数量').fill('1');
  await form.getByLabel('预约服务时间').fill('2026-12-01T09:00:00');
  await form.getByRole('button', { name: '保存' }).click();
  const detail = page.getByTestId('page-homecare-order-detail');
  await expect(detail.getByText('待支付').first()).toBeVisible();
  const orderId = new URL(page.url().replace('#', '')).searchParams.get('orderId');
  expect(orderId).toMatch(/^\d+$/);
  await detail.getByRole('button', { name: '返回列表' }).click();

  // Each row offers what the machine allows from its status.
  const row = orders.getByTestId(`row-${orderId}`);
  await expect(row.getByRole('button', { name: '派单', exact: true })).toHaveCount(0);
  await step(page, row, '支付');
  await expect(orders.getByTestId('resource-table').getByText('待派单')).toBeVisible();
  await step(page, row, '派单', async (dialog) => {
    await dialog.getByLabel('服务人员').selectOption({ index: 1 });
  });
  await step(page, row, '接单');
  await expect(row.getByRole('button', { name: '接单', exact: true })).toHaveCount(0);
  await step(page, row, '开始服务');
  await expect(orders.getByTestId('resource-table').getByText('服务中')).toBeVisible();
  await step(page, row, '完成服务');
  // other specs leave completed orders too: the row's own buttons say it is 已完成
  await expect(row.getByRole('button', { name: '申请售后', exact: true })).toBeVisible();
  await shot(page, 'orders');
  await step(page, row, '申请售后', async (dialog) => {
    await dialog.getByLabel('售后原因').fill('服务时间不足');
  });
  await expect(row.getByRole('button', { name: '申请售后', exact: true })).toHaveCount(0);

  // 售后工单: audit with a partial refund.
  await page.goto('/index.html#/homecare/afterSaleOrder');
  const afterSales = page.getByTestId('page-homecare-after-sales');
  await expect(afterSales.getByTestId('resource-table').getByText('待处理')).toBeVisible();
  await afterSales.getByRole('button', { name: '审核', exact: true }).click();
  const audit = page.getByRole('dialog');
  await audit.getByLabel('退款金额（元）').fill('10');
  await audit.getByLabel('处理意见').fill('退还部分费用');
  await audit.getByRole('button', { name: '确定审核' }).click();
  await expect(page.getByText('售后审核完成')).toBeVisible();
  await expect(afterSales.getByTestId('resource-table').getByText('已处理')).toBeVisible();
  await shot(page, 'after-sales');

  // The order's detail: closed, with every step on the timeline.
  await page.goto(`/index.html#/homecare/serverWorkorderDetail?orderId=${orderId}`);
  const log = page.getByTestId('order-log');
  await expect(log.getByRole('listitem')).toHaveCount(8);
  for (const label of ['创建工单', '支付', '派单', '接单', '开始服务', '完成服务', '申请售后', '售后审核'])
    await expect(log.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByTestId('page-homecare-order-detail').getByText('已关闭').first()).toBeVisible();
  await shot(page, 'detail');

  // The balance: 200 − 80 (助浴服务) + 10 refunded.
  await page.goto('/index.html#/homecare/account');
  await expect(accounts.getByTestId('resource-table').getByText('130.00')).toBeVisible();
});

test('home care: the server’s refusal shows in the step dialog and the order stays as it was', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/homecare/serverWorkorderAdd');
  const form = page.getByTestId('resource-form-serveOrder');
  await selectElder(form.getByLabel('长者', { exact: true }), '钱老伯');
  await form.getByLabel('服务项目').selectOption({ label: '上门助餐' });
  await form.getByLabel('数量').fill('2');
  await form.getByLabel('预约服务时间').fill('2026-12-02T11:30:00');
  await form.getByRole('button', { name: '保存' }).click();
  const detail = page.getByTestId('page-homecare-order-detail');
  await expect(detail.getByText('30.00').first()).toBeVisible();
  // 钱老伯 has no cost account: paying from the balance is refused, nothing changes.
  await detail.getByRole('button', { name: '支付', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '确定支付' }).click();
  await expect(dialog.getByTestId('order-action-error')).toHaveText('该长者还没有居家账户，请先开户');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page.getByTestId('order-log').getByRole('listitem')).toHaveCount(1);
  await expect(detail.getByText('待支付').first()).toBeVisible();
  // Paid in cash instead, the order moves on and 派单 is offered.
  await detail.getByRole('button', { name: '支付', exact: true }).click();
  await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  await dialog.getByRole('button', { name: '确定支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
  await expect(detail.getByRole('button', { name: '派单', exact: true })).toBeVisible();
  await expect(page.getByTestId('order-log').getByRole('listitem')).toHaveCount(2);
});
