import { writeFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { idCard } from '../../support/idCards.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

/** Sequence numbers (3 digits) that differ between runs on the same data. */
const unique = Date.now() % 300;

test('a new elder with a valid ID card is saved with birth date and sex from it; an invalid one is refused', async ({
  page,
}) => {
  await signIn(page, ADMIN, '护理一部');
  await page.goto('/#/live/archives/base');
  await page.getByRole('button', { name: '新增' }).click();
  await expect(page.getByTestId('page-archives-add')).toBeVisible();
  const good = idCard('1942-06-15', 2 * unique);
  const bad = `${good.slice(0, 17)}${good[17] === '1' ? '2' : '1'}`;
  await page.getByLabel('姓名').fill('郑桂芳');
  await page.getByLabel('身份证号').fill(bad);
  await page.getByLabel('所属部门').selectOption({ label: '护理一部' });
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('身份证号：校验位不正确')).toBeVisible();
  await expect(page.getByTestId('page-archives-add')).toBeVisible();

  await page.getByLabel('身份证号').fill(good);
  await page.getByLabel('联系电话').fill('13912345678');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('page-archive-detail')).toBeVisible();
  await expect(page.getByTestId('page-archive-detail')).toContainText('郑桂芳');
  await expect(page.getByTestId('page-archive-detail')).toContainText('1942-06-15');
  await expect(page.getByTestId('page-archive-detail')).toContainText('女');
  // A scanned report kept with the profile.
  await page.getByRole('tab', { name: '附件' }).click();
  const pdf = test.info().outputPath('体检报告.pdf');
  writeFileSync(pdf, Buffer.from('%PDF-1.4\n%report\n'));
  await page.getByLabel('添加附件').setInputFiles(pdf);
  await expect(page.getByTestId('elder-files').getByRole('link', { name: '体检报告.pdf' })).toBeVisible();

  // The same number again is refused by the server with its message; what was typed stays.
  await page.goto('/#/live/archivesAdd');
  await page.getByLabel('姓名').fill('郑桂芳二');
  await page.getByLabel('身份证号').fill(good);
  await page.getByLabel('所属部门').selectOption({ label: '护理一部' });
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('form-error')).toHaveText(`身份证号“${good}”已存在`);
  await expect(page.getByLabel('姓名')).toHaveValue('郑桂芳二');
});

test('an import file with two bad rows reports both with their reasons; the right rows import on request', async ({
  page,
}) => {
  await signIn(page, ADMIN, '护理一部');
  await page.goto('/#/live/archives/base');
  const file = test.info().outputPath('elders.csv');
  writeFileSync(
    file,
    [
      '姓名*,身份证号*,所属部门*,联系电话,护理等级',
      `孔令仪,${idCard('1939-09-09', 2 * unique)},护理一部,13700000001,半护理`,
      `孔德成,12345,护理一部,,`,
      `孔祥熙,${idCard('1936-01-20', 2 * unique + 1)},火星部,,`,
      `孟繁华,${idCard('1945-11-11', 2 * unique + 1)},护理一部,,全护理`,
    ].join('\n'),
  );
  await page.getByRole('button', { name: '批量导入' }).click();
  await page.getByLabel('导入文件').setInputFiles(file);
  await page.getByRole('button', { name: '检查文件' }).click();
  const problems = page.getByTestId('import-problem');
  await expect(problems).toHaveCount(2);
  await expect(problems.nth(0)).toContainText('第3行');
  await expect(problems.nth(0)).toContainText('身份证号：应为18位');
  await expect(problems.nth(1)).toContainText('第4行');
  await expect(problems.nth(1)).toContainText('所属部门“火星部”不存在');
  await expect(page.getByTestId('import-summary')).toContainText('共 4 条，2 条有误，未导入');
  await page.getByRole('button', { name: '仅导入正确的 2 条' }).click();
  await expect(page.getByTestId('import-summary')).toContainText('已导入 2 条');
  await page.getByRole('button', { name: '完成' }).click();
  await page
    .getByPlaceholder(/姓名|关键字/)
    .first()
    .fill('孔令仪');
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByTestId('resource-list-oldman')).toContainText('孔令仪');
});
