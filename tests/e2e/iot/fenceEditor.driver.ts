import { expect, type Page, type Route } from '@playwright/test';
import { PntRuleStatus } from '../../../domain/alarmRules.js';
import { IotPaths } from '../../../domain/api/iot.js';
import { pathWith } from '../../../domain/api/path.js';
import { Code } from '../../../domain/codes.js';
import { type LngLat, type PlanBuilding, toLngLat } from '../../../domain/floorPlan.js';
import { IotScreens } from '../../../domain/screens.js';
import { closeRing, type FenceEditorEvent, MIN_VERTICES } from '../../../machines/fenceEditorMachine.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The fence editor machine's driver for the generated path tests (`npm run paths -- fenceEditor
 * --shortest --without rail.deselect --format playwright`: 12 paths, 1.7 min, in CI; `--transitions`
 * walks every transition in 26 paths, 3.7 min, and passes too, run by hand). Each path adds a rail of its own (a
 * square of four vertices on the floor 围栏管理 opens on) through the API, then works on 围栏管理 as
 * a person does: the rail's name in the list selects it, Esc lets go of it, 新建围栏 / 编辑围栏 /
 * 删除 / 撤销上一点 / 完成绘制 / 保存形状 / 取消 are the page's buttons, a vertex is added by a click
 * on the map, dragged by its handle and removed by a double click on it, and the dialog is filled in.
 * 保存 and 确认删除 send the request and it is held on its way, so 保存中 and 删除中 are seen; the
 * server's answer is the next event: 保存成功 and 删除成功 let the request through to the server;
 * 删除失败 is another user's rule taking the rail into use meanwhile (the server really refuses; the
 * rule is taken away again); 保存失败 answers the held save with a refusal in the server's error shape
 * (409, code conflict), since the dialog lets no draft through that the server would refuse.
 * Left out: rail.deselect (取消选中). The page never sends it: letting go of a rail is Esc, which is
 * `cancel`, walked from 已选中 here.
 * Each state is checked as seen (the hint, which buttons there are and which are greyed, the vertex
 * handles on the map where they were put, the dialogs, the error shown) and the path's rail as the
 * server holds it.
 */
type FenceState =
  | 'browsing'
  | 'selected'
  | 'drawing'
  | 'editing'
  | 'naming'
  | 'saving'
  | 'confirmingDelete'
  | 'deleting';
interface StoredRail {
  railId: number;
  railName: string;
  remark: string;
  /** Open ring, as the editor works on it. */
  vertices: LngLat[];
}
export interface FenceCtx {
  token: string;
  floor: { buildingId: number; floorNo: number };
  /** The path's rail as the server should hold it; null once deleted. */
  rail: StoredRail | null;
  railId: number;
  /** New rails of this path are named from it. */
  stamp: number;
  at: FenceState;
  /** The shape being drawn or edited is the selected rail's (not a new one). */
  existing: boolean;
  /** The vertices being drawn or edited. */
  shape: LngLat[];
  draftName: string;
  draftRemark: string;
  error: string | null;
  /** A save or delete request held until the server's answer is the path's next event. */
  held: { route: Route; release: () => Promise<void> } | null;
}

const PREFIX = '路径围栏';
/** Where new vertices are clicked, as fractions of the map (the path's own rail is further east). */
const clicks: [number, number][] = [
  [0.2, 0.3],
  [0.4, 0.3],
  [0.4, 0.65],
  [0.2, 0.65],
  [0.3, 0.8],
];
const hints: Record<FenceState, string> = {
  browsing: '选择一个围栏查看',
  selected: '可编辑顶点或删除该围栏',
  drawing: '在地图上依次点击围栏顶点',
  editing: '拖动顶点改变围栏形状',
  naming: '填写围栏名称后保存',
  saving: '正在保存',
  confirmingDelete: '',
  deleting: '正在删除',
};
const refusal = { code: Code.conflict, msg: '围栏已被他人修改，请刷新后重试', result: null };

