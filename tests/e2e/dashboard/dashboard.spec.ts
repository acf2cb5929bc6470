import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { OldmanPaths } from '../../../domain/api/oldman.js';
import { LiveStatus, ResidencePaths, residencePath } from '../../../domain/resources/residence.js';
import { test } from '../fixtures.js';
import { e2ePort, ownServer } from '../realtime.js';
import { ADMIN, openMenu, signIn } from '../support.js';

/** The front desk checks elders in (issue #37 point 8: the nurse's role has no 入住管理). */
const FRONT_DESK = { loginName: 'qiantai01', password: 'Qiantai@2026' };

type Rec = Record<string, unknown>;
type Tree = { id: number; type: string; bedStatus?: number; children: Tree[] };

/** A call of another console (another user's own session): the answer must be code 0. */
async function call(
  api: APIRequestContext,
  token: string,
  method: 'GET' | 'PUT',
  url: string,
  data?: unknown,
) {
  const res = await api.fetch(url, { method, headers: { authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; result: unknown };
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(0);
  return body.result;
}
const freeBeds = (nodes: Tree[]): number[] =>
  nodes.flatMap((n) => (n.type === 'bed' ? (n.bedStatus === 0 ? [n.id] : []) : freeBeds(n.children)));

const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"] .dashboard-figure-value`);

test('the in-residence count moves within 2 s of a check-in done in another console', async ({ browser }) => {
  test.setTimeout(90_000);
  // a server of its own: the check-in makes a waiting elder a resident (with an account and bills to
  // come), which later specs that pick residents by name or month must not find
  const server = ownServer(e2ePort + 130, `.tmp/e2e-dashboard-${e2ePort + 130}`);
  server.reset();
  await server.start();
  const baseURL = server.base;
  const page = await (await browser.newContext({ baseURL })).newPage();
  try {
    await checkInMovesTheCount(page, baseURL);
  } finally {
    await page.context().close();
    await server.stop();
  }
});

async function checkInMovesTheCount(page: Page, baseURL: string) {
  await signIn(page, ADMIN);
  await openMenu(page, '数据看板', '数据展示');
  const count = figure(page, 'inResidence');
  await expect(count).toHaveText(/^\d+$/);
  // every panel of the default setting is drawn
  await expect(page.locator('[data-panel] canvas')).toHaveCount(9);
  // the tile says how many of its residents are in 试住 (the 入住状态 panel shows them apart);
  // today's calls and the devices online have their tiles
  await expect(page.locator('[data-figure="inResidence"] .dashboard-figure-label')).toHaveText(
    /^在住人数（含试住\d+）$/,
  );
  await expect(figure(page, 'devices')).toHaveText(/^\d+\/[1-9]\d*$/);
  await expect(figure(page, 'calls')).toHaveText(/^\d+$/);
  const before = Number(await count.textContent());

  // the front desk checks a waiting elder into a free bed, in her own session
  const desk = await request.newContext({ baseURL });
  const signInRes = await desk.post('/passport/web-rbac/logins/login', {
    data: { loginName: FRONT_DESK.loginName, loginPassword: FRONT_DESK.password },
  });
  const signedIn = (await signInRes.json()) as { msg: string; result: { token: string } | null };
  if (!signedIn.result) throw new Error(signedIn.msg);
  const token = signedIn.result.token;
  const beds = freeBeds((await call(desk, token, 'GET', OldmanPaths.roomBed)) as Tree[]);
  const waiting = (
    (await call(
      desk,
      token,
      'GET',
      `${ResidencePaths.list}?oldmanStatus=${LiveStatus.waiting}&pageHelper=0`,
    )) as {
      list: Rec[];
    }
  ).list;
  const [bedId] = beds;
  const [elder] = waiting;
  if (!bedId || !elder) throw new Error('no free bed or waiting elder in 护理一部');
  await call(
    desk,
    token,
    'PUT',
    residencePath(ResidencePaths.status, {
      oldmanId: Number(elder.oldmanId),
      oldmanStatusNew: LiveStatus.living,
    }),
    { bedId },
  );
  await expect(count).toHaveText(String(before + 1), { timeout: 2000 });
  await desk.dispose();
}

test('看板设置 hides a panel and moves another first; the dashboard follows', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/#/systemSetting/echartsSetting');
  const list = page.getByRole('list', { name: '看板图表' });
  await list.locator('[data-panel="oldmanSex"]').getByText('在住长者性别').click();
  const execution = list.locator('[data-panel="execution"]');
  for (let i = 0; i < 8; i++) await execution.getByRole('button', { name: '上移' }).click();
  await expect(execution.getByRole('button', { name: '上移' })).toBeDisabled();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('看板设置已保存')).toBeVisible();
  await page.getByRole('button', { name: '查看看板' }).click();
  const panels = page.locator('.dashboard-panels [data-panel]');
  await expect(panels).toHaveCount(8);
  await expect(panels.first()).toHaveAttribute('data-panel', 'execution');
  await expect(page.locator('[data-panel="oldmanSex"]')).toHaveCount(0);
  await expect(panels.first().locator('h3')).toHaveText('近7天护理任务');
});
