import { sql } from 'kysely';
import { localDay, nowStamp } from '../../../domain/clock.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { PlanStatus } from '../../../domain/statuses/care.js';
import type { Db } from '../../../server/db/index.js';
import { Frequency } from '../api/care.js';

/** [name, frequency, times, weekdays, minutes, 操作要求] */
const PROJECTS: [string, number, string | null, string | null, number, string][] = [
  ['晨间护理', Frequency.daily, '07:30', null, 20, '协助洗漱、梳头，整理床单位'],
  ['测量血压', Frequency.daily, '08:00', null, 5, '静坐5分钟后测量，异常及时报告医生'],
  ['协助服药', Frequency.daily, '08:00,12:00,18:00', null, 5, '核对姓名、药名、剂量，看服到口'],
  ['口腔护理', Frequency.daily, '08:30,20:00', null, 10, '检查口腔黏膜，清洁义齿'],
  ['翻身拍背', Frequency.shift, null, null, 10, '每班至少一次，检查骶尾部皮肤'],
  ['温水擦浴', Frequency.weekly, '15:00', '3,6', 30, '室温24℃以上，注意保暖与防滑'],
  ['修剪指甲', Frequency.weekly, '10:00', '7', 10, '糖尿病长者由护士操作'],
  ['夜间巡视', Frequency.daily, '22:00', null, 5, '查看睡眠、呼吸与床栏'],
];

/** Which projects each care level's plans start with (by the billing seed's level names). */
const LEVEL_PROJECTS: Record<string, string[]> = {
  半护理: ['晨间护理', '测量血压', '协助服药', '夜间巡视'],
  全护理: ['晨间护理', '测量血压', '协助服药', '口腔护理', '翻身拍背', '温水擦浴', '夜间巡视'],
  特级护理: PROJECTS.map(([name]) => name),
};

/**
 * The care configuration every institution starts with (care projects under 护理费 and the levels'
 * project configuration) and, in the demonstration institution, three running plans of residents
 * on different floors, so a fresh start shows today's tasks. Runs once per organisation.
 */
export async function seedCarePlans(db: Db): Promise<void> {
  const orgs = await db.selectFrom('org').select('orgId').orderBy('orgId').execute();
  for (const [i, { orgId }] of orgs.entries()) {
    const has = await sql<{
      n: number;
    }>`select count(*) as n from careProject where orgId = ${orgId}`.execute(db);
    if (Number(has.rows[0]?.n ?? 0) > 0) continue;
    await db.transaction().execute(async (trx) => {
      const now = nowStamp();
      const category = await sql<{ id: number }>`select projectCategoryId as id from projectCategory
        where orgId = ${orgId} order by projectCategoryName = '护理费' desc, sort limit 1`.execute(trx);
      const categoryId = category.rows[0]?.id;
      if (!categoryId) return;
      const ids = new Map<string, number>();
      for (const [name, frequencyType, times, weekdays, duration, remark] of PROJECTS) {
        const row = await sql<{ id: number }>`insert into careProject (orgId, projectName, projectCategoryId,
            frequencyType, times, weekdays, duration, status, remark, createTime, updateTime)
          values (${orgId}, ${name}, ${categoryId}, ${frequencyType}, ${times}, ${weekdays}, ${duration}, 1, ${remark},
            ${now}, ${now}) returning projectId as id`.execute(trx);
        ids.set(name, Number(row.rows[0]?.id));
      }
      const levels = await sql<{
        levelId: number;
        levelName: string;
      }>`select levelId, levelName from careLevel
        where orgId = ${orgId}`.execute(trx);
      for (const level of levels.rows)
        for (const name of LEVEL_PROJECTS[level.levelName] ?? [])
          await sql`insert into levelProject (orgId, levelId, projectId, frequencyType, times, weekdays, createTime, updateTime)
            select orgId, ${level.levelId}, projectId, frequencyType, times, weekdays, ${now}, ${now}
            from careProject where projectId = ${ids.get(name) ?? 0}`.execute(trx);
      if (i !== 0) return;
      // one resident of each of the first three floors that have residents, whose level has care items:
      // the plan takes the elder's own level's items (the level is the elder's, on the profile)
      const elders = await sql<{
        oldmanId: number;
        oldmanName: string;
        deptId: number;
        nursingLevel: string;
      }>`
        select oldmanId, oldmanName, deptId, nursingLevel from (
          select m.oldmanId, m.oldmanName, m.deptId, m.nursingLevel, r.floorId,
            row_number() over (partition by r.floorId order by m.oldmanId) as n
          from oldman m join bed b on b.bedId = m.bedId join room r on r.roomId = b.roomId
          where m.orgId = ${orgId} and m.oldmanStatus = ${LiveStatus.living}
            and m.nursingLevel in (${sql.join(Object.keys(LEVEL_PROJECTS))})
        ) firsts where n = 1 order by floorId limit 3`.execute(trx);
      const start = localDay(Date.now() - 7 * 86_400_000);
      for (const elder of elders.rows) {
        const level = levels.rows.find((l) => l.levelName === elder.nursingLevel);
        if (!level) continue;
        const plan = await sql<{
          id: number;
        }>`insert into nursingPlan (orgId, deptId, planName, oldmanId,
            startDate, endDate, planStatus, remark, createTime, updateTime)
          values (${orgId}, ${elder.deptId}, ${`${elder.oldmanName}${level.levelName}计划`}, ${elder.oldmanId},
            ${start}, null, ${PlanStatus.active}, '入住评估后制定', ${now}, ${now})
          returning planId as id`.execute(trx);
        await sql`insert into nursingPlanItem (orgId, deptId, planId, projectId, frequencyType, times, weekdays, createTime, updateTime)
          select orgId, ${elder.deptId}, ${Number(plan.rows[0]?.id)}, projectId, frequencyType, times, weekdays, ${now}, ${now}
          from levelProject where levelId = ${level.levelId} order by configId`.execute(trx);
      }
    });
  }
}
