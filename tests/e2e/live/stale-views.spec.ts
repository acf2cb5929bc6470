import { type Browser, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { idCardCheckChar } from '../../../domain/idCard.js';
import { oldmanResource } from '../../../domain/resources/oldman.js';
import { OrgArchivePaths } from '../../../domain/resources/orgArchive.js';
import { test } from '../fixtures.js';
import { ADMIN, api, signIn } from '../support.js';

/**
 * Issue #36 point 7, stale views: what a change affects follows it without F5 — the bed map kept in
 * a hidden tab, the bed picker after a refusal, a server refusal once its field changed.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/shot-stale-${name}.png` });
/** A name no earlier run or test of this server used. */
const fresh = () => String(Date.now() % 1_000_000);

/** Marks the document: a reload (F5) would drop the mark. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { staleMark: number }).staleMark = 1;
  });
const stillSameDocument = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { staleMark?: number }).staleMark)).toBe(1);

/** 新增 in the open list of 机构档案, the form filled by field label, 保存; the dialog closes. */
async function add(page: Page, list: string, fill: (form: Locator) => Promise<void>) {
  const screen = page.getByTestId(`resource-list-${list}`);
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByRole('dialog');
  await fill(form);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);
}

test('床位状态图 kept in a hidden tab shows a room and bed added in 机构档案 once shown again, without F5', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/#/home/bedInfo');
  const map = page.getByTestId('page-bedInfo');
  // the building shown first (h3 of a floor: 1号楼 1层)
  const heading = map.getByTestId('map-floor').first().locator('h3');
  await expect(heading).toBeVisible();
  const [building] = ((await heading.textContent()) ?? '').trim().split(/\s+/);
  expect(building).toBeTruthy();
  await markDocument(page);

  // another tab: 机构档案, a new floor of that building with a room of one bed
  const tag = fresh();
  const floorName = `F${tag}`;
  const room = `S${tag}`;
  await page.goto('/#/archives/manager1/index');
  await page.getByRole('tab', { name: '楼层', exact: true }).click();
  await add(page, 'orgFloor', async (form) => {
    await form.getByLabel('所属楼栋', { exact: true }).selectOption({ label: building ?? '' });
    await form.getByLabel('楼层序号', { exact: true }).fill('9');
    await form.getByLabel('楼层名称', { exact: true }).fill(floorName);
  });
  await page.getByRole('tab', { name: '房间', exact: true }).click();
  await add(page, 'orgRoom', async (form) => {
    await form.getByLabel('所在楼层', { exact: true }).selectOption({ label: `${building}${floorName}` });
    await form.getByLabel('房间号', { exact: true }).fill(room);
    await form.getByLabel('房型', { exact: true }).selectOption({ label: '单人间' });
    await form.getByLabel('所属部门', { exact: true }).selectOption({ label: '护理一部' });
  });
  await page.getByRole('tab', { name: '床位', exact: true }).click();
  await add(page, 'orgBed', async (form) => {
    await form
      .getByLabel('所在房间', { exact: true })
      .selectOption({ label: `${building}${floorName}${room}` });
    await form.getByLabel('床位名称', { exact: true }).fill('1床');
    await form.getByLabel('床位类型', { exact: true }).selectOption({ label: '护理型床位' });
  });
  await expect(map).toBeHidden();

  // back to the bed map's tab (kept mounted): the new room with its free bed is there
  await page.getByTestId('tabbar').locator('[data-path="/home/bedInfo"]').getByRole('button').first().click();
  await expect(map).toBeVisible();
  // the new floor (the building's floors read again) with the new room and its free bed
  const newFloor = map.getByTestId('map-floor').filter({ hasText: floorName });
  await expect(newFloor.locator('h3')).toHaveText(`${building} ${floorName}`);
  await expect(map.getByRole('button', { name: floorName, exact: true })).toBeVisible();
  const card = newFloor.getByTestId('map-room').filter({ hasText: room });
  await expect(card.getByTestId('map-bed')).toHaveAttribute('data-status', '0');
  await expect(card.getByTestId('map-bed')).toContainText('1床');
  await stillSameDocument(page);
  await shot(page, 'bed-map');
});

