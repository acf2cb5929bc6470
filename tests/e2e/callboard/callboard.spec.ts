import { join } from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { test } from '../fixtures.js';
import { e2eDataDir } from '../realtime.js';
import { ADMIN, NURSE, openMenu, signIn } from '../support.js';

const LOGINS = '/passport/web-rbac/logins';
const NURSE_PHONE = '13800000002';
const NEW_PHONE = '13912345678';
const NEW_PASSWORD = 'Huli2026board';
const RELEASE = 'V9.9.9';
/** A 1×1 PNG: the upload route checks the first bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** This worker's e2e server's database (playwright.config.ts). */
const db = () => new Database(join(e2eDataDir, 'eldercare.sqlite'), { fileMustExist: true });

async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  data?: unknown,
): Promise<{ code: number; msg: string; result: T }> {
  const res = await request.fetch(url, {
    method,
    headers: token ? { authorization: token } : {},
    ...(data === undefined ? {} : { data }),
  });
  return (await res.json()) as { code: number; msg: string; result: T };
}
const apiSignIn = (request: APIRequestContext, password: string) =>
  api<{ token: string; userId: number; empInfo: { empId: number; empName: string; sex: number } }>(
    request,
    'POST',
    `${LOGINS}/login`,
    null,
    { loginName: NURSE.loginName, loginPassword: password },
  );

// Later specs sign in as huli01 with the demo password and phone: put both back, whatever happened.
test.afterEach(async ({ request }) => {
  let nurse = await apiSignIn(request, NURSE.password);
  if (nurse.code !== 0) {
    const changed = await apiSignIn(request, NEW_PASSWORD);
    if (changed.code !== 0) throw new Error(`huli01 cannot sign in: ${changed.msg}`);
    await api(request, 'PUT', `${LOGINS}/userPwd`, changed.result.token, {
      oldPwd: NEW_PASSWORD,
      newPwd: NURSE.password,
      userId: changed.result.userId,
    });
    nurse = await apiSignIn(request, NURSE.password);
  }
  const { empId, empName, sex } = nurse.result.empInfo;
  await api(request, 'PUT', '/ifms/web-org/emp', nurse.result.token, {
    empId,
    empName,
    sex,
    phoneNum: NURSE_PHONE,
    headImage: '',
  });
});

async function openFromUserMenu(page: Page, name: '个人信息' | '版本记录') {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name }).click();
}

test('the nurse changes her phone and avatar on 个人信息; both are kept after a reload', async ({ page }) => {
  await signIn(page, NURSE);
  await openFromUserMenu(page, '个人信息');
  const personal = page.getByTestId('page-personal');
  await expect(personal).toContainText('huli01');
  await expect(personal).toContainText('护理一部');
  const phone = personal.getByLabel('手机号');
  await expect(phone).toHaveValue(NURSE_PHONE);

  await phone.fill('1391234');
  await personal.getByRole('button', { name: '保存' }).click();
  await expect(personal).toContainText('请输入正确的手机号');
  await phone.fill(NEW_PHONE);
  await personal.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('个人信息已保存')).toBeVisible();

  const picture = personal.getByLabel('上传头像');
  await picture.setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
  await expect(personal.getByTestId('avatar-error')).toHaveText(
    '上传头像图片要求是 jpg/jpeg/png/gif/bmp/webp 格式',
  );
  await picture.setInputFiles({ name: 'me.PNG', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('头像已更新')).toBeVisible();
  await expect(personal.getByTestId('avatar-error')).toHaveCount(0);

  await page.reload();
  await expect(personal.getByLabel('手机号')).toHaveValue(NEW_PHONE);
  await expect(personal.getByRole('img', { name: '头像' })).toHaveAttribute(
    'src',
    /^\/files\/images\/.+\.png$/,
  );
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.screenshot({ path: '.tmp/shot-E-personal.png' });
});

