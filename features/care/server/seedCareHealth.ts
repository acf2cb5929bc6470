import { sql } from 'kysely';
import { localDateTime, nowStamp, today } from '../../../domain/clock.js';
import type { Db } from '../../../server/db/index.js';
import { addDays, CareFormTypes, mondayOf } from '../api/careHealth.js';

/**
 * Demonstration data of 护理计划's health part (docs/decisions.md "Care: vital signs and meals"):
 * a week of normal vital signs of a few residents, the kitchen's dishes, this week's meal plan and
 * the care form templates. The demonstration institution only, once (when it has no dish).
 */
export async function seedCareHealth(db: Db): Promise<void> {
  const org = await db.selectFrom('org').select('orgId').orderBy('orgId').limit(1).executeTakeFirst();
  if (!org) return;
  const { orgId } = org;
  const has = await sql<{ n: number }>`select count(*) as n from piDish where orgId = ${orgId}`.execute(db);
  if (Number(has.rows[0]?.n ?? 0) > 0) return;
  await db.transaction().execute(async (trx) => {
    await seedSigns(trx, orgId);
    const dishIds = await seedDishes(trx, orgId);
    await seedWeekPlan(trx, orgId, dishIds);
    await seedFormTemplates(trx, orgId);
  });
}

async function seedSigns(db: Db, orgId: number) {
  const elders = await sql<{ oldmanId: number; deptId: number }>`select oldmanId, deptId from oldman
    where orgId = ${orgId} and oldmanStatus in (1, 4) order by oldmanId limit 6`.execute(db);
  const stamp = nowStamp();
  const insert = (values: Record<string, string | number | null>) => {
    const keys = Object.keys(values);
    return sql`insert into piOldmanSign (${sql.join(keys.map((k) => sql.id(k)))})
      values (${sql.join(keys.map((k) => values[k] ?? null))})`.execute(db);
  };
  for (const [i, e] of elders.rows.entries())
    for (let back = 6; back >= 0; back--) {
      const day = addDays(today(), -back);
      const at = (h: number) =>
        `${day} ${String(h).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00`;
      const wobble = (back * 3 + i * 5) % 7;
      const common = {
        orgId,
        deptId: e.deptId,
        oldmanId: e.oldmanId,
        abnormal: 0,
        recorder: '护理员',
        createTime: stamp,
        updateTime: stamp,
      };
      await insert({
        ...common,
        signType: 1,
        measureTime: at(8),
        systolic: 124 + wobble * 2,
        diastolic: 76 + wobble,
      });
      await insert({ ...common, signType: 2, measureTime: at(8), bloodOxygen: 95 + (wobble % 4) });
      await insert({ ...common, signType: 4, measureTime: at(8), heartRate: 68 + wobble * 2 });
      await insert({
        ...common,
        signType: 5,
        measureTime: at(14),
        temperature: (36.2 + wobble / 10).toFixed(1),
      });
      if (i % 2 === 0)
        await insert({
          ...common,
          signType: 3,
          measureTime: at(7),
          bloodSugar: (5.2 + wobble / 5).toFixed(1),
          glucoseTiming: 1,
        });
    }
}

const dishes: [string, string, number, number, string][] = [
  ['小米粥', '粥品', 150, 90, '软食'],
  ['燕麦牛奶粥', '粥品', 300, 160, '低糖'],
  ['鸡蛋羹', '荤菜', 300, 120, '软食'],
  ['肉末蒸蛋', '荤菜', 500, 180, '软食'],
  ['清蒸鲈鱼', '荤菜', 1800, 210, '低脂'],
  ['土豆炖牛肉', '荤菜', 1600, 320, ''],
  ['西红柿炒鸡蛋', '素菜', 800, 170, ''],
  ['清炒西兰花', '素菜', 600, 60, '低盐'],
  ['香菇青菜', '素菜', 600, 70, '低盐'],
  ['冬瓜排骨汤', '汤羹', 900, 150, ''],
  ['紫菜蛋花汤', '汤羹', 400, 60, '低盐'],
  ['米饭', '主食', 100, 230, ''],
  ['南瓜馒头', '主食', 150, 180, '低糖'],
  ['香蕉', '水果', 200, 90, ''],
  ['蒸苹果', '水果', 300, 70, '软食'],
];

