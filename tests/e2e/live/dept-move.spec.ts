import { expect, type Locator, type Page } from '@playwright/test';
import { idCardCheckChar } from '../../../domain/idCard.js';
import { PROFILE } from '../../../domain/resources/oldman.js';
import { OrgArchivePaths } from '../../../domain/resources/orgArchive.js';
import { test } from '../fixtures.js';
import { ADMIN, api, signIn } from '../support.js';

/**
 * Issue #36 point 5: booking a bed of another data department asks first, naming both departments;
 * 取消 changes nothing, 确定继续 moves the elder and leaves a row in her 修改记录.
 */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `.tmp/shot-dept-move-${name}.png`, fullPage: true });
/** Waits for an overlay's opening transition, so that a screenshot shows it as a person sees it. */
const settled = (page: Page) =>
  expect
    .poll(() =>
      page
        .locator('.bp6-alert')
        .evaluate((el) => el.closest('.bp6-overlay')?.getAnimations({ subtree: true }).length ?? 0),
    )
    .toBe(0);
const fresh = () => String(Date.now() % 1_000_000).padStart(6, '0');

/**
 * An elder registered under 护理二部 (waiting) and a building of 护理一部 whose room 3101 has one free bed.
 */
async function elderAndBed(page: Page, name: string) {
  type Dept = { deptId?: number; deptName?: string; children?: Dept[] };
  const answer = (await api(page, 'GET', '/ifms/web-org/depts?pageHelper=0')) as unknown as
    | Dept[]
    | { list: Dept[] };
  const flat = (ds: Dept[]): Dept[] => ds.flatMap((d) => [d, ...flat(d.children ?? [])]);
  const depts = flat(Array.isArray(answer) ? answer : answer.list);
  const deptOf = (name: string) => {
    const id = depts.find((d) => d.deptName === name)?.deptId;
    expect(id, name).toBeDefined();
    return id as number;
  };

  // 赵秀兰 is registered under 护理二部; a building of 护理一部 has a free bed 3101-1床
  const n = fresh();
  const building = `部${n}号楼`;
  const { buildingId } = await api(page, 'POST', OrgArchivePaths.buildings, { buildingName: building });
  const { floorId } = await api(page, 'POST', OrgArchivePaths.floors, {
    buildingId,
    floorNo: 1,
    floorName: '1层',
  });
  const { roomId } = await api(page, 'POST', OrgArchivePaths.rooms, {
    floorId,
    roomName: '3101',
    roomType: '单人间',
    deptId: deptOf('护理一部'),
  });
  await api(page, 'POST', OrgArchivePaths.beds, { roomId, bedName: '1床', bedType: 2 });
  const bedPath = `${building}1层3101-1床`;
  // born 1940-05-06, an even sequence digit: a woman
  const first17 = `11010119400506${n.slice(-2)}2`;
  const saved = await api(page, 'POST', PROFILE, {
    oldmanName: name,
    oldmanIdcard: `${first17}${idCardCheckChar(first17)}`,
    deptId: deptOf('护理二部'),
  });
  const oldmanId = Number(saved.oldmanId ?? saved.id);
  expect(oldmanId).toBeGreaterThan(0);

  return { building, bedPath, oldmanId };
}

/** Picks 3101-1床 of the building, 楼栋 → 楼层 → 房间 → 床位. */
async function pickBed(scope: Page | Locator, building: string) {
  for (const [label, option] of [
    ['楼栋', building],
    ['楼层', '1层'],
    ['房间', '3101（单人间，空1床）'],
    ['床位', '1床'],
  ] as const) {
    const select = scope.getByLabel(label, { exact: true });
    // a free bed's option also names its type and price: 1床（护理型床位 · ¥1,800.00/月）
    const choice = select.locator('option', { hasText: new RegExp(`^${option}(（.*）)?$`) });
    await expect(choice).toHaveCount(1);
    await select.selectOption((await choice.getAttribute('value')) ?? '');
  }
}