/** Both consoles' 办理入住 dialog for a waiting elder, at the bed's building, floor, room and bed. */
async function checkInDialog(page: Page, elderIndex: number, place: string[]) {
  await page.goto('/#/live/live/list');
  await expect(page.getByTestId('page-residence')).toBeVisible();
  await page.getByRole('combobox', { name: '入住状态' }).selectOption({ label: '待入住' });
  await page.getByRole('button', { name: '查询' }).click();
  const rows = page
    .getByTestId('resource-list-residence')
    .getByTestId('resource-table')
    .locator('fieldset[data-testid^="row-"]');
  await expect(rows.nth(1)).toBeAttached();
  await expect(
    page.locator('[data-testid^="residence-status-"]').filter({ hasNotText: '待入住' }),
  ).toHaveCount(0);
  await rows.nth(elderIndex).getByRole('button', { name: '办理入住' }).click();
  const dialog = page.getByRole('dialog');
  for (const [i, label] of ['楼栋', '楼层', '房间', '床位'].entries()) {
    const select = dialog.getByLabel(label, { exact: true });
    const option = select
      .locator('option')
      .filter({ hasText: place[i] ?? '' })
      .first();
    await expect(option).toBeAttached();
    await select.selectOption({ label: (await option.textContent()) ?? '' });
  }
  return dialog;
}

/**
 * A building of its own with one room of one bed (the only free bed of that building), made through
 * the API; its place as the bed picker names it: building, floor, room, bed.
 */
async function lonelyBed(page: Page): Promise<string[]> {
  const building = `竞${fresh()}号楼`;
  // the departments come as a tree
  type Dept = { deptId?: number; deptName?: string; children?: Dept[] };
  const answer = (await api(page, 'GET', '/ifms/web-org/depts?pageHelper=0')) as unknown as
    | Dept[]
    | { list: Dept[] };
  const flat = (ds: Dept[]): Dept[] => ds.flatMap((d) => [d, ...flat(d.children ?? [])]);
  const deptId = flat(Array.isArray(answer) ? answer : answer.list).find(
    (d) => d.deptName === '护理一部',
  )?.deptId;
  expect(deptId).toBeDefined();
  const { buildingId } = await api(page, 'POST', OrgArchivePaths.buildings, { buildingName: building });
  const { floorId } = await api(page, 'POST', OrgArchivePaths.floors, {
    buildingId,
    floorNo: 1,
    floorName: '1层',
  });
  const { roomId } = await api(page, 'POST', OrgArchivePaths.rooms, {
    floorId,
    roomName: '101',
    roomType: '单人间',
    deptId,
  });
  await api(page, 'POST', OrgArchivePaths.beds, { roomId, bedName: '1床', bedType: 2 });
  return [building, '1层', '101', '1床'];
}

/** Another console of the same member of staff (another window: its own browser context). */
async function secondConsole(browser: Browser, context: BrowserContext) {
  const other = await browser.newContext({ storageState: await context.storageState() });
  const colleague = await other.newPage();
  await colleague.goto('/#/home');
  await expect(colleague.getByTestId('side-menu')).toBeVisible();
  return { other, colleague };
}

