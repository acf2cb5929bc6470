import { sql } from 'kysely';
import { localDateTime } from '../../../domain/clock.js';
import { NoticeStatus } from '../../../machines/noticeMachine.js';
import type { Db } from '../../../server/db/index.js';
import { DemoAccounts } from '../../../server/db/seed.js';
import { seedActivities } from './seedActivities.js';
import { seedAttendance } from './seedAttendance.js';
import { seedQuality } from './seedQuality.js';

const HOUR = 3_600_000;
const at = (offsetMs: number) => localDateTime(Date.now() + offsetMs);

/**
 * Demonstration data of 行政管理 for the first institution, once: a few messages and reminds of the
 * administrator, an announcement published to everyone (some have read it) and a draft. Reminds
 * are due later (a due one would sit among the overdue outings of the reminders list from the start).
 */
export async function seedAdministration(db: Db) {
  await seedActivities(db);
  await seedQuality(db);
  await seedAttendance(db);
  const admin = await db
    .selectFrom('users')
    .select(['userId', 'orgId'])
    .where('loginName', '=', DemoAccounts.admin.loginName)
    .executeTakeFirst();
  if (!admin) return;
  const { userId, orgId } = admin;
  const seeded = await sql`select 1 from msgMessage where orgId = ${orgId} limit 1`.execute(db);
  if (seeded.rows.length) return;
  await db.transaction().execute(async (trx) => {
    const messages: [string, string, number, number, number][] = [
      [
        '3号楼空调例行检修',
        '本周四上午9:00至11:00，3号楼空调例行检修，请提前告知长者及家属。',
        2,
        0,
        -2 * HOUR,
      ],
      [
        '本月护理质量检查结果',
        '本月护理质量检查已完成，护理一部得分96分，请各部门查看整改意见。',
        1,
        0,
        -26 * HOUR,
      ],
      ['重阳节活动报名开始', '重阳节联欢会报名已开始，请各护理部统计参加的长者名单。', 3, 0, -50 * HOUR],
      ['系统升级完成', '平台已升级至新版本，新增行政管理模块。', 1, 1, -74 * HOUR],
    ];
    for (const [title, content, msgType, isRead, offset] of messages.reverse())
      await sql`insert into msgMessage (orgId, userId, title, content, msgType, isRead, readTime, createTime, updateTime)
        values (${orgId}, ${userId}, ${title}, ${content}, ${msgType}, ${isRead},
          ${isRead ? at(offset + HOUR) : null}, ${at(offset)}, ${at(offset)})`.execute(trx);
    const reminds: [string, string, number, number][] = [
      ['消防演练', '明天下午2点全院消防演练，提前检查各楼层灭火器。', 26 * HOUR, 0],
      ['王秀英复诊', '王秀英老人下周二到市一医院复诊，安排陪同人员。', 5 * 24 * HOUR, 0],
      ['提交月度排班表', '下月排班表已提交人事。', -30 * HOUR, 1],
    ];
    for (const [title, content, offset, status] of reminds)
      await sql`insert into remind (orgId, userId, title, content, remindTime, status, createTime, updateTime)
        values (${orgId}, ${userId}, ${title}, ${content}, ${at(offset)}, ${status}, ${at(-48 * HOUR)},
          ${at(-48 * HOUR)})`.execute(trx);
    const published = at(-20 * HOUR);
    const { rows } = await sql<{ noticeId: number }>`insert into notice
        (orgId, title, content, status, recipientIds, publishTime, createTime, updateTime)
      values (${orgId}, '关于加强冬季防滑防跌倒工作的通知',
        '入冬以来早晚地面湿滑，请各护理部加强巡查，卫生间、走廊保持干燥，协助行动不便的长者如厕与洗浴。',
        ${NoticeStatus.published}, '[]', ${published}, ${published}, ${published})
      returning noticeId`.execute(trx);
    const noticeId = rows[0]?.noticeId;
    const staff = await trx
      .selectFrom('users')
      .select('userId')
      .where('orgId', '=', orgId)
      .where('status', '=', 0)
      .orderBy('userId')
      .execute();
    for (const [i, s] of staff.entries()) {
      const read = s.userId !== userId && i % 2 === 1;
      await sql`insert into noticeRecipient (orgId, noticeId, userId, isRead, readTime, createTime, updateTime)
        values (${orgId}, ${noticeId}, ${s.userId}, ${read ? 1 : 0}, ${read ? at(-10 * HOUR) : null},
          ${published}, ${published})`.execute(trx);
    }
    await sql`insert into notice (orgId, title, content, status, recipientIds, createTime, updateTime)
      values (${orgId}, '春节期间家属探视安排（草稿）', '春节期间每日探视时间为9:00至17:00，请家属提前预约。',
        ${NoticeStatus.draft}, '[]', ${at(-HOUR)}, ${at(-HOUR)})`.execute(trx);
  });
}
