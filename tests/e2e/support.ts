import { expect, type Locator, type Page } from '@playwright/test';
import { pathWith } from '../../domain/api/path.js';
import { LoginPaths } from '../../domain/api/sessionPaths.js';
import { ConfigPaths } from '../../domain/api/settingsPaths.js';
import { dataDeptChoices } from '../../domain/deptChoice.js';
import { Header, STORAGE_PREFIX } from '../../domain/http.js';
import type { UserInfo } from '../../domain/session.js';
import { landingPath } from '../../src/menu/landing.js';

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
 * Signs in as a person does, on the login page and its department chooser; ends on the console. For the
 * tests of sign-in itself (session.spec); the others sign in through the API (signIn).
 */
export async function signInWithForm(
  page: Page,
  account: { loginName: string; password: string },
  deptName = '全部部门',
) {
  await submitLogin(page, account);
  await chooseDepartment(page, deptName);
}

/** Chooses the data department when the console asks for one, and waits for the console. */
async function chooseDepartment(page: Page, deptName: string) {
  const chooser = page.getByTestId('dept-chooser');
  await expect(chooser.or(page.getByTestId('side-menu'))).toBeVisible();
  if (await chooser.isVisible()) {
    await chooser.getByText(deptName, { exact: true }).click();
    await page.getByRole('button', { name: '进入系统' }).click();
  }
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

/**
 * Signs in and, when asked, chooses the data department; ends on the console. An administrator
 * works in 全部部门 unless a department is named (the lists show the chosen department only).
 *
 * The sign-in calls go straight to the API, as the login page makes them (login, then the department),
 * and the console opens on the stored session, as it does for a user coming back: the login page and
 * its chooser are what the sign-in tests drive (session.spec, the session paths, submitLogin); every
 * other test paid for them again, about 1.5 s of a busy machine's time each (issue #43, the test run).
 */
export async function signIn(
  page: Page,
  account: { loginName: string; password: string },
  deptName = '全部部门',
) {
  const login = await page.request.post(LoginPaths.login, {
    data: { loginName: account.loginName, loginPassword: account.password },
  });
  const signedIn = (await login.json()) as { code: number; msg: string; result: UserInfo | null };
  const user = signedIn.result;
  if (signedIn.code !== 0 || !user) throw new Error(`sign-in of ${account.loginName}: ${signedIn.msg}`);
  const choices = dataDeptChoices(user);
  // one department is taken as the login page takes it, without asking
  const dept = choices.length > 1 ? choices.find((d) => d.deptName === deptName) : choices[0];
  if (choices.length > 1 && !dept) throw new Error(`${account.loginName} has no data department ${deptName}`);
  if (dept) {
    const chosen = await page.request.post(pathWith(LoginPaths.selectDataDeptID, { deptId: dept.deptId }), {
      headers: { [Header.token]: user.token },
    });
    expect(((await chosen.json()) as { code: number }).code).toBe(0);
  }
  // the session kept where the login page keeps it, written on a page of the console's origin that
  // loads nothing (a 404 of the server)
  await page.goto('/e2e-sign-in');
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: `${STORAGE_PREFIX}.userInfo`,
    value: JSON.stringify({ ...user, selectedDataDeptId: dept?.deptId ?? user.selectedDataDeptId }),
  });
  // where the login page sends a person: the landing of the home's login page config (spec 000 §2)
  const first = await page.request.get(ConfigPaths.loginPageConfig, {
    headers: { [Header.token]: user.token },
  });
  await page.goto(`/index.html#${landingPath(((await first.json()) as { result: string | null }).result)}`);
  await chooseDepartment(page, deptName);
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
