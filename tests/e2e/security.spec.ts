import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { IotPaths } from '../../domain/api/iot.js';
import { test } from './fixtures.js';
import { e2eDataDir, mapDrawn } from './realtime.js';
import { ADMIN, signIn, submitLogin } from './support.js';

/**
 * Issue #20 item 7 in a real browser: the pages run under the server's Content-Security-Policy with
 * no violation reported (the console, the map with its workers, the wall, the login page, a print
 * view), and item 4's files still reach <img> tags through the sign-in cookie.
 */

/** Everything the browser says about the policy: violation events of pages and console lines of pages and workers. */
async function watchPolicy(context: BrowserContext) {
  const reports: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
    // The print button of a print view calls window.print(); this shows that its script ran.
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  const listen = (page: Page) =>
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy|CSP violation|Refused to/i.test(message.text()))
        reports.push(message.text());
    });
  context.on('page', listen);
  for (const page of context.pages()) listen(page);
  return reports;
}

const policyOf = async (page: Page, path: string) => {
  const response = await page.request.get(path);
  return response.headers()['content-security-policy'] ?? '';
};

const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token as string);

test('the login page, the console and the live map run under the policy without a violation', async ({
  page,
  context,
}) => {
  const reports = await watchPolicy(context);
  for (const path of ['/login.html', '/index.html', '/fullchart.html']) {
    const csp = await policyOf(page, path);
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'self'");
  }
  await signIn(page, ADMIN);
  await page.goto('/#/yunmuIot/elderPosition/realTime');
  // drawn first, then connected (tests/e2e/iot/position-map.spec.ts: the first draw holds the thread)
  await mapDrawn(page);
  await expect(page.getByTestId('health-light')).toHaveAttribute('data-state', 'ok');
  // markers drawn on the floor, whatever their state (a long run leaves fence alarms open on walkers)
  await expect
    .poll(async () =>
      ((await page.getByTestId('map-legend').textContent()) ?? '')
        .match(/\d+/g)
        ?.reduce((sum, n) => sum + Number(n), 0),
    )
    .toBeGreaterThan(0);
  // The workbench, and a page of echarts charts.
  await page.goto('/#/home');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  // An elder on a mattress: the newest elder of the list is whoever a spec before this one checked in,
  // often into a bed without one, and the page then rightly draws no chart (只有体征录入的读数).
  const onMattress = await page.request.get(IotPaths.mattressElders, {
    headers: { authorization: await token(page) },
  });
  const [elder] = (await onMattress.json()).result as { oldmanId: number }[];
  if (!elder) throw new Error('no elder on a mattress seeded');
  await page.goto(`/#/yunmuIot/health/personal?oldmanId=${elder.oldmanId}`);
  await expect(page.getByLabel('长者', { exact: true })).toHaveValue(String(elder.oldmanId));
  await expect(page.getByTestId('chart-heartbeat').locator('canvas')).toBeVisible();
  expect(reports).toEqual([]);
});

test('the wall runs under the policy without a violation', async ({ page, context }) => {
  const reports = await watchPolicy(context);
  expect(await policyOf(page, '/fullchart.html')).toContain("worker-src 'self' blob:");
  await signIn(page, ADMIN);
  await page.goto('/fullchart.html');
  await expect(page.getByTestId('wall-health')).toHaveAttribute('data-state', 'ok', { timeout: 20_000 });
  await mapDrawn(page);
  expect(reports).toEqual([]);
});

test("an elder's head image shows through the sign-in cookie, and a bill's print view prints under the policy", async ({
  page,
  context,
  request,
}) => {
  const reports = await watchPolicy(context);
  await signIn(page, ADMIN);
  const elders = await page.request.get('/pims/web-pi/oldmans?pageNum=1&pageSize=1', {
    headers: { authorization: await token(page) },
  });
  const [elder] = (await elders.json()).result.list as { oldmanId: number }[];
  if (!elder) throw new Error('no elder seeded');
  await page.goto(`/#/live/archives/detail?oldmanId=${elder.oldmanId}`);
  const detail = page.getByTestId('page-archive-detail');
  await detail
    .locator('#oldman-head')
    .setInputFiles({ name: 'head.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('头像已更新')).toBeVisible();
  await page.reload();
  const head = detail.locator('.archive-head').getByRole('img', { name: '头像' });
  await expect(head).toHaveAttribute('src', /^\/files\/images\/.+\.png$/);
  await expect.poll(() => head.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  // Without the cookie (another client), the same address shows nothing.
  expect((await request.get((await head.getAttribute('src')) ?? '')).status()).toBe(401);

  const bills = await page.request.get('/pims/web-pi/cost/payBack?pageNum=1&pageSize=1&pageHelper=0', {
    headers: { authorization: await token(page) },
  });
  const [bill] = (await bills.json()).result.list as { billId: number }[];
  if (!bill) throw new Error('no bill seeded');
  await page.goto(`/#/expense/accountBillDetail?billId=${bill.billId}`);
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: '打印', exact: true }).click();
  const printed = await popup;
  await expect(printed.locator('body')).toContainText('费用账单');
  await printed.getByRole('button', { name: '打印' }).click();
  await expect(printed.locator('body')).toHaveAttribute('data-printed', 'yes');
  expect(reports).toEqual([]);
});

/** Registers an account the way the sign-in page does; the codes are read where the server keeps them. */
async function register(request: APIRequestContext, userName: string, phone: string) {
  const codes = new Database(join(e2eDataDir, 'eldercare.sqlite'), { readonly: true });
  try {
    const photo = (await (await request.get('/passport/web-rbac/logins/getPhotoCode')).json()).result as {
      verifyStr: string;
    };
    await request.get(`/passport/web-rbac/logins/getSmsCode/${phone}`);
    const photoCode = codes
      .prepare('select code from photoCode where verifyStr = ?')
      .get(photo.verifyStr) as {
      code: string;
    };
    const sms = codes.prepare('select code from smsCode where phoneNum = ?').get(phone) as { code: string };
    const res = await request.post('/passport/web-rbac/logins/register', {
      data: {
        userName,
        userPassword: 'Outsider2026',
        repactPassword: 'Outsider2026',
        userTelephone: phone,
        smsCode: sms.code,
        photoCode: photoCode.code,
        verifyStr: photo.verifyStr,
      },
    });
    expect((await res.json()).code).toBe(0);
  } finally {
    codes.close();
  }
}

test('a self-registered user without roles signs in to an empty console and sees only their own profile', async ({
  page,
  request,
}) => {
  const userName = `waibu${Date.now() % 100000}`;
  await register(request, userName, `139${String(Date.now() % 100000000).padStart(8, '0')}`);
  await submitLogin(page, { loginName: userName, password: 'Outsider2026' });
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  const personal = page.getByTestId('page-personal');
  await expect(personal).toContainText(userName);
  // The console asks for nothing it may not have (no error toast), and the staff list is refused.
  await expect(page.getByText('权限不足，无法访问，请联系管理员')).toHaveCount(0);
  const staff = await page.request.get('/ifms/web-org/depts', {
    headers: { authorization: await token(page) },
  });
  expect(staff.status()).toBe(403);
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
