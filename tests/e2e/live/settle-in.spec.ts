import { expect, type Page } from '@playwright/test';
import { LiveStatus, ResidencePaths } from '../../../domain/resources/residence.js';
import { idCard } from '../../support/idCards.js';
import { test } from '../fixtures.js';
import { ADMIN, api, signIn } from '../support.js';

/**
 * settleIn.html (spec 000 §2 standalone page): 入住办理 at the reception, opened from 入住管理 in a
 * window of its own; what is filled in survives a reload (session storage settleIn); a bed taken
 * meanwhile is refused with the server's reason and another one can be chosen.
 */
type Rec = Record<string, unknown>;
const SHOTS = process.env.E2E_SHOTS ? `${process.env.E2E_SHOTS}/` : null;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}settle-in-${name}.png` });
};
type Room = {
  deptId: number;
  buildingId: number;
  floorId: number;
  roomId: number;
  beds: { bedId: number; mapStatus: number }[];
};

async function pickBed(page: Page, room: Room, bedId: number) {
  await page.getByLabel('楼栋').selectOption(String(room.buildingId));
  await page.getByLabel('楼层').selectOption(String(room.floorId));
  await page.getByLabel('房间').selectOption(String(room.roomId));
  await page.getByLabel('床位', { exact: true }).selectOption(String(bedId));
}

test('入住办理: two steps survive a reload, a bed taken meanwhile is refused, another bed checks the elder in', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const stamp = Date.now() % 100_000;
  const depts = (await api(page, 'GET', '/passport/web-rbac/logins/getDataDeptInfoList')) as unknown as Rec[];
  const deptId = depts.find((d) => d.deptName === '护理一部')?.deptId;
  const newElder = async (name: string, n: number) =>
    Number(
      (
        await api(page, 'POST', '/pims/web-pi/oldmans/proFile', {
          oldmanName: name,
          oldmanIdcard: idCard('1942-05-06', n),
          deptId,
        })
      ).oldmanId,
    );
  const name = `入住测试${stamp}`;
  const elderId = await newElder(name, 100 + (stamp % 400));
  const otherId = await newElder(`占床测试${stamp}`, 500 + (stamp % 400));
  const rooms = (await api(page, 'GET', ResidencePaths.bedInfos)) as unknown as Room[];
  // beds of the elders' department: one of another asks first (tests/e2e/live/dept-move.spec.ts)
  const free = rooms
    .filter((room) => room.deptId === deptId)
    .flatMap((room) => room.beds.filter((b) => b.mapStatus === 0).map((b) => ({ room, bedId: b.bedId })));
  expect(free.length, 'two free beds').toBeGreaterThanOrEqual(2);
  const [taken, chosen] = free as [(typeof free)[0], (typeof free)[0]];

  await page.goto('/index.html#/live/live/list');
  const popup = page.waitForEvent('popup');
  await page.getByTestId('page-residence').getByRole('button', { name: '入住办理' }).click();
  const desk = await popup;
  await expect(desk).toHaveURL(/\/settleIn\.html$/);
  const steps = desk.getByRole('list', { name: '办理步骤' });
  await expect(steps.locator('[aria-current="step"]')).toHaveText('1. 选择长者');
  await expect(desk.getByRole('button', { name: '下一步' })).toBeDisabled();
  const elders = desk.getByLabel('长者（待入住、已预订）', { exact: true });
  const mine = elders.locator('option', { hasText: name });
  await expect(mine).toHaveText(new RegExp(`^${name}.* · 待入住$`));
  await elders.selectOption(String(await mine.getAttribute('value')));
  await desk.getByRole('button', { name: '下一步' }).click();
  await expect(steps.locator('[aria-current="step"]')).toHaveText('2. 床位与日期');
  await pickBed(desk, taken.room, taken.bedId);
  // the day is picked on a Chinese calendar (not a native input), typed as 年-月-日
  const dayInput = desk.getByLabel('入住日期');
  await expect(dayInput).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await desk.getByRole('button', { name: '选择日期' }).click();
  await expect(desk.getByRole('button', { name: '今天' })).toBeVisible();
  await shot(desk, 'bed');
  await desk.keyboard.press('Escape');

  // a reload keeps the step, the elder and the bed
  await desk.reload();
  await expect(desk.getByTestId('settle-elder')).toHaveText(name);
  await expect(desk.getByLabel('床位', { exact: true })).toHaveValue(String(taken.bedId));
  await desk.getByRole('button', { name: '下一步' }).click();
  await expect(desk.getByTestId('settle-summary')).toContainText(name);
  await expect(desk.getByTestId('settle-summary')).toContainText('办理入住');

  // meanwhile another elder moves into that bed: the server refuses, nothing changes
  const status = (id: number, to: number) =>
    ResidencePaths.status.replace(':oldmanId', String(id)).replace(':oldmanStatusNew', String(to));
  const day = String(await desk.getByTestId('settle-summary').locator('dd').nth(3).textContent());
  await api(page, 'PUT', status(otherId, LiveStatus.living), { bedId: taken.bedId, date: day });
  await desk.getByRole('button', { name: '确认办理入住' }).click();
  await expect(desk.getByTestId('settle-error')).toBeVisible();
  await shot(desk, 'refused');
  expect(await api(page, 'GET', `/pims/web-pi/oldmans/proFile/${elderId}`)).toMatchObject({
    oldmanStatus: LiveStatus.waiting,
  });

  await desk.getByRole('button', { name: '上一步' }).click();
  await pickBed(desk, chosen.room, chosen.bedId);
  await desk.getByRole('button', { name: '下一步' }).click();
  await desk.getByRole('button', { name: '确认办理入住' }).click();
  await expect(desk.getByRole('heading', { name: `${name} 已办理入住` })).toBeVisible();
  await shot(desk, 'done');
  expect(await api(page, 'GET', `/pims/web-pi/oldmans/proFile/${elderId}`)).toMatchObject({
    oldmanStatus: LiveStatus.living,
    bedId: chosen.bedId,
  });
  // the next check-in starts over, also after a reload
  await desk.getByRole('button', { name: '办理下一位' }).click();
  await desk.reload();
  await expect(steps.locator('[aria-current="step"]')).toHaveText('1. 选择长者');
  // the list is back (or says nobody waits), without the elder who moved in
  await expect(elders.locator('option').nth(1).or(desk.getByText('没有待入住或已预订的长者'))).toBeAttached();
  await expect(mine).toHaveCount(0);
});

test('without a session settleIn.html sends the visitor to sign in, then comes back', async ({ page }) => {
  await page.goto('/settleIn.html');
  await expect(page).toHaveURL(/\/login\.html\?returnUrl=%2FsettleIn\.html$/);
  await page.getByLabel('账号').fill(ADMIN.loginName);
  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  const chooser = page.getByTestId('dept-chooser');
  await expect(chooser.or(page.getByTestId('settle-in'))).toBeVisible();
  if (await chooser.isVisible()) {
    await chooser.getByText('全部部门', { exact: true }).click();
    await page.getByRole('button', { name: '进入系统' }).click();
  }
  await expect(page).toHaveURL(/\/settleIn\.html$/);
  await expect(page.getByRole('heading', { name: '入住办理' })).toBeVisible();
});