type FloorMapHandle = {
  __floorMap: {
    project(v: LngLat): { x: number; y: number };
    vertexAt(p: { x: number; y: number }): number;
    map: { unproject(p: [number, number]): { lng: number; lat: number } };
  };
};

const screen = (page: Page) => page.getByTestId('page-fence');
const listButton = (page: Page, name: string) =>
  page.getByTestId('fence-list').getByRole('button', { name, exact: true });
const toolbar = (page: Page, name: string) =>
  screen(page).locator('.map-toolbar').getByRole('button', { name, exact: true });

/** Where a map point is on the page (whole pixels). */
async function onMap(page: Page, v: LngLat) {
  const box = await page.getByTestId('map-canvas').boundingBox();
  if (!box) throw new Error('the map is not on screen');
  const p = await page.evaluate((at) => (window as unknown as FloorMapHandle).__floorMap.project(at), v);
  return { x: Math.round(box.x + p.x), y: Math.round(box.y + p.y) };
}
async function lngLatAt(page: Page, x: number, y: number): Promise<LngLat> {
  const box = await page.getByTestId('map-canvas').boundingBox();
  if (!box) throw new Error('the map is not on screen');
  const at: [number, number] = [x - box.x, y - box.y];
  const ll = await page.evaluate(
    (p) => (window as unknown as FloorMapHandle).__floorMap.map.unproject(p),
    at,
  );
  return [ll.lng, ll.lat];
}

async function railsOnFloor(page: Page, ctx: Pick<FenceCtx, 'token' | 'floor'>) {
  const q = `?buildingId=${ctx.floor.buildingId}&floorNo=${ctx.floor.floorNo}&pageHelper=0`;
  return (await call(page, ctx.token, 'GET', `${IotPaths.railList}${q}`)).list as Rec[];
}
async function remove(page: Page, token: string, url: string) {
  const res = await page.request.delete(url, { headers: { authorization: token } });
  expect(((await res.json()) as { code: number }).code, `DELETE ${url}`).toBe(0);
}
const near = (a: LngLat[], b: LngLat[]) =>
  a.length === b.length &&
  a.every((v, i) => Math.hypot(v[0] - (b[i]?.[0] ?? 0), v[1] - (b[i]?.[1] ?? 0)) < 2e-6);

/** Holds the next request to `path` with `method` until the path's next event answers it. */
async function hold(page: Page, ctx: FenceCtx, path: string, method: string, act: () => Promise<void>) {
  const matches = (url: URL) => url.pathname === path;
  let caught: (route: Route) => void = () => undefined;
  const held = new Promise<Route>((resolve) => {
    caught = resolve;
  });
  const handler = (route: Route) => (route.request().method() === method ? caught(route) : route.fallback());
  await page.route(matches, handler);
  await act();
  ctx.held = { route: await held, release: () => page.unroute(matches, handler) };
}
async function answer(ctx: FenceCtx, how: (route: Route) => Promise<void>) {
  if (!ctx.held) throw new Error('no save or delete is waiting for its answer');
  await how(ctx.held.route);
  await ctx.held.release();
  ctx.held = null;
}

