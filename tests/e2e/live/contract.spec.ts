import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

const SHOTS = process.env.E2E_SHOTS ? '.tmp' : null;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test('contracts: one is made for an elder from the seeded template, listed and printed', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/live/contractDocument');
  const list = page.getByTestId('resource-list-contract');
  await expect(list.getByText('暂无数据')).toBeVisible();
  await list.getByRole('button', { name: '新增', exact: true }).click();

  const form = page.getByTestId('contract-form');
  const elder = form.getByLabel('长者', { exact: true });
  await expect(elder.locator('option')).not.toHaveCount(1);
  // a choice reads 张桂英（1号楼1层1103-2床）: the contract names the elder
  const name = ((await elder.locator('option').nth(1).textContent()) ?? '').replace(/（.*$/, '').trim();
  expect(name).not.toBe('');
  await elder.selectOption({ index: 1 });
  await form.getByLabel('合同模板').selectOption({ label: '入住合同 / 机构养老服务合同' });
  await form.getByLabel('合同金额（元）').fill('3800.50');
  await form.getByLabel('乙方签字人').fill('张伟');
  const preview = page.frameLocator('[data-testid=contract-preview]');
  await expect(preview.getByText(`乙方（长者）：${name}`, { exact: false })).toBeVisible();
  await shot(page, 'contract-form');

  // an end before the start is refused with the server's message, the dialog stays open
  await form.getByLabel('结束日期').fill('2020-01-01');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByTestId('form-error')).toHaveText('合同结束日期须晚于开始日期');
  await form.getByLabel('结束日期').fill('2099-12-31');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);

  // Table2 has no row elements: each row's buttons are a group named after its contract number
  const table = list.getByTestId('resource-table');
  await expect(table.getByText(name, { exact: true })).toBeVisible();
  await expect(table.getByText('草稿', { exact: true })).toBeVisible();
  await expect(table.getByText('3,800.50')).toBeVisible();
  const row = list.getByRole('group', { name: /^HT\d{12}$/ });
  await expect(row).toHaveCount(1);
  await shot(page, 'contract-list');

  const [printView] = await Promise.all([
    context.waitForEvent('page'),
    row.getByRole('button', { name: '打印' }).click(),
  ]);
  await expect(printView.getByRole('button', { name: '打印' })).toBeVisible();
  await expect(printView.getByText(`乙方（长者）：${name}`, { exact: false })).toBeVisible();
  await shot(printView, 'contract-print');
  await printView.close();

  await row.getByRole('button', { name: '查看' }).click();
  const view = page.getByRole('dialog');
  await expect(
    view.frameLocator('[data-testid=contract-preview]').getByText(name, { exact: false }),
  ).toBeVisible();
  await expect(view.getByText('3,800.50')).toBeVisible();
  await expect(view.getByText('机构养老服务合同')).toBeVisible();
  await shot(page, 'contract-view');
});

test('documents by template type: a notice is filled for an elder and listed under its type', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/live/tempeleteDocument');
  // without a type in the address the first one shows; the select switches within the tab
  const types = page.getByLabel('文书类型');
  await expect(types.locator('option:checked')).toHaveText('入住合同');
  const notice = await types.locator('option', { hasText: '告知书' }).getAttribute('value');
  await page.goto(`/index.html#/live/tempeleteDocument/${String(notice)}`);
  await expect(types.locator('option:checked')).toHaveText('告知书');
  const list = page.getByTestId('resource-list-templateData');
  await expect(list.getByText('暂无数据')).toBeVisible();
  await list.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('document-form');
  const elder = form.getByLabel('长者', { exact: true });
  await expect(elder.locator('option')).not.toHaveCount(1);
  await elder.selectOption({ index: 2 });
  const name = ((await elder.locator('option:checked').textContent()) ?? '').replace(/（.*$/, '').trim();
  await expect(form.getByLabel('模板', { exact: true })).toHaveValue(/\d+/);
  const preview = page.frameLocator('[data-testid=contract-preview]');
  await expect(preview.getByText(`${name} 及其家属已知悉`, { exact: false })).toBeVisible();
  await form.getByLabel('备注').fill('家属已签字');
  await shot(page, 'document-form');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);
  const table = list.getByTestId('resource-table');
  await expect(table.getByText(name, { exact: true })).toBeVisible();
  await expect(table.getByText('入住风险告知书')).toBeVisible();
  await shot(page, 'document-list');

  // the contract form of one elder (not a tab) keeps the elder fixed
  await page.goto('/index.html#/live/contract/oldman?oldmanId=1');
  const elderForm = page.getByTestId('contract-form');
  await expect(elderForm.getByLabel('长者', { exact: true })).toBeDisabled();
  await expect(elderForm.getByLabel('长者', { exact: true })).toHaveValue('1');
  await shot(page, 'elder-contract');
});
