import { sql } from 'kysely';
import { localDateTime, nowStamp } from '../../../domain/clock.js';
import { ArticleState } from '../../../domain/statuses/education.js';
import type { Db } from '../../../server/db/index.js';
import { IsWard } from '../api.js';

const CATEGORIES = ['慢病管理', '营养膳食', '安全防护', '康复运动'];

/** [category, isWard, title, summary, html, state, days ago published] */
const ARTICLES: [number, number, string, string, string, number, number][] = [
  [
    0,
    IsWard.whole,
    '秋冬季老年人血压管理要点',
    '气温下降时血压容易波动，按时测量、规律服药。',
    '<h3>为什么秋冬血压容易升高</h3><p>气温降低时血管收缩，<strong>血压通常比夏季高 5～10 mmHg</strong>。</p><ul><li>每天早晚各测一次血压并记录</li><li>遵医嘱服药，<em>不要自行停药或减量</em></li><li>外出注意保暖，避免清晨骤冷</li></ul>',
    ArticleState.published,
    12,
  ],
  [
    2,
    IsWard.whole,
    '预防跌倒，从这五件小事做起',
    '起床慢、鞋防滑、灯常亮、扶手握、东西放低处。',
    '<p>跌倒是老年人受伤的首要原因。请记住：</p><ol><li>醒后躺 30 秒、坐 30 秒、站 30 秒再走</li><li>穿合脚防滑的鞋</li><li>夜间开启地脚灯</li><li>如厕、洗浴时握住扶手</li><li>常用物品放在伸手可及处</li></ol>',
    ArticleState.published,
    5,
  ],
  [
    1,
    IsWard.ward,
    '吞咽困难长者的饮食调整',
    '本科室吞咽评估后的进食建议。',
    '<p>经吞咽评估有风险的长者，食物宜<strong>软、烂、稠</strong>，进食时取坐位，小口慢咽，餐后保持坐位 30 分钟。</p>',
    ArticleState.published,
    3,
  ],
  [
    3,
    IsWard.ward,
    '卧床长者的床上康复操',
    '每日两次，每次 10 分钟。',
    '<p>在护理员协助下进行踝泵运动、直腿抬高和上肢屈伸，每个动作 10 次。</p>',
    ArticleState.draft,
    0,
  ],
];

/**
 * Education categories and a few articles of the demonstration institution (the first): two for
 * the whole home, two for its first department. Skipped once it has a category.
 */
export async function seedEducation(db: Db) {
  const org = await sql<{ orgId: number; deptId: number }>`select o.orgId, min(d.deptId) as deptId from org o
    join dept d on d.orgId = o.orgId group by o.orgId order by o.orgId limit 1`.execute(db);
  const first = org.rows[0];
  if (!first) return;
  const has = await sql`select 1 from articleCategory where orgId = ${first.orgId} limit 1`.execute(db);
  if (has.rows.length) return;
  const stamp = nowStamp();
  const ids: number[] = [];
  for (const [i, name] of CATEGORIES.entries()) {
    const row = await sql<{
      id: number;
    }>`insert into articleCategory (orgId, categoryName, sortIndex, createTime,
        updateTime) values (${first.orgId}, ${name}, ${i + 1}, ${stamp}, ${stamp}) returning id`.execute(db);
    ids.push(Number(row.rows[0]?.id));
  }
  for (const [i, [category, isWard, title, summary, html, state, daysAgo]] of ARTICLES.entries()) {
    const published =
      state === ArticleState.published ? localDateTime(Date.now() - daysAgo * 86_400_000) : null;
    await sql`insert into edArticle (orgId, title, categoryId, isWard, wardId, summary, content, state, sortIndex,
        publishTime, createTime, updateTime)
      values (${first.orgId}, ${title}, ${ids[category] ?? null}, ${isWard},
        ${isWard === IsWard.ward ? first.deptId : null}, ${summary}, ${html}, ${state}, ${i + 1}, ${published},
        ${stamp}, ${stamp})`.execute(db);
  }
}
