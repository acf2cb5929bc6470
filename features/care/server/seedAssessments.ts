import { sql } from 'kysely';
import { localDay, nowStamp } from '../../../domain/clock.js';
import { AssessmentStatus } from '../../../domain/statuses/assessment.js';
import type { Db } from '../../../server/db/index.js';
import { scale2023 } from '../scales/gbt42195.js';
import type { Answers, Scale } from '../scales/index.js';
import { scale2013 } from '../scales/mzt039.js';
import { gradeRows } from './assessmentRecords.js';

/** Every item at its best answer (adjustment facts 否), then the given answers. */
export function answersOf(scale: Scale, changes: Answers = {}): Record<string, number> {
  const best: Record<string, number> = {};
  for (const s of scale.sections)
    for (const i of s.items) {
      const values = i.options.map((o) => o.value);
      best[i.code] = s.scored && !s.lowerIsBetter ? Math.max(...values) : Math.min(...values);
    }
  return { ...best, ...changes };
}

const daysAgo = (n: number) => localDay(Date.now() - n * 86_400_000);

/**
 * The demonstration institution's assessments (care/assessment): the 2023 grades for the 增强版
 * (same bands as 2023), two submitted assessments of living elders and one 2023 draft to resume.
 * Seeded once, when the organisation has none.
 */
export async function seedAssessments(db: Db): Promise<void> {
  const org = await db.selectFrom('org').select('orgId').orderBy('orgId').limit(1).executeTakeFirst();
  if (!org) return;
  const orgId = org.orgId;
  await db.transaction().execute(async (trx) => {
    const plus =
      await sql`select 1 from assessFinalGrade where orgId = ${orgId} and assessmentType = 3`.execute(trx);
    const now = nowStamp();
    if (!plus.rows.length)
      await sql`insert into assessFinalGrade (orgId, gradeName, gradeCode, assessmentType, scoreMin, scoreMax, sort, createTime, updateTime)
        select orgId, gradeName, gradeCode, 3, scoreMin, scoreMax, sort + 10, ${now}, ${now} from assessFinalGrade
        where orgId = ${orgId} and assessmentType = 2`.execute(trx);
    const any = await sql`select 1 from assessment where orgId = ${orgId} limit 1`.execute(trx);
    if (any.rows.length) return;
    const { rows: elders } = await sql<{
      oldmanId: number;
      deptId: number;
    }>`select oldmanId, deptId from oldman
      where orgId = ${orgId} and oldmanStatus = 1 order by oldmanId limit 3`.execute(trx);
    const { rows: causes } = await sql<{ causeId: number }>`select causeId from assessCause
      where orgId = ${orgId} order by sort, causeId`.execute(trx);
    const { rows: admin } = await sql<{
      userId: number;
      name: string;
    }>`select u.userId, coalesce(e.empName, u.loginName) as name
      from users u left join emp e on e.empId = u.empId where u.orgId = ${orgId} and u.isAdmin = 1 order by u.userId limit 1`.execute(
      trx,
    );
    const cause = causes[0]?.causeId;
    if (elders.length < 3 || !cause) return;
    const plan: {
      scale: Scale;
      answers: Record<string, number>;
      final: boolean;
      day: number;
      remark: string;
    }[] = [
      {
        scale: scale2023,
        // 洗澡、上下楼梯需协助，记忆轻度减退：72分，轻度失能
        answers: answersOf(scale2023, {
          'B.1.3': 2,
          'B.2.4': 1,
          'B.3.4': 3,
          'B.4.4': 1,
          'B.2.3': 3,
          'B.4.3': 2,
          'B.1.8': 2,
          'B.1.5': 2,
          'B.3.1': 2,
          'B.3.2': 1,
          'B.4.5': 2,
          'B.1.6': 2,
        }),
        final: true,
        day: 40,
        remark: '行走需拐杖，洗澡需协助，建议加强防跌倒照护',
      },
      {
        scale: scale2013,
        answers: answersOf(scale2013, { 'B.1.2': 0, 'B.1.10': 5, 'B.1.9': 10, 'B.4.1': 1 }),
        final: true,
        day: 25,
        remark: '日常生活基本自理，洗澡需协助',
      },
      { scale: scale2023, answers: { 'B.1.1': 4, 'B.1.2': 3, 'B.1.3': 2 }, final: false, day: 1, remark: '' },
    ];
    for (const [i, p] of plan.entries()) {
      const elder = elders[i];
      if (!elder) continue;
      const grade = p.final ? p.scale.grade(p.answers) : null;
      const g = grade ? await gradeRows(trx, orgId, p.scale, grade) : null;
      const stamp = `${daysAgo(p.day)} 10:30:00`;
      await sql`insert into assessment (orgId, deptId, oldmanId, assessmentType, causeId, assessDate, status, answers,
          result, totalScore, gradeId, suggestLevelId, assessUserName, submitTime, remark, createTime, updateTime, createBy)
        values (${orgId}, ${elder.deptId}, ${elder.oldmanId}, ${p.scale.type}, ${cause}, ${daysAgo(p.day)},
          ${p.final ? AssessmentStatus.submitted : AssessmentStatus.draft}, ${JSON.stringify(p.answers)},
          ${grade ? JSON.stringify(grade) : null}, ${grade?.total ?? null}, ${g?.gradeId ?? null},
          ${g?.suggestLevelId ?? null}, ${admin[0]?.name ?? '管理员'}, ${p.final ? stamp : null},
          ${p.remark || null}, ${stamp}, ${stamp}, ${admin[0]?.userId ?? null})`.execute(trx);
    }
  });
}
