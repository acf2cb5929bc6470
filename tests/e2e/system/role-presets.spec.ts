import { expect, type Page } from '@playwright/test';
import { ExpensePaths } from '../../../features/expense/api.js';
import { test } from '../fixtures.js';
import { signIn } from '../support.js';

/**
 * Issue #37 point 8: each demo account of the preset roles signs in on the 工作台, sees its job's
 * menu groups and not the others', and the server refuses a call outside the role even when made
 * directly; a greyed button says which authority it needs.
 */
const ROLES = [
  {
    account: { loginName: 'qiantai01', password: 'Qiantai@2026' },
    sees: ['居住管理'],
    not: ['护理计划', '仓储管理', '系统管理', '智能物联'],
  },
  {
    account: { loginName: 'huli01', password: 'Huli@2026' },
    sees: ['护理计划', '居住管理', '智能物联', '药品管理'],
    not: ['费用管理', '仓储管理', '系统管理', '居家养老'],
  },
  {
    account: { loginName: 'hushizhang01', password: 'Hushizhang@2026' },
    sees: ['护理计划', '居住管理', '行政管理'],
    not: ['费用管理', '仓储管理', '系统管理'],
  },
  {
    account: { loginName: 'caiwu01', password: 'Caiwu@2026' },
    sees: ['费用管理', '居住管理'],
    not: ['护理计划', '仓储管理', '系统管理', '智能物联'],
  },
  {
    account: { loginName: 'kuguan01', password: 'Kuguan@2026' },
    sees: ['仓储管理'],
    not: ['费用管理', '护理计划', '居住管理', '系统管理'],
  },
] as const;

/** A call with the signed-in page's token: the HTTP status and the answer's code and message. */
async function direct(page: Page, url: string) {
  return page.evaluate(async (path) => {
    const token = JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token;
    const res = await fetch(path, { headers: { authorization: token } });
    const body = (await res.json()) as { code: number; msg: string };
    return { status: res.status, code: body.code, msg: body.msg };
  }, url);
}

for (const role of ROLES)
  test(`${role.account.loginName} lands on the 工作台 and sees only its job's menus`, async ({ page }) => {
    await signIn(page, role.account);
    await expect(page.getByTestId('page-workbench')).toBeVisible();
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByRole('button', { name: '工作台', exact: true })).toBeVisible();
    for (const name of role.sees) await expect(menu.getByRole('button', { name, exact: true })).toBeVisible();
    for (const name of role.not) await expect(menu.getByRole('button', { name, exact: true })).toHaveCount(0);
  });

test('the server refuses the nurse and the warehouse keeper the bills, the finance office may read them', async ({
  browser,
}) => {
  const url = `${ExpensePaths.bills}?pageNum=1&pageSize=10`;
  const as = async (loginName: string, password: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, { loginName, password });
    const answer = await direct(page, url);
    await context.close();
    return answer;
  };
  expect(await as('huli01', 'Huli@2026')).toEqual({ status: 403, code: 401, msg: '权限不足' });
  expect(await as('kuguan01', 'Kuguan@2026')).toEqual({ status: 403, code: 401, msg: '权限不足' });
  expect((await as('caiwu01', 'Caiwu@2026')).code).toBe(0);
});

test('a greyed button names the authority it needs', async ({ page }) => {
  await signIn(page, { loginName: 'huli01', password: 'Huli@2026' });
  await page.goto('/index.html#/yunmuIot/callRecord');
  await page.getByRole('tab', { name: '实时呼叫' }).click();
  const greyed = page.getByTestId('auth-disabled').filter({ hasText: '清除全部' });
  await expect(greyed.getByRole('button', { name: '清除全部' })).toBeDisabled();
  await greyed.hover();
  await expect(page.locator('.bp6-tooltip')).toHaveText('无权限：需要「清除实时呼叫」权限');
});
