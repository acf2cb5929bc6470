import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { KEEPER, openMenu, signIn } from '../support.js';

test.use({ viewport: { width: 1366, height: 768 } });

/**
 * 仓储管理's base records (issue #37 point 9): the warehouse keeper (kuguan01, the 库管 preset) adds a
 * depot, a supplier, a spec and a classify through the menu, makes a good of that spec and class,
 * and a new 入库单 offers all of them; the depot it used can no longer be deleted.
 */
const tag = String(Date.now() % 1_000_000);
const names = {
  depot: `东区库房${tag}`,
  supplier: `顺达耗材${tag}`,
  spec: `提${tag}`,
  classify: `复印纸${tag}`,
  sku: `A4复印纸${tag}`,
};

/** Opens 仓储管理 › `menu`, adds a record through 新增 and finds it in the list by its keyword. */
async function addThrough(
  page: Page,
  menu: string,
  resource: string,
  fill: (form: Locator) => Promise<void>,
) {
  await openMenu(page, '仓储管理', menu);
  const screen = page.getByTestId(`page-${resource}`);
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId(`resource-form-${resource}`);
  await fill(form);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
  return screen;
}

/**
 * The list narrowed to the record's name (it may hold more than a page): its table, which then
 * shows that record alone, and the row's buttons (查看/编辑/删除).
 */
async function rowOf(screen: Locator, name: string) {
  await screen.getByLabel('关键字').fill(name);
  await screen.getByRole('button', { name: '查询' }).click();
  const table = screen.getByTestId('resource-table');
  const buttons = table.getByRole('group', { name, exact: true });
  await expect(buttons).toBeVisible();
  return { table, buttons };
}

test('depot, supplier, spec and classify added through the menu are offered on a 入库单', async ({
  page,
}) => {
  await signIn(page, KEEPER);

  const depots = await addThrough(page, '仓库管理', 'storageDepot', async (form) => {
    await form.getByLabel('仓库名称').fill(names.depot);
    await form.getByLabel('存放位置').fill('3号楼负一层');
  });
  await expect((await rowOf(depots, names.depot)).table).toContainText('3号楼负一层');

  const suppliers = await addThrough(page, '供应商管理', 'storageSupplier', async (form) => {
    await form.getByLabel('供应商名称').fill(names.supplier);
    await form.getByLabel('联系人').fill('钱立新');
  });
  await expect((await rowOf(suppliers, names.supplier)).table).toContainText('钱立新');

  const specs = await addThrough(page, '规格管理', 'storageSpec', async (form) => {
    // 规格管理 keeps units: its record and the good's field say 单位 (issue #42 point 6)
    await form.getByLabel('单位名称').fill(names.spec);
  });
  await expect((await rowOf(specs, names.spec)).table).toContainText(names.spec);

  // a third-level class under the seed's 办公用品 › 纸品: goods hang on level 3
  const classes = await addThrough(page, '物品分类', 'storageClassify', async (form) => {
    await form.getByLabel('分类名称').fill(names.classify);
    await form.getByLabel('上级分类', { exact: true }).selectOption({ label: '纸品（二级）' });
  });
  const { table: classTable } = await rowOf(classes, names.classify);
  await expect(classTable).toContainText(`${names.classify}纸品3`); // 分类名称, 上级分类, 分类级别

  // the good's form offers the new spec and, below its parents, the new class
  await addThrough(page, '物品管理', 'storageSku', async (form) => {
    await form.getByLabel('物品名称').fill(names.sku);
    // the classes are many: the filter box finds the new one by any part of its path
    await form.getByRole('textbox', { name: '筛选物品分类' }).fill(names.classify);
    await form
      .getByLabel('物品分类', { exact: true })
      .selectOption({ label: `办公用品 / 纸品 / ${names.classify}` });
    await form.getByLabel('单位', { exact: true }).selectOption({ label: names.spec });
  });

  await openMenu(page, '仓储管理', '入库管理');
  const stockIn = page.getByTestId('page-store');
  await stockIn.getByRole('button', { name: '新增入库单' }).click();
  const dialog = page.getByRole('dialog', { name: '新增入库单' });
  await dialog.getByRole('combobox', { name: /^仓库/ }).selectOption({ label: names.depot });
  await dialog.getByRole('combobox', { name: '供应商' }).selectOption({ label: names.supplier });
  await dialog.getByRole('combobox', { name: '物品1' }).selectOption({ label: names.sku });
  await dialog.getByLabel('数量').fill('12');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog).toBeHidden();
  const list = stockIn.getByTestId('resource-list-storageStore');
  await expect(list.getByTestId('resource-table')).toContainText(names.depot);
  await expect(list.getByTestId('resource-table')).toContainText(names.supplier);

  // the depot now names a document: deleting it is refused, and it stays
  await openMenu(page, '仓储管理', '仓库管理');
  const depot = await rowOf(depots, names.depot);
  await depot.buttons.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
  await expect(
    page.getByText(new RegExp(`仓库“${names.depot}”已被入库单RK\\d+使用，不能删除`)),
  ).toBeVisible();
  await expect((await rowOf(depots, names.depot)).table).toContainText(names.depot);
});
