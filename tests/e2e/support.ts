import { expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { loginName: 'admin', password: 'Admin@2026' };
export const NURSE = { loginName: 'huli01', password: 'Huli@2026' };
/** The preset roles' demo accounts (README "演示账号"): a test of a job signs in as the role that does it. */
export const FRONT_DESK = { loginName: 'qiantai01', password: 'Qiantai@2026' };
export const HEAD_NURSE = { loginName: 'hushizhang01', password: 'Hushizhang@2026' };
export const FINANCE = { loginName: 'caiwu01', password: 'Caiwu@2026' };
export const KEEPER = { loginName: 'kuguan01', password: 'Kuguan@2026' };

/** Fills the login form and submits it. */
export async function submitLogin(page: Page, account: { loginName: string; password: string }) {
  await page.goto('/login.html');
  await page.getByLabel('账号').fill(account.loginName);
  await page.getByLabel('密码', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: '登录' }).click();
}

/**
 * Signs in and, when asked, chooses the data department; ends on the console. An administrator
 * works in 全部部门 unless a department is named (the lists show the chosen department only).
 */
export async function signIn(
  page: Page,
  account: { loginName: string; password: string },
  deptName = '全部部门',
) {
  await submitLogin(page, account);
  const chooser = page.getByTestId('dept-chooser');
  await expect(chooser.or(page.getByTestId('side-menu'))).toBeVisible();
  if (await chooser.isVisible()) {
    await chooser.getByText(deptName, { exact: true }).click();
    await page.getByRole('button', { name: '进入系统' }).click();
  }
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/**
 * Opens a menu entry by its path of names in the side menu. A group is opened until it shows as
 * open (aria-expanded), as a person clicks again a group that did not unfold: a fresh-clone run under
 * load once saw 系统管理 stay folded after its click while the console was still settling after sign-in.
 */
export async function openMenu(page: Page, ...names: string[]) {
  // each name is looked for among the entries of the group before it (护理计划 › 护理计划)
  let within = page.getByTestId('side-menu');
  for (const [i, name] of names.entries()) {
    const item = within.getByRole('button', { name, exact: true }).first();
    if (i === names.length - 1) {
      await item.click();
      continue;
    }
    await expect(async () => {
      if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
      await expect(item).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    within = item.locator('xpath=following-sibling::ul');
  }
}

/**
 * Chooses an elder in a select by name: choices read 张桂英（1号楼1层1103-2床） or 孙奶奶（身份证尾号1234）,
 * so the first choice of that name is taken (domain/lookups.ts elderChoiceLabel).
 */
export async function selectElder(select: Locator, name: string) {
  // the choices come from a lookup: wait for them
  await expect(select.locator('option', { hasText: name }).first()).toBeAttached();
  const texts = await select.locator('option').allTextContents();
  const index = texts.findIndex((t) => t === name || t.startsWith(`${name}（`));
  expect(index, `an elder named ${name} among ${texts.length} choices`).toBeGreaterThan(0);
  await select.selectOption({ index });
}

/** A call on the server as the page's signed-in user (its token); the answer's result, code 0 expected. */
export async function api(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
): Promise<Record<string, unknown>> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.fetch(url, { method, headers: { authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; result: Record<string, unknown> };
  expect(body.code, body.msg).toBe(0);
  return body.result;
}
