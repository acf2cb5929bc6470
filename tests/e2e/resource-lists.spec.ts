import { expect, type Page } from '@playwright/test';
import { localDateTime } from '../../domain/clock.js';
import { test } from './fixtures.js';
import { ADMIN, signIn } from './support.js';

const SHOTS = process.env.E2E_SHOTS ? '.tmp' : null;
const VIEWPORT = { width: 1280, height: 800 };
test.use({ viewport: VIEWPORT });

type Rec = Record<string, unknown>;

/** A call of the API with the page's session; the result. */
async function api(page: Page, method: 'GET' | 'POST', url: string, data?: Rec): Promise<Rec> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.fetch(url, { method, headers: { authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; result: Rec };
  expect(body.msg).toBe('成功');
  return body.result;
}

/** Lists that start empty get one record (as a registration only: no elder is sent out). */
async function atLeastOneRow(page: Page) {
  const elders = (await api(page, 'GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0')).list as Rec[];
  const elder = elders.at(-1) as Rec;
  if (!(((await api(page, 'GET', '/pims/web-org/oldmanOut?pageSize=1')).total as number) > 0))
    await api(page, 'POST', '/pims/web-org/oldmanOut', {
      oldmanId: elder.oldmanId,
      outReason: 2,
      destination: '儿子家',
      expectedOutTime: localDateTime(Date.now() + 86_400_000),
      expectedReturnTime: localDateTime(Date.now() + 90_000_000),
      companionName: '王建国',
      companionPhone: '13912345678',
    });
  if (!(((await api(page, 'GET', '/api/form/org/files/contracts?pageSize=1')).total as number) > 0)) {
    const templates = (await api(page, 'GET', '/api/form/org/template/list')).list as Rec[];
    await api(page, 'POST', '/api/form/org/files/contracts', {
      oldmanId: elder.oldmanId,
      templateId: templates[0]?.templateId,
      signDate: '2026-01-01',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
  }
}

const lists = [
  ['长者档案', '/live/archives/base'],
  ['收费项目', '/expense/account/baseCharge'],
  ['居家档案', '/homecare/archives'],
  ['外出登记', '/live/Outing/register'],
  ['合同管理', '/live/contractDocument'],
] as const;

test('at 1280 × 800 every row of the generic lists shows its 操作 buttons whole, on one line', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await atLeastOneRow(page);
  for (const [title, path] of lists) {
    await page.goto(`/index.html#${path}`);
    const table = page.getByTestId('resource-table');
    const rows = table.getByRole('group');
    await expect(rows.first(), title).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-1280-${path.replaceAll('/', '_')}.png` });
    for (const row of await rows.all()) {
      const box = await row.boundingBox();
      const last = await row.getByRole('button').last().boundingBox();
      if (!box || !last) throw new Error(`${title}: a row without buttons`);
      expect(last.x + last.width, `${title}: ${await row.getAttribute('aria-label')}`).toBeLessThanOrEqual(
        VIEWPORT.width,
      );
      // one line: a row of the rail is one table row high
      expect(box.height, title).toBeLessThanOrEqual(32);
    }
    await expect(table.getByText('操作', { exact: true })).toBeInViewport();
  }
});