test('a wrong old password shows the server message; a real change ends the session and the new one signs in', async ({
  page,
}) => {
  await signIn(page, NURSE);
  await openFromUserMenu(page, '个人信息');
  const form = page.getByTestId('password-form');
  await form.getByLabel('原密码').fill('Wrong2026x');
  await form.getByLabel(/^新密码/).fill(NEW_PASSWORD);
  await form.getByLabel('确认新密码').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(form).toContainText('原密码错误');

  await form.getByLabel('原密码').fill(NURSE.password);
  await form.getByRole('button', { name: '修改密码' }).click();
  await expect(page.getByText('密码修改成功，请使用新密码重新登录')).toBeVisible();
  const alert = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(alert).toContainText('用户关键信息发生变化，请重新登录');
  await alert.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/login\.html/);

  await signIn(page, { loginName: NURSE.loginName, password: NEW_PASSWORD });
  await expect(page.getByTestId('user-menu')).toContainText('李秀英');
});

test('version records list newest first; opening an unread one marks it read for good', async ({ page }) => {
  await signIn(page, ADMIN);
  await openMenu(page, '呼叫看板', '版本记录');
  const list = page.getByTestId('page-versions');
  const first = list.getByRole('group', { name: 'V1.0.0' });
  await expect(first).toBeVisible();
  const recordId = (await first.getAttribute('data-testid'))?.replace('row-', '');
  await expect(list.getByTestId(`version-unread-${recordId}`)).toHaveText('未读');
  await first.getByRole('button', { name: '查看' }).click();
  const note = page.getByRole('dialog').filter({ hasText: '版本 V1.0.0' });
  await expect(note.getByTestId('version-detail')).toContainText('首个版本');
  await expect(list.getByTestId(`version-read-${recordId}`)).toHaveText('已读');
  await page.screenshot({ path: '.tmp/shot-E-versions.png', fullPage: true });
  await page.keyboard.press('Escape');
  await expect(note).toHaveCount(0);

  await page.reload();
  await expect(list.getByTestId(`version-read-${recordId}`)).toHaveText('已读');
  await list.getByLabel('版本号').fill('V8');
  await list.getByRole('button', { name: '查询' }).click();
  await expect(list).toContainText('暂无版本记录');
  await list.getByRole('button', { name: '重置' }).click();
  await expect(list.getByRole('group', { name: 'V1.0.0' })).toBeVisible();
});

test('a newly released version pops up once after sign-in and not again after closing', async ({ page }) => {
  // A release publishes its note while the accounts exist (the seeded note is as old as they are).
  const conn = db();
  conn
    .prepare('insert into versionRecord (version, content, publishTime) values (?, ?, ?)')
    .run(RELEASE, '新增：呼叫看板的个人信息与版本记录。\n修复：若干问题。', new Date().toISOString());
  try {
    await signIn(page, ADMIN);
    const notice = page.getByRole('dialog').filter({ hasText: '版本更新' });
    await expect(notice).toContainText(RELEASE);
    await expect(notice).toContainText('新增：呼叫看板的个人信息与版本记录。');
    await notice.getByRole('button', { name: '我知道了' }).waitFor();
    await page.waitForTimeout(400); // the dialog's opening transition
    await page.screenshot({ path: '.tmp/shot-E-notice.png' });
    await notice.getByRole('button', { name: '我知道了' }).click();
    await expect(notice).toHaveCount(0);

    // The console starts again: it asks, and the note stays closed.
    const asked = page.waitForResponse((r) => r.url().includes('/versionRecord/isShow'));
    await page.reload();
    await asked;
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog').filter({ hasText: '版本更新' })).toHaveCount(0);
    await openFromUserMenu(page, '版本记录');
    const row = page.getByTestId('page-versions').getByRole('group', { name: RELEASE });
    const recordId = (await row.getAttribute('data-testid'))?.replace('row-', '');
    await expect(page.getByTestId(`version-read-${recordId}`)).toHaveText('已读');
  } finally {
    // Other specs sign in as the nurse, who has not closed it: take the release out again.
    conn
      .prepare(
        'delete from versionRead where recordId in (select recordId from versionRecord where version = ?)',
      )
      .run(RELEASE);
    conn.prepare('delete from versionRecord where version = ?').run(RELEASE);
    conn.close();
  }
});