test('two consoles race for one bed: the loser is refused with 该床位已有长者入住 and its picker no longer offers the bed', async ({
  browser,
  page,
  context,
}) => {
  // This console hears no residence notice over the push channel (as a member of staff who does not
  // read the dashboard): it learns of the colleague's check-in only from the refusal.
  await page.routeWebSocket(/\/push$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (!String(m).includes('"dashboard.changed"')) ws.send(m);
    });
  });
  await signIn(page, ADMIN);
  const place = await lonelyBed(page);
  const building = place[0] ?? '';
  const { other, colleague } = await secondConsole(browser, context);

  // this console chooses the bed for one waiting elder and waits …
  const dialog = await checkInDialog(page, 0, place);
  const room = dialog.getByLabel('房间', { exact: true });
  await expect(room.locator('option:checked')).toHaveText(/^101（单人间，空1床）$/);
  // … while the colleague moves another waiting elder into it
  const theirs = await checkInDialog(colleague, 1, place);
  await theirs.getByRole('button', { name: '确认办理入住' }).click();
  await expect(theirs).toHaveCount(0);
  await other.close();

  await dialog.getByRole('button', { name: '确认办理入住' }).click();
  await expect(dialog.getByTestId('dialog-error')).toHaveText('该床位已有长者入住');
  // the picker read the beds again: that building has no free bed left to offer
  await expect(
    dialog.getByLabel('楼栋', { exact: true }).locator('option', { hasText: building }),
  ).toHaveCount(0);
  await expect(
    dialog.getByLabel('房间', { exact: true }).locator('option', { hasText: '空1床' }),
  ).toHaveCount(0);
  await expect(dialog.getByLabel('床位', { exact: true })).toHaveValue('');
  await expect(dialog.getByRole('button', { name: '确认办理入住' })).toBeDisabled();
  await shot(page, 'refused-picker');
});

test('the push channel’s residence notice: a picker open in one console drops the bed another console just took', async ({
  browser,
  page,
  context,
}) => {
  await signIn(page, ADMIN);
  const place = await lonelyBed(page);
  const building = place[0] ?? '';
  const { other, colleague } = await secondConsole(browser, context);

  const dialog = await checkInDialog(page, 0, place);
  await expect(dialog.getByLabel('床位', { exact: true })).not.toHaveValue('');
  const theirs = await checkInDialog(colleague, 1, place);
  await theirs.getByRole('button', { name: '确认办理入住' }).click();
  await expect(theirs).toHaveCount(0);
  await other.close();

  // nothing clicked here: the notice made the picker read the beds again
  await expect(
    dialog.getByLabel('楼栋', { exact: true }).locator('option', { hasText: building }),
  ).toHaveCount(0);
  await expect(dialog.getByLabel('床位', { exact: true })).toHaveValue('');
  await expect(dialog.getByRole('button', { name: '确认办理入住' })).toBeDisabled();
  await shot(page, 'pushed-picker');
});

test('长者档案 新增: “身份证号…已存在” goes away once the number is changed', async ({ page }) => {
  await signIn(page, ADMIN);
  const elders = (await api(page, 'GET', `${oldmanResource.api.list}?pageNum=1&pageSize=1`)) as {
    list?: { oldmanIdcard?: string }[];
  };
  const taken = elders.list?.[0]?.oldmanIdcard ?? '';
  expect(taken).toMatch(/^\d{17}[\dX]$/);
  // another number of the same birth day: its sequence changed, its check character recomputed
  const first17 = `${taken.slice(0, 14)}${taken.slice(14, 17) === '987' ? '986' : '987'}`;
  const other = `${first17}${idCardCheckChar(first17)}`;

  await page.goto('/#/live/archivesAdd');
  const form = page.getByTestId('resource-form-oldman');
  await form.getByLabel('姓名', { exact: true }).fill('重号测试');
  await form.getByLabel('身份证号', { exact: true }).fill(taken);
  await form.getByLabel('所属部门', { exact: true }).selectOption({ label: '护理一部' });
  await form.getByRole('button', { name: '保存' }).click();
  const banner = form.getByTestId('form-error');
  await expect(banner).toContainText(`“${taken}”已存在`);
  await shot(page, 'idcard-taken');

  await form.getByLabel('身份证号', { exact: true }).fill(other);
  await expect(banner).toHaveCount(0);
  await expect(form.getByText('已存在')).toHaveCount(0);
  await shot(page, 'idcard-changed');
});