async function seedDishes(db: Db, orgId: number): Promise<Map<string, number>> {
  const categories = await sql<{
    categoryId: number;
    name: string;
  }>`select categoryId, name from piDishCategory
    where orgId = ${orgId}`.execute(db);
  const byName = new Map(categories.rows.map((c) => [c.name, c.categoryId]));
  const stamp = nowStamp();
  const ids = new Map<string, number>();
  for (const [dishName, category, price, calories, suitable] of dishes) {
    const categoryId = byName.get(category);
    if (!categoryId) continue;
    const made = await sql<{ dishId: number }>`insert into piDish
      (orgId, dishName, categoryId, price, calories, suitable, status, createTime, updateTime)
      values (${orgId}, ${dishName}, ${categoryId}, ${price}, ${calories}, ${suitable || null}, 1, ${stamp}, ${stamp})
      returning dishId`.execute(db);
    ids.set(dishName, Number(made.rows[0]?.dishId));
  }
  return ids;
}

/** This week's menu: the same frame each day, the dishes turning over. */
async function seedWeekPlan(db: Db, orgId: number, dishIds: Map<string, number>) {
  const weekStart = mondayOf(today());
  const stamp = nowStamp();
  const made = await sql<{
    planId: number;
  }>`insert into piDishPlan (orgId, planName, weekStart, weekEnd, remark, createTime, updateTime)
    values (${orgId}, '本周食谱', ${weekStart}, ${addDays(weekStart, 6)}, '少盐少油，软烂易嚼', ${stamp}, ${stamp})
    returning planId`.execute(db);
  const planId = Number(made.rows[0]?.planId);
  const menu: [number, string[][]][] = [
    [
      1,
      [
        ['小米粥', '鸡蛋羹'],
        ['燕麦牛奶粥'],
        ['米饭', '肉末蒸蛋', '清炒西兰花', '紫菜蛋花汤'],
        ['香蕉'],
        ['南瓜馒头', '西红柿炒鸡蛋', '冬瓜排骨汤'],
      ],
    ],
  ];
  const cycles = [1, 2, 3, 4, 5];
  let sort = 0;
  for (let weekday = 1; weekday <= 7; weekday++) {
    const [, frame] = menu[0] as [number, string[][]];
    for (const [c, names] of frame.entries()) {
      const turned =
        weekday % 2 === 0
          ? names.map((n) =>
              n === '肉末蒸蛋'
                ? '清蒸鲈鱼'
                : n === '清炒西兰花'
                  ? '香菇青菜'
                  : n === '香蕉'
                    ? '蒸苹果'
                    : n === '西红柿炒鸡蛋'
                      ? '土豆炖牛肉'
                      : n,
            )
          : names;
      for (const name of turned) {
        const dishId = dishIds.get(name);
        if (!dishId) continue;
        sort++;
        await sql`insert into piDishPlanNext (orgId, planId, weekday, timeCycle, dishId, sort, createTime, updateTime)
          values (${orgId}, ${planId}, ${weekday}, ${cycles[c] ?? 3}, ${dishId}, ${sort}, ${stamp}, ${stamp})`.execute(
          db,
        );
      }
    }
  }
}

async function seedFormTemplates(db: Db, orgId: number) {
  const now = localDateTime(Date.now());
  const bodies: Record<string, string> = {
    [CareFormTypes.nursing]:
      '<h2>护理记录单</h2><p>长者：{{oldmanName}}</p><p>日期：{{today}}</p><p>护理内容：晨晚间护理、翻身、皮肤观察、饮食与排泄情况。</p>',
    [CareFormTypes.medical]:
      '<h2>医疗记录单</h2><p>长者：{{oldmanName}}，身份证号 {{oldmanIdCard}}</p><p>日期：{{today}}</p><p>主诉、查体、处置与用药。</p>',
    [CareFormTypes.assess]:
      '<h2>护理评估表</h2><p>长者：{{oldmanName}}</p><p>评估日期：{{today}}</p><p>跌倒风险、压疮风险（Braden）、营养风险。</p>',
    [CareFormTypes.goods]:
      '<h2>长者物品登记表</h2><p>长者：{{oldmanName}}</p><p>登记日期：{{today}}</p><p>衣物、贵重物品、辅具、药品的名称与数量，家属签字确认。</p>',
  };
  for (const [i, typeName] of Object.values(CareFormTypes).entries()) {
    const made = await sql<{ typeId: number }>`insert into templateType (orgId, typeName, sort, isHome)
      values (${orgId}, ${typeName}, ${20 + i}, 0) returning typeId`.execute(db);
    await sql`insert into template (orgId, typeId, templateName, content, status, updateTime)
      values (${orgId}, ${Number(made.rows[0]?.typeId)}, ${typeName}, ${bodies[typeName] ?? ''}, 1, ${now})`.execute(
      db,
    );
  }
}