/** Drags vertex `index` of the shape by (60, 45) pixels; its new place. */
async function drag(page: Page, ctx: FenceCtx, index: number) {
  const v = ctx.shape[index];
  if (!v) throw new Error(`no vertex ${index}`);
  const from = await onMap(page, v);
  const to = { x: from.x + 60, y: from.y + 45 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 22, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  ctx.shape[index] = await lngLatAt(page, to.x, to.y);
}

let seq = 0;

export const driver = {
  async start(page: Page): Promise<FenceCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    // the floor 围栏管理 opens on: the user's building, else the first; its first floor
    const buildings = (await call(page, token, 'GET', IotPaths.buildings)) as unknown as (PlanBuilding & {
      floors: { floorNo: number }[];
    })[];
    const saved = (await call(page, token, 'GET', IotPaths.userBuilding)) as unknown as number | null;
    const building = buildings.find((b) => b.buildingId === saved) ?? buildings[0];
    if (!building) throw new Error('the seed has no building');
    const floor = { buildingId: building.buildingId, floorNo: building.floors[0]?.floorNo ?? 1 };
    // earlier paths' rails go, so the floor's list stays short
    for (const r of await railsOnFloor(page, { token, floor }))
      if (String(r.railName).startsWith(PREFIX))
        await remove(page, token, pathWith(IotPaths.rail, { id: Number(r.railId) }));
    seq += 1;
    const stamp = (Date.now() % 1_000_000) + seq;
    const vertices: LngLat[] = [
      toLngLat(building, 22, 4),
      toLngLat(building, 29, 4),
      toLngLat(building, 29, 11),
      toLngLat(building, 22, 11),
    ];
    const rail = { railName: `${PREFIX}${stamp}`, remark: '', ...floor };
    const { railId } = await call(page, token, 'POST', IotPaths.rails, {
      ...rail,
      polygon: closeRing(vertices),
    });
    await page.goto(`/index.html#${IotScreens.fence}`);
    // the console's first load is the slowest step of a path on a busy machine
    await expect(page.getByLabel('楼栋')).toHaveValue(String(floor.buildingId), { timeout: 30_000 });
    await expect(page.getByLabel('楼层')).toHaveValue(String(floor.floorNo));
    await expect(listButton(page, rail.railName)).toBeVisible();
    return {
      token,
      floor,
      rail: { railId: Number(railId), railName: rail.railName, remark: '', vertices },
      railId: Number(railId),
      stamp,
      at: 'browsing',
      existing: false,
      shape: [],
      draftName: '',
      draftRemark: '',
      error: null,
      held: null,
    };
  },

  async send(page: Page, ctx: FenceCtx, event: FenceEditorEvent) {
    const dialog = page.getByRole('dialog');
    const alert = page.getByRole('alertdialog');
    switch (event.type) {
      case 'rail.select':
        await listButton(page, ctx.rail?.railName ?? '').click();
        ctx.error = null;
        return;
      case 'rail.deselect':
        throw new Error('the page has no way to send rail.deselect (Esc is cancel)');
      case 'draw.start':
        await toolbar(page, '新建围栏').click();
        Object.assign(ctx, { existing: false, shape: [], draftName: '', error: null });
        return;
      case 'vertex.add': {
        const [fx, fy] = clicks[ctx.shape.length] ?? [0.5, 0.5];
        const box = await page.getByTestId('map-canvas').boundingBox();
        if (!box) throw new Error('the map is not on screen');
        const [x, y] = [Math.round(box.x + box.width * fx), Math.round(box.y + box.height * fy)];
        const at = await lngLatAt(page, x, y);
        await page.mouse.click(x, y);
        ctx.shape.push(at);
        return;
      }
      case 'vertex.undo':
        await toolbar(page, '撤销上一点').click();
        ctx.shape.pop();
        return;
      case 'vertex.move':
        return drag(page, ctx, event.index);
      case 'vertex.remove': {
        const v = ctx.shape[event.index];
        if (!v) throw new Error(`no vertex ${event.index}`);
        const p = await onMap(page, v);
        await page.mouse.dblclick(p.x, p.y);
        ctx.shape.splice(event.index, 1);
        return;
      }
      case 'shape.finish':
        await toolbar(page, ctx.at === 'editing' ? '保存形状' : '完成绘制').click();
        if (ctx.existing) ctx.draftName = ctx.rail?.railName ?? '';
        return;
      case 'edit.start':
        await screen(page).getByRole('button', { name: '编辑围栏' }).click();
        Object.assign(ctx, { existing: true, shape: [...(ctx.rail?.vertices ?? [])], error: null });
        return;
      case 'save': {
        const name = ctx.existing ? `${ctx.rail?.railName ?? ''}改` : `${PREFIX}新${ctx.stamp}`;
        await dialog.getByLabel('围栏名称').fill(name);
        await dialog.getByLabel('备注').fill(event.remark);
        ctx.draftName = name;
        ctx.draftRemark = event.remark;
        return hold(page, ctx, IotPaths.rails, ctx.existing ? 'PUT' : 'POST', () =>
          dialog.getByRole('button', { name: '保存' }).click(),
        );
      }
      case 'save.done': {
        await answer(ctx, (route) => route.continue());
        await expect(toast(page, '围栏已保存')).toBeVisible();
        await expect(dialog).toBeHidden();
        const stored = (await railsOnFloor(page, ctx)).filter((r) => r.railName === ctx.draftName);
        expect(stored, `one rail named ${ctx.draftName}`).toHaveLength(1);
        ctx.railId = Number(stored[0]?.railId);
        ctx.rail = {
          railId: ctx.railId,
          railName: ctx.draftName,
          remark: ctx.draftRemark,
          vertices: ctx.shape,
        };
        Object.assign(ctx, { existing: true, shape: [], error: null });
        return;
      }
      case 'save.failed':
        await answer(ctx, (route) => route.fulfill({ status: 409, json: refusal }));
        ctx.error = refusal.msg;
        return;
      case 'delete.request':
        await screen(page).getByTestId('fence-detail').getByRole('button', { name: '删除' }).click();
        ctx.error = null;
        return;
      case 'delete.confirm':
        return hold(page, ctx, pathWith(IotPaths.rail, { id: ctx.railId }), 'DELETE', () =>
          alert.getByRole('button', { name: '删除' }).click(),
        );
      case 'delete.done':
        await answer(ctx, (route) => route.continue());
        await expect(toast(page, '围栏已删除')).toBeVisible();
        await expect(alert).toBeHidden();
        ctx.rail = null;
        return;
      case 'delete.failed': {
        // another user's rule takes the rail into use while the request is on its way
        const ruleName = `路径规则${ctx.stamp}`;
        const { ruleId } = await call(page, ctx.token, 'POST', IotPaths.pntRules, {
          ruleName,
          alarmType: 'railAlarm',
          railId: ctx.railId,
          railTrigger: 'enter',
        });
        await call(page, ctx.token, 'PUT', IotPaths.pntRuleStatus, { ruleId, status: PntRuleStatus.off });
        await answer(ctx, (route) => route.continue());
        ctx.error = `围栏正被规则「${ruleName}」使用，不能删除`;
        await expect(page.getByTestId('fence-error')).toHaveText(ctx.error);
        await remove(page, ctx.token, pathWith(IotPaths.pntRule, { id: Number(ruleId) }));
        return;
      }
      case 'cancel':
        if (ctx.at === 'selected') await page.keyboard.press('Escape');
        else if (ctx.at === 'naming') await dialog.getByRole('button', { name: '取消' }).click();
        else if (ctx.at === 'confirmingDelete') await alert.getByRole('button', { name: '取消' }).click();
        else await toolbar(page, '取消').click();
        ctx.error = null;
        if (ctx.at === 'editing') ctx.shape = [];
        return;
      default: {
        const unknown: never = event;
        throw new Error(`the fence editor driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: FenceCtx, state: unknown) {
    const at = state as FenceState;
    ctx.at = at;
    // the path's rail as the server holds it
    const stored = (await railsOnFloor(page, ctx)).find((r) => Number(r.railId) === ctx.railId);
    if (ctx.rail === null) expect(stored).toBeUndefined();
    else {
      expect(stored, `rail ${ctx.railId} on the server`).toBeDefined();
      expect(stored?.railName).toBe(ctx.rail.railName);
      expect(stored?.remark).toBe(ctx.rail.remark);
      expect(near(stored?.polygon as LngLat[], closeRing(ctx.rail.vertices)), JSON.stringify(stored)).toBe(
        true,
      );
    }
    if (hints[at]) await expect(page.getByTestId('fence-hint')).toContainText(hints[at]);
    const dialog = page.getByRole('dialog');
    const alert = page.getByRole('alertdialog');
    const shaping = at === 'drawing' || at === 'editing';
    const detail = page.getByTestId('fence-detail');
    await expect(toolbar(page, '新建围栏')).toHaveCount(at === 'browsing' || at === 'selected' ? 1 : 0);
    await expect(toolbar(page, '完成绘制')).toHaveCount(at === 'drawing' ? 1 : 0);
    await expect(toolbar(page, '保存形状')).toHaveCount(at === 'editing' ? 1 : 0);
    await expect(toolbar(page, '取消')).toHaveCount(shaping ? 1 : 0);
    if (at !== 'naming' && at !== 'saving') await expect(dialog).toHaveCount(0);
    if (at !== 'confirmingDelete' && at !== 'deleting') await expect(alert).toHaveCount(0);
    if (ctx.rail) {
      const item = page
        .getByTestId('fence-list')
        .locator('li', { has: page.getByRole('button', { name: ctx.rail.railName, exact: true }) });
      await expect(item).toContainText(`${ctx.rail.vertices.length} 个顶点`);
      const chosen =
        at === 'selected' ||
        at === 'confirmingDelete' ||
        at === 'deleting' ||
        (at !== 'drawing' && ctx.existing);
      if (at !== 'browsing' && chosen) await expect(item).toHaveClass(/active/);
      else await expect(item).not.toHaveClass(/active/);
      if (shaping) await expect(listButton(page, ctx.rail.railName)).toBeDisabled();
    } else await expect(page.getByTestId('fence-list').getByText(PREFIX)).toHaveCount(0);
    if (at === 'browsing') await expect(detail).toHaveCount(0);
    if (at === 'selected') {
      await expect(detail.locator('strong')).toHaveText(ctx.rail?.railName ?? '');
      if (ctx.rail?.remark) await expect(detail).toContainText(ctx.rail.remark);
      await expect(detail.getByRole('button', { name: '编辑围栏' })).toBeEnabled();
      await expect(detail.getByRole('button', { name: '删除' })).toBeEnabled();
      if (ctx.error) await expect(page.getByTestId('fence-error')).toHaveText(ctx.error);
      else await expect(page.getByTestId('fence-error')).toHaveCount(0);
    }
    if (shaping) {
      await expect(detail).toHaveCount(0);
      await expect(page.getByTestId('fence-hint')).toContainText(`已有 ${ctx.shape.length} 个顶点`);
      // a handle under each vertex, where it was put
      const found = await page.evaluate((vs) => {
        const fm = (window as unknown as FloorMapHandle).__floorMap;
        return vs.map((v) => fm.vertexAt(fm.project(v)));
      }, ctx.shape);
      expect(found).toEqual(ctx.shape.map((_, i) => i));
    }
    if (at === 'drawing') {
      const n = ctx.shape.length;
      await expect(toolbar(page, '撤销上一点')).toBeEnabled({ enabled: n > 0 });
      await expect(toolbar(page, '完成绘制')).toBeEnabled({ enabled: n >= MIN_VERTICES });
    }
    if (at === 'naming' || at === 'saving') {
      await expect(dialog).toContainText(ctx.existing ? '编辑围栏' : '新建围栏');
      await expect(dialog).toContainText(`顶点 ${ctx.shape.length} 个`);
      await expect(dialog.getByLabel('围栏名称')).toHaveValue(ctx.draftName);
      const submit = dialog.locator('button[type=submit]');
      if (at === 'saving') {
        await expect(submit.getByRole('progressbar')).toBeVisible();
        await expect(submit).toBeDisabled();
      } else {
        await expect(submit.getByRole('progressbar')).toHaveCount(0);
        await expect(submit).toBeEnabled({ enabled: ctx.draftName.trim() !== '' });
      }
      if (ctx.error) await expect(dialog.getByText(ctx.error)).toBeVisible();
    }
    if (at === 'confirmingDelete' || at === 'deleting') {
      await expect(alert).toContainText(`确定删除围栏「${ctx.rail?.railName ?? ''}」吗？`);
      await expect(alert.getByRole('progressbar')).toHaveCount(at === 'deleting' ? 1 : 0);
      if (at === 'confirmingDelete') await expect(alert.getByRole('button', { name: '删除' })).toBeEnabled();
    }
  },
};
