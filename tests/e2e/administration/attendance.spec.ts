import { expect } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

test.use({ viewport: { width: 1366, height: 768 } });

test('a new attendance group with a nurse on 早班 gives that nurse a row in this month’s 考勤统计', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/administration/attendance/group');
  const groups = page.getByTestId('page-attendance-group');
  await expect(groups.getByRole('group', { name: '护理一部护理组' })).toBeVisible();
  await groups.getByRole('button', { name: '新增' }).click();

  const form = page.getByTestId('page-attendance-group-form');
  await form.getByLabel('考勤组名称').fill('护理二部早班组');
  await form.getByText('早班（07:00-15:00，按床位）').click();
  await expect(form.getByRole('checkbox', { name: /^早班（07:00-15:00/ })).toBeChecked();
  // a nurse of another group is not offered; 张桂芳 is in none
  await expect(form.getByText(/另有\d+人已在其他考勤组/)).toBeVisible();
  await expect(form.getByRole('group', { name: '徐丽萍' })).toHaveCount(0);
  // Table2 draws a cell anew when its row scrolls into view, so the box clicked may not be the
  // box shown after: click, then look at the one on screen (check() would re-read the old one)
  await form.getByRole('checkbox', { name: '选择 张桂芳', exact: true }).click();
  await expect(form.getByRole('checkbox', { name: '选择 张桂芳', exact: true })).toBeChecked();
  await expect(form.getByRole('combobox', { name: '张桂芳的班次' })).toHaveValue(/\d+/);
  await form.getByRole('button', { name: '全选' }).click();
  await form.getByRole('button', { name: '保存' }).click();

  // the list: the new group with its shift and work days (a row's cells are the table's own)
  await expect(groups.getByRole('group', { name: '护理二部早班组' })).toBeVisible();
  await expect(groups.getByText('每天', { exact: true })).toBeVisible();

  // 考勤统计 of this month: the nurse, in the new group, on 早班
  await page.goto('/index.html#/administration/attendance/record');
  const stats = page.getByTestId('page-attendance-record');
  await stats.getByPlaceholder('姓名').fill('张桂芳');
  await stats.getByRole('button', { name: '查询' }).click();
  await expect(stats.getByText('共 1 条')).toBeVisible();
  await expect(stats.getByText('张桂芳', { exact: true })).toBeVisible();
  await expect(stats.getByText('护理二部早班组', { exact: true })).toBeVisible();
  await expect(stats.getByText('早班', { exact: true })).toBeVisible();
});
