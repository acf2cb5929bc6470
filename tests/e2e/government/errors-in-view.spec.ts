import { expect } from '@playwright/test';
import { GovernmentPaths as P } from '../../../features/government/api.js';
import { call, tokenOf } from '../drivers/common.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

test.use({ viewport: { width: 1366, height: 768 } });

/**
 * 政府监管 › 新增 (issue #42 point 4): 保存 with a failed item far down the 60 and no 问题描述 brings
 * that item into view with its message, its box focused, and sends nothing; described, it saves.
 */
test('保存 shows and focuses the first error where it is, not far up the page', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/government/inspect');
  await page
    .getByTestId('page-government-inspect')
    .getByRole('button', { name: '新增', exact: true })
    .click();
  const add = page.getByTestId('page-government-inspect-add');
  await expect(add.getByText('检查项目（60项，不合格 0 项）')).toBeVisible();
  await add.getByLabel('检查单位').fill('西湖区民政局');
  await add.getByLabel('检查人员').fill('周敏');
  const item = add.getByTestId('item-52');
  await item.getByText('不合格', { exact: true }).click();
  const problem = item.getByLabel('第52项问题描述');
  const save = add.getByRole('button', { name: '保存' });
  await save.scrollIntoViewIfNeeded();
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/inspect')) posted += 1;
  });
  await save.click();

  const message = item.getByText(/^请填写第52项“.+”的问题描述$/);
  await expect(message).toBeVisible();
  await expect(message).toBeInViewport();
  await expect(problem).toBeFocused();
  await expect(add.getByText('有1处需要填写或更正，请按标红处修改后再保存')).toBeAttached();
  await page.screenshot({ path: '.tmp/shots-office/inspect-first-error.png' });
  expect(posted).toBe(0);

  // a missing head field comes first: it is the first error on the page
  await add.getByLabel('检查人员').fill('');
  await save.click();
  await expect(add.getByLabel('检查人员')).toBeFocused();
  await expect(add.getByText('有2处需要填写或更正，请按标红处修改后再保存')).toBeVisible();
  await add.getByLabel('检查人员').fill('周敏');

  await problem.fill('二楼走廊应急灯不亮');
  await expect(message).toHaveCount(0);
  await save.click();
  const register = page.getByTestId('page-government-register');
  await expect(register.getByText('二楼走廊应急灯不亮')).toBeVisible();

  // the server's own check, in the same words, and nothing stored
  const token = await tokenOf(page);
  const total = async () => Number((await call(page, token, 'GET', `${P.inspect}?pageHelper=0`)).total);
  const before = await total();
  const res = await page.request.post(P.inspect, {
    headers: { authorization: token },
    data: {
      inspectDate: '2026-12-01',
      inspectUnit: '西湖区民政局',
      inspectorName: '周敏',
      results: [{ itemNo: 52, passed: false, problem: '' }],
    },
  });
  expect(((await res.json()) as { msg: string }).msg).toBe(
    '请填写第52项“建立安全管理制度和岗位安全责任制”的问题描述',
  );
  expect(await total()).toBe(before);
});
