import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { addDays, mondayOf, CareHealthPaths as P } from '../../../features/care/api/careHealth.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin: string;
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) => {
  const res = await call(h.app, token, method, url, body);
  if (res.body.code !== 0) throw new Error(`${method} ${url}: ${res.body.code} ${res.body.msg}`);
  return res.body.result as Rec;
};
const answer = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  token = admin,
) => (await call(h.app, token, method, url, body)).body;
const page = async (url: string) => (await ok('GET', url)) as unknown as Page;

describe('dishes and meal plans', () => {
  it('serves dishes on the spec’s paths, keeps names unique and a dish in a plan', async () => {
    const categories = await page('/pims/web-org/piDishCategory?pageHelper=0');
    const categoryId = categories.list.find((c) => c.name === '素菜')?.categoryId;
    const made = await ok('POST', P.dishes, { dishName: '凉拌黄瓜', categoryId, price: 500, status: 1 });
    const one = await ok('GET', pathWith(P.dish, { id: Number(made.dishId) }));
    expect(one).toMatchObject({ dishName: '凉拌黄瓜', categoryName: '素菜', price: 500 });
    await ok('PUT', P.dishes, { ...one, price: 600 });
    expect((await ok('GET', pathWith(P.dish, { id: Number(made.dishId) }))).price).toBe(600);
    expect(await answer('POST', P.dishes, { dishName: '凉拌黄瓜', categoryId })).toMatchObject({
      code: Code.conflict,
      msg: '菜品名称“凉拌黄瓜”已存在',
    });
    expect((await answer('POST', P.dishes, { dishName: '无分类' })).msg).toBe('请填写菜品分类');
    const seeded = await page(`${P.dishes}?dishName=${encodeURIComponent('小米粥')}`);
    const millet = seeded.list[0] as Rec;
    expect(await answer('DELETE', pathWith(P.dish, { id: Number(millet.dishId) }))).toMatchObject({
      code: Code.conflict,
      msg: '菜品“小米粥”已排入食谱，请先从食谱中移除',
    });
    expect((await ok('DELETE', pathWith(P.dish, { id: Number(made.dishId) }))).deleted).toBe(1);
  });

  it('sorts dish categories in the order given', async () => {
    const categories = await page('/pims/web-org/piDishCategory?pageHelper=0');
    const ids = categories.list.map((c) => Number(c.categoryId)).reverse();
    await ok('PUT', P.dishCategorySort, { categoryIds: ids });
    const after = await page('/pims/web-org/piDishCategory?pageHelper=0');
    expect(after.list.map((c) => Number(c.categoryId))).toEqual(ids);
    expect((await answer('PUT', P.dishCategorySort, { categoryIds: [999999] })).msg).toBe('菜品分类不存在');
    expect((await answer('PUT', P.dishCategorySort, { categoryIds: [ids[0], ids[0]] })).msg).toBe(
      '菜品分类重复',
    );
  });

  it('plans a week, lists its meals by day and time cycle, sorts and copies forward', async () => {
    const cycles = (await ok('GET', P.timeCycles)) as unknown as Rec[];
    expect(cycles.map((c) => c.name)).toEqual(['早餐', '上午加餐', '午餐', '下午加餐', '晚餐']);
    // the seed planned this week
    const week = await ok('GET', P.weekPlan);
    expect(week.weekStart).toBe(mondayOf(today()));
    const days = week.days as { cycles: { name: string; dishes: Rec[] }[] }[];
    expect(days).toHaveLength(7);
    expect(days[0]?.cycles.find((c) => c.name === '午餐')?.dishes.length).toBeGreaterThan(0);

    const start = addDays(mondayOf(today()), 28);
    expect((await answer('POST', P.plans, { planName: '周二开始', weekStart: addDays(start, 1) })).msg).toBe(
      '周开始日期须为星期一',
    );
    const plan = await ok('POST', P.plans, { planName: '四周后食谱', weekStart: start });
    const planId = Number(plan.planId);
    expect((await ok('GET', pathWith(P.plan, { id: planId }))).weekEnd).toBe(addDays(start, 6));
    const dishes = await page(`${P.dishes}?pageHelper=0`);
    const [a, b] = dishes.list as [Rec, Rec];
    const e1 = await ok('POST', P.entries, { planId, weekday: 1, timeCycle: 3, dishId: a.dishId });
    const e2 = await ok('POST', P.entries, { planId, weekday: 1, timeCycle: 3, dishId: b.dishId });
    expect(
      await answer('POST', P.entries, { planId, weekday: 1, timeCycle: 3, dishId: a.dishId }),
    ).toMatchObject({
      code: Code.conflict,
      msg: `星期一午餐已有“${String(a.dishName)}”`,
    });
    expect(
      (await answer('POST', P.entries, { planId, weekday: 8, timeCycle: 3, dishId: a.dishId })).msg,
    ).toBe('星期取值无效');
    await ok('PUT', P.entrySort, { nextIds: [e2.nextId, e1.nextId] });
    const grid = await ok('GET', `${P.weekPlan}?planId=${planId}`);
    const monday = (grid.days as { cycles: { timeCycle: number; dishes: Rec[] }[] }[])[0];
    expect(monday?.cycles.find((c) => c.timeCycle === 3)?.dishes.map((d) => d.dishId)).toEqual([
      b.dishId,
      a.dishId,
    ]);
    const entries = await page(`${P.entries}?planId=${planId}`);
    expect(entries.total).toBe(2);
    await ok('PUT', P.entries, { ...(entries.list[0] as Rec), timeCycle: 5 });

    // next week copies this one forward, once
    const copied = await ok('POST', pathWith(P.copyForward, { planId }), {});
    expect(copied.weekStart).toBe(addDays(start, 7));
    const next = await ok('GET', `${P.weekPlan}?weekStart=${addDays(start, 9)}`);
    expect(next.planId).toBe(copied.planId);
    const nextEntries = await page(`${P.entries}?planId=${String(copied.planId)}`);
    expect(nextEntries.total).toBe(2);
    expect(await answer('POST', pathWith(P.copyForward, { planId }), {})).toMatchObject({
      code: Code.conflict,
      msg: `${addDays(start, 7)}起的一周已有食谱`,
    });
    const plans = await page(`${P.plans}?pageHelper=0`);
    expect(plans.list.find((p) => p.planId === planId)?.entryCount).toBe(2);

    expect((await ok('DELETE', pathWith(P.entry, { id: Number(e1.nextId) }))).deleted).toBe(1);
    expect((await ok('DELETE', pathWith(P.plan, { id: planId }))).deleted).toBe(1);
    expect((await page(`${P.entries}?planId=${planId}`)).total).toBe(0);
    expect((await answer('GET', `${P.weekPlan}?planId=${planId}`)).code).toBe(Code.notFound);
  });

  it('refuses without authority and keeps organisations apart', async () => {
    const nurse = await grantNurse(h.app, 'careplan', []);
    expect((await answer('GET', P.dishes, undefined, nurse)).code).toBe(Code.noAuthority);
    expect((await answer('POST', P.plans, { planName: 'x', weekStart: mondayOf(today()) }, nurse)).code).toBe(
      Code.noAuthority,
    );
    const plans = await page(`${P.plans}?pageHelper=0`);
    const planId = Number(plans.list[0]?.planId);
    const other = (await signInOtherOrg(h.app)).token;
    expect((await answer('GET', pathWith(P.plan, { id: planId }), undefined, other)).code).toBe(
      Code.notFound,
    );
    expect((await answer('POST', pathWith(P.copyForward, { planId }), {}, other)).code).toBe(Code.notFound);
    expect((await answer('PUT', P.entrySort, { nextIds: [1] }, other)).msg).toBe('食谱菜品不存在');
  });
});