test('预订 a bed of another department: the question names both, 取消 changes nothing, 确定继续 moves her and records it', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const { building, bedPath, oldmanId } = await elderAndBed(page, '赵秀兰');
  await page.goto('/#/live/live/list');
  await expect(page.getByTestId('page-residence')).toBeVisible();
  await page.getByLabel('关键字').fill('赵秀兰');
  await page.getByRole('button', { name: '查询' }).click();
  const row = page.getByTestId('resource-list-residence').getByTestId(`row-${oldmanId}`);
  // her row of the grid that shows the department (the 操作 group stands apart); the keyword leaves
  // only her (the demo has no other 赵秀兰)
  const line = page.getByRole('grid', { name: '入住信息' }).getByRole('row', { name: /赵秀兰/ });
  await expect(page.getByTestId(`residence-status-${oldmanId}`)).toHaveText('待入住');
  await row.getByRole('button', { name: '预订' }).click();
  const dialog = page.getByRole('dialog', { name: '预订' });
  await pickBed(dialog, building);

  // The question names the bed, both departments and the elder.
  const question = page.getByTestId('dept-move-question');
  await dialog.getByRole('button', { name: '确认预订' }).click();
  await expect(question).toHaveText(
    `${bedPath}属于护理一部，赵秀兰现属护理二部。办理后她将归入护理一部，护理二部将不再看到她。确定继续吗？`,
  );
  await settled(page);
  await shot(page, 'question');

  // 取消: the question goes, the booking dialog stays without an error, and nothing changed.
  await page.getByRole('button', { name: '取消' }).last().click();
  await expect(question).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('dialog-error')).toHaveCount(0);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByTestId(`residence-status-${oldmanId}`)).toHaveText('待入住');
  await expect(line).toHaveAccessibleName(/ 护理二部 待入住/);

  // Again, and 确定继续: she is booked into 护理一部.
  await row.getByRole('button', { name: '预订' }).click();
  await pickBed(dialog, building);
  await dialog.getByRole('button', { name: '确认预订' }).click();
  await expect(question).toContainText('赵秀兰现属护理二部');
  await page.getByRole('button', { name: '确定继续' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId(`residence-status-${oldmanId}`)).toHaveText('预订');
  await expect(line).toHaveAccessibleName(/ 护理一部 预订/);
  await shot(page, 'booked');

  // Her 修改记录 shows the move.
  await page.goto(`/#/live/archives/detail?oldmanId=${oldmanId}`);
  await page.getByRole('tab', { name: '修改记录' }).click();
  const records = page.getByTestId('modify-records').locator('tbody tr');
  await expect(records).toHaveCount(1);
  await expect(records.first()).toContainText('预订');
  await expect(records.first()).toContainText('所属部门：护理二部 → 护理一部');
  await expect(records.first()).toContainText(`床位：（空） → ${bedPath}`);
  await shot(page, 'modify-record');
});

test('入住办理 (settleIn.html) into a bed of another department asks too: 取消 stays at 确认, 确定继续 checks her in', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const name = `钱桂芝${fresh()}`;
  const { building, bedPath, oldmanId } = await elderAndBed(page, name);
  await page.goto('/settleIn.html');
  const steps = page.getByRole('list', { name: '办理步骤' });
  const elders = page.getByLabel('长者（待入住、已预订）', { exact: true });
  await expect(elders.locator('option', { hasText: name })).toBeAttached();
  await elders.selectOption(String(oldmanId));
  await page.getByRole('button', { name: '下一步' }).click();
  await pickBed(page, building);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(steps.locator('[aria-current="step"]')).toHaveText('3. 确认办理');

  const question = page.getByTestId('dept-move-question');
  await page.getByRole('button', { name: '确认办理入住' }).click();
  await expect(question).toHaveText(
    `${bedPath}属于护理一部，${name}现属护理二部。办理后她将归入护理一部，护理二部将不再看到她。确定继续吗？`,
  );
  await page.getByRole('button', { name: '取消' }).click();
  await expect(question).toHaveCount(0);
  await expect(steps.locator('[aria-current="step"]')).toHaveText('3. 确认办理');
  await expect(page.getByTestId('settle-error')).toHaveCount(0);
  expect(await api(page, 'GET', `${PROFILE}/${oldmanId}`)).toMatchObject({ oldmanStatus: 3, bedId: null });

  await page.getByRole('button', { name: '确认办理入住' }).click();
  await page.getByRole('button', { name: '确定继续' }).click();
  await expect(page.getByRole('heading', { name: `${name} 已办理入住` })).toBeVisible();
  await shot(page, 'settle-in-done');
  const records = (await api(page, 'GET', `${PROFILE}/${oldmanId}/modifyRecord`)) as unknown as {
    section: string;
    changes: { label: string; before: string; after: string }[];
  }[];
  expect(records).toMatchObject([
    { section: '办理入住', changes: [{ label: '所属部门', before: '护理二部', after: '护理一部' }, {}] },
  ]);
});
