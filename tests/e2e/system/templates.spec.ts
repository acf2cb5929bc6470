import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, openMenu, signIn } from '../support.js';

const SHOTS = process.env.E2E_SHOTS ? '.tmp' : null;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** Confirms the open delete alert and waits until it has closed, so the next alert is the only one. */
async function confirmDelete(page: Page) {
  const alert = page.locator('.bp6-alert');
  await alert.getByRole('button', { name: '删除' }).click();
  await expect(alert).toHaveCount(0);
}

async function nameType(page: Page, button: string, name: string) {
  await page.getByTestId('template-types').getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('类型名称').fill(name);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toHaveCount(0);
}

test('form templates: types are added, ordered, renamed; a template is added, edited and deleted', async ({
  page,
}) => {
  await signIn(page, ADMIN, '院办');
  await page.goto('/index.html#/systemSetting/templateReportSet');
  const screen = page.getByTestId('page-templateReportSet');
  await expect(screen.getByText('暂无模板类型')).toBeVisible();
  const types = screen.getByTestId('template-types').getByRole('menuitem');

  await nameType(page, '新增类型', '护理评估');
  await nameType(page, '新增类型', '日常记录');
  await expect(types).toHaveText(['护理评估', '日常记录']);
  // The new type is the chosen one; moving it up is saved with PUT templateType/sort.
  await screen.getByRole('button', { name: '上移' }).click();
  await expect(types).toHaveText(['日常记录', '护理评估']);
  await types.filter({ hasText: '护理评估' }).click();
  await nameType(page, '重命名', '护理评估表');
  await expect(screen.getByRole('heading', { name: '护理评估表' })).toBeVisible();
  await page.reload();
  await expect(types).toHaveText(['日常记录', '护理评估表']);
  await expect(screen.getByText('该类型下暂无模板')).toBeVisible();

  await screen.getByRole('button', { name: '新增模板' }).click();
  const detail = page.getByTestId('page-form-template');
  await expect(detail.getByLabel('模板类型')).toHaveValue(/\d+/);
  // the 工作台 the console landed on and the list: the detail opens no tab of its own
  await expect(page.getByTestId('tab')).toHaveCount(2);
  await detail.getByRole('button', { name: '保存' }).click();
  await expect(detail.getByText('请输入模板名称')).toBeVisible();
  await expect(detail.getByTestId('form-error')).toHaveText('请至少添加一个字段');
  await detail.getByLabel('模板名称').fill('跌倒风险评估');
  await detail.getByRole('button', { name: '添加字段' }).click();
  await detail.getByRole('button', { name: '添加字段' }).click();
  const rows = detail.getByTestId('form-field-row');
  await rows.nth(0).getByLabel('字段名称').fill('评估日期');
  await rows.nth(0).getByLabel('字段类型').selectOption('date');
  await rows.nth(1).getByLabel('字段名称').fill('意识状态');
  await rows.nth(1).getByLabel('字段类型').selectOption('select');
  await rows.nth(1).getByLabel('必填').check({ force: true });
  await rows.nth(1).getByLabel('选项').fill('清醒，嗜睡，昏迷');
  const preview = detail.getByTestId('form-preview');
  await expect(preview.getByRole('heading', { name: '跌倒风险评估' })).toBeVisible();
  await expect(preview.getByRole('radio')).toHaveCount(3);
  await shot(page, 'form-template-detail');
  await detail.getByRole('button', { name: '保存' }).click();

  await expect(screen).toBeVisible();
  const row = screen.getByTestId(/^row-/);
  const table = screen.getByTestId('resource-table');
  await expect(row).toHaveCount(1);
  await expect(table).toContainText('跌倒风险评估');
  await expect(table).toContainText('启用');
  await shot(page, 'form-templates');

  await row.getByRole('button', { name: '编辑' }).click();
  await expect(detail.getByTestId('form-field-row')).toHaveCount(2);
  await expect(rows.nth(1).getByLabel('选项')).toHaveValue('清醒，嗜睡，昏迷');
  await detail.getByLabel('模板名称').fill('跌倒风险评估（2026版）');
  await detail.getByText('启用', { exact: true }).click();
  await detail.getByRole('button', { name: '保存' }).click();
  await expect(table).toContainText('跌倒风险评估（2026版）');
  await expect(table).toContainText('停用');

  // A type that still has templates is kept; the server's reason is shown.
  await screen.getByRole('button', { name: '删除类型' }).click();
  await confirmDelete(page);
  await expect(page.getByText('该类型下仍有模板，不能删除')).toBeVisible();
  await expect(types).toHaveCount(2);

  await row.getByRole('button', { name: '删除' }).click();
  await expect(page.locator('.bp6-alert')).toContainText('跌倒风险评估（2026版）');
  await confirmDelete(page);
  await expect(screen.getByText('该类型下暂无模板')).toBeVisible();
  await screen.getByRole('button', { name: '删除类型' }).click();
  await confirmDelete(page);
  await expect(types).toHaveText(['日常记录']);
});

test('an installation package is added on its own page and listed with its size', async ({ page }) => {
  await signIn(page, ADMIN, '院办');
  await openMenu(page, '系统管理', '系统设置', '安装包管理');
  const list = page.getByTestId('page-install-package');
  await list.getByRole('button', { name: '新增安装包' }).click();
  const form = page.getByTestId('page-install-package-save');
  // the 工作台 the console landed on and the list: the add page opens no tab of its own
  await expect(page.getByTestId('tab')).toHaveCount(2);

  await form.getByRole('button', { name: '上传' }).click();
  await expect(form.getByText('请选择安装包文件')).toBeVisible();
  await expect(form.getByText('请输入安装包名称')).toBeVisible();
  await form.getByLabel('安装包名称').fill('护士站主机程序');
  await form.getByLabel('版本号').fill('3.0.1');
  await form.getByLabel('设备类型').fill('护士站主机');
  await form.getByLabel('备注').fill('修复呼叫记录不刷新');
  const file = form.locator('input[type=file]');
  await file.setInputFiles({
    name: 'nurse-host.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('x'),
  });
  await form.getByRole('button', { name: '上传' }).click();
  await expect(form.getByText('上传安装包要求是 apk/zip/bin/hex 格式')).toBeVisible();
  const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(3 * 1024 - 4)]);
  await file.setInputFiles({ name: 'nurse-host-3.0.1.zip', mimeType: 'application/zip', buffer: zip });
  await expect(form.getByText('nurse-host-3.0.1.zip（3.0 KB）')).toBeVisible();
  await shot(page, 'install-package-save');
  await form.getByRole('button', { name: '上传' }).click();

  await expect(list).toBeVisible();
  await expect(list.getByRole('link', { name: 'nurse-host-3.0.1.zip' })).toBeVisible();
  await expect(list.getByText('3.0.1', { exact: true })).toBeVisible();
  await expect(list.getByText('3.0 KB', { exact: true })).toBeVisible();
  const row = list.getByRole('group', { name: '护士站主机程序' });
  await shot(page, 'install-packages');

  // Leave the list as other specs expect it (settings.spec sums its own upload).
  await row.getByRole('button', { name: '删除' }).click();
  await confirmDelete(page);
  await expect(list.getByText('暂无安装包')).toBeVisible();
});
