import { expect, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, NURSE, signIn } from '../support.js';

const bellCount = (page: Page) => page.getByTestId('bell-count');

test('the bell of a second tab follows a message read in the first, without reload', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN);
  // the seed: three unread messages and one announcement to everyone
  await expect(bellCount(page)).toHaveText('4');
  const second = await context.newPage();
  await second.goto('/#/home');
  await expect(bellCount(second)).toHaveText('4');

  await page.getByTestId('bell').click();
  await page.getByTestId('bell-panel').getByText('3号楼空调例行检修').click();
  await expect(page.getByTestId('page-message-detail')).toContainText('请提前告知长者及家属');
  await expect(bellCount(page)).toHaveText('3');
  await expect(bellCount(second)).toHaveText('3');

  // 全部已读 in the second tab empties the first one's bell
  await second.getByTestId('bell').click();
  await second.getByRole('button', { name: '全部已读' }).click();
  await expect(bellCount(second)).toBeHidden();
  await expect(bellCount(page)).toBeHidden();
});

test("an announcement reaches its recipient's bell and her reading it shows in the sender's receipts", async ({
  page,
  browser,
}) => {
  const title = '周五护理部例会';
  await signIn(page, ADMIN);
  await page.goto('/#/administration/notice');
  const notices = page.getByTestId('page-notices');
  await notices.getByRole('button', { name: '新增' }).click();
  const form = page.getByRole('dialog', { name: '新增公告' });
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('内容').fill('周五下午三点在二楼会议室开会，请准时参加。');
  await form.getByText('指定人员').click();
  await form.getByText('李秀英', { exact: true }).click();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
  const table = notices.getByTestId('resource-table');
  // the row's operations, named after the announcement: a draft is published, not withdrawn
  const row = table.getByRole('group', { name: title });
  await expect(row.getByRole('button', { name: '发布' })).toBeEnabled();
  await expect(row.getByRole('button', { name: '撤回' })).toBeDisabled();

  // the recipient's console is open, her bell's list showing
  const nurseContext = await browser.newContext();
  const nurse = await nurseContext.newPage();
  await signIn(nurse, NURSE);
  await nurse.getByTestId('bell').click();
  const nurseBell = nurse.getByTestId('bell-panel');
  await expect(nurseBell).toBeVisible();
  await expect(nurseBell.getByText(title)).toHaveCount(0);

  await row.getByRole('button', { name: '发布' }).click();
  await page.getByRole('button', { name: '发布', exact: true }).last().click();
  await expect(row.getByRole('button', { name: '撤回' })).toBeEnabled();
  await expect(nurseBell.getByText(title)).toBeVisible({ timeout: 2_000 });

  await row.getByRole('button', { name: '阅读回执' }).click();
  const receipts = page.getByRole('dialog', { name: `阅读回执：${title}` });
  // one recipient: 李秀英
  const receipt = receipts.locator('[data-testid^="receipt-"]');
  await expect(receipts.getByText('李秀英')).toBeVisible();
  await expect(receipt).toHaveText('未读');

  await nurseBell.getByText(title).click();
  await expect(nurse.getByTestId('page-notice-detail')).toContainText('二楼会议室');
  await expect(receipt).toHaveText('已读');
  await nurseContext.close();
});
