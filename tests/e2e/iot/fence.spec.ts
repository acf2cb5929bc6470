import { expect, type Page } from '@playwright/test';
import { IotPaths } from '../../../domain/api/iot.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

type LngLat = [number, number];
interface RailRow {
  railId: number;
  railName: string;
  polygon: LngLat[];
}

async function railsOnFloor(page: Page): Promise<RailRow[]> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.get(`${IotPaths.railList}?pageHelper=0`, {
    headers: { authorization: token },
  });
  return (await res.json()).result.list as RailRow[];
}

/** A point of the map canvas, as fractions of its width and height, in page coordinates. */
async function at(page: Page, fx: number, fy: number) {
  const box = await page.getByTestId('map-canvas').boundingBox();
  if (!box) throw new Error('map not on screen');
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

test('a rail is drawn on the floor plan, named, reshaped by dragging a vertex and deleted; one used by a rule cannot be', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/#/yunmuIot/fence');
  const list = page.getByTestId('fence-list');
  await expect(list.getByRole('button', { name: /东侧楼梯口/ })).toBeVisible();
  const hint = page.getByTestId('fence-hint');

  // Draw a square of four vertices: the first is put down beside its place and dragged there, and
  // the click after the drag still adds a vertex; one extra click is undone.
  await page.getByRole('button', { name: '新建围栏' }).click();
  const click = async (fx: number, fy: number) => {
    const p = await at(page, fx, fy);
    await page.mouse.click(p.x, p.y);
  };
  await click(0.25, 0.25);
  await click(0.55, 0.3);
  await expect(hint).toContainText('已有 2 个顶点');
  const beside = await at(page, 0.25, 0.25);
  const corner = await at(page, 0.3, 0.3);
  await page.mouse.move(beside.x, beside.y);
  await page.mouse.down();
  await page.mouse.move(corner.x, corner.y, { steps: 4 });
  await page.mouse.up();
  await click(0.55, 0.6);
  await expect(hint).toContainText('已有 3 个顶点');
  await click(0.3, 0.6);
  await click(0.4, 0.8);
  await expect(hint).toContainText('已有 5 个顶点');
  await page.getByRole('button', { name: '撤销上一点' }).click();
  await expect(hint).toContainText('已有 4 个顶点');
  await page.getByRole('button', { name: '完成绘制' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: '保存' })).toBeDisabled();
  await dialog.getByLabel('围栏名称').fill('活动室门口');
  await dialog.getByLabel('备注').fill('午休时间不宜外出');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('button', { name: '活动室门口' })).toBeVisible();
  await expect(page.getByTestId('fence-detail')).toContainText('午休时间不宜外出');

  const stored = (await railsOnFloor(page)).find((r) => r.railName === '活动室门口');
  expect(stored?.polygon).toHaveLength(5);
  expect(stored?.polygon[0]).toEqual(stored?.polygon[4]);

  // It is still there after a reload; dragging its first vertex reshapes it.
  await page.reload();
  await list.getByRole('button', { name: '活动室门口' }).click();
  await page.getByRole('button', { name: '编辑围栏' }).click();
  const from = await at(page, 0.3, 0.3);
  const to = await at(page, 0.2, 0.2);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await expect(hint).toContainText('已有 4 个顶点');
  await page.getByRole('button', { name: '保存形状' }).click();
  await expect(dialog.getByLabel('围栏名称')).toHaveValue('活动室门口');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const reshaped = (await railsOnFloor(page)).find((r) => r.railId === stored?.railId);
  const before = stored?.polygon[0] ?? [0, 0];
  const after = reshaped?.polygon[0] ?? [0, 0];
  // Up and to the left on the screen: west and north on the map.
  expect(after[0]).toBeLessThan(before[0]);
  expect(after[1]).toBeGreaterThan(before[1]);
  // The other vertices stay; the ring stays closed.
  expect(reshaped?.polygon.slice(1, 4)).toEqual(stored?.polygon.slice(1, 4));
  expect(reshaped?.polygon[4]).toEqual(after);

  // The seeded stairwell rail is used by a rule: the server refuses, the rail stays.
  await list.getByRole('button', { name: /东侧楼梯口/ }).click();
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
  await expect(page.getByTestId('fence-error')).toContainText('围栏正被规则「进入楼梯口');
  await expect(list.getByRole('button', { name: /东侧楼梯口/ })).toBeVisible();

  // The new one goes.
  await list.getByRole('button', { name: '活动室门口' }).click();
  await page.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
  await expect(list.getByRole('button', { name: '活动室门口' })).toBeHidden();
  expect((await railsOnFloor(page)).some((r) => r.railName === '活动室门口')).toBe(false);
});
