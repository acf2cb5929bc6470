import { join } from 'node:path';
import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
import { test } from '../fixtures.js';
import { e2eDataDir } from '../realtime.js';
import { submitLogin } from '../support.js';

/** This worker's e2e server's database (playwright.config.ts): read codes the SMS log and the picture would show a person. */
const db = () =>
  new Database(join(e2eDataDir, 'eldercare.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
const latestPhotoCode = () => {
  const conn = db();
  const row = conn.prepare('select code from photoCode order by expiresAt desc limit 1').get() as
    | { code: string }
    | undefined;
  conn.close();
  return row?.code ?? '';
};
const smsCode = (phone: string) => {
  const conn = db();
  const row = conn.prepare('select code from smsCode where phoneNum = ?').get(phone) as
    | { code: string }
    | undefined;
  conn.close();
  return row?.code ?? '';
};

test('registers an account with picture and SMS codes, then signs in with it', async ({ page }) => {
  await page.goto('/login.html');
  await page.getByRole('button', { name: '注册账号' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('用户名').fill('zhaoliu');
  await dialog.getByLabel('手机号').fill('13612345678');
  await expect(dialog.getByTestId('photo-code-image').locator('img')).toBeVisible();
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await dialog.getByLabel('短信验证码').fill(smsCode('13612345678'));
  await dialog.getByLabel('图片验证码').fill(latestPhotoCode());
  await dialog.getByLabel('密码', { exact: true }).fill('Zhao2026ok');
  await dialog.getByLabel('确认密码').fill('Zhao2026ok');
  await dialog.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('注册成功，请登录')).toBeVisible();
  await expect(page.locator('#loginName')).toHaveValue('zhaoliu');

  await submitLogin(page, { loginName: 'zhaoliu', password: 'Zhao2026ok' });
  // A self-registered account has no role yet: it reaches the console with nothing but everyone's 工作台.
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('side-menu').getByRole('button')).toHaveText(['工作台']);
});

test('a wrong SMS code is refused with the server message and creates no account', async ({ page }) => {
  await page.goto('/login.html');
  await page.getByRole('button', { name: '注册账号' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('用户名').fill('qianqi');
  await dialog.getByLabel('手机号').fill('13612340000');
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  const right = smsCode('13612340000');
  await dialog.getByLabel('短信验证码').fill(right === '000000' ? '111111' : '000000');
  await dialog.getByLabel('图片验证码').fill(latestPhotoCode());
  await dialog.getByLabel('密码', { exact: true }).fill('Qian2026ok');
  await dialog.getByLabel('确认密码').fill('Qian2026ok');
  await dialog.getByRole('button', { name: '注册' }).click();
  await expect(dialog.getByTestId('register-error')).toHaveText('短信验证码错误或已过期');
  await submitLogin(page, { loginName: 'qianqi', password: 'Qian2026ok' });
  await expect(page.getByTestId('login-error')).toHaveText('用户名或密码错误');
});
