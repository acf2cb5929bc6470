import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { AssessmentStatus } from '../../../domain/statuses/assessment.js';
import type { Db } from '../../../server/db/index.js';
import { elderDept, requireDept } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx } from '../../../server/resources/engine.js';
import type { AssessmentBody } from '../api/assessment.js';
import { answerProblem, type Grade, type Scale } from '../scales/index.js';

export type AssessmentRow = {
  assessmentId: number;
  oldmanId: number;
  deptId: number;
  assessmentType: number;
  causeId: number;
  assessDate: string;
  status: number;
  answers: string | null;
  result: string | null;
  totalScore: number | null;
  gradeId: number | null;
  suggestLevelId: number | null;
  assessUserName: string | null;
  submitTime: string | null;
  remark: string | null;
};

/** A record of the user's organisation in a department they hold, or 10004. */
export async function loadAssessment(
  ctx: Pick<Ctx, 'db' | 'user'>,
  assessmentId: number,
): Promise<AssessmentRow> {
  const { rows } = await sql<AssessmentRow>`select * from assessment
    where assessmentId = ${assessmentId} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const row = rows[0];
  if (!row) throw new ApiFailure(Code.notFound, '能力评估不存在');
  requireDept(ctx.user, row.deptId);
  return row;
}

/** Only assessors on the list (评估权限, user/assess) assess; any of them may resume another's draft. */
export async function requireAssessor(ctx: Pick<Ctx, 'db' | 'user'>) {
  const { rows } = await sql`select 1 from assessUser where orgId = ${ctx.user.orgId}
    and userId = ${ctx.user.userId}`.execute(ctx.db);
  if (!rows.length) throw new ApiFailure(Code.actionRefused, '您不在评估员名单中，请先在“评估权限”中添加');
}

async function assessorName(ctx: Pick<Ctx, 'db' | 'user'>) {
  const { rows } = await sql<{ name: string }>`select coalesce(e.empName, u.loginName) as name from users u
    left join emp e on e.empId = u.empId where u.userId = ${ctx.user.userId}`.execute(ctx.db);
  return rows[0]?.name ?? ctx.user.loginName;
}

/** The answers and facts of a save, checked against the scale and the base records. */
export async function checkBody(
  ctx: Pick<Ctx, 'db' | 'user'>,
  scale: Scale,
  body: AssessmentBody,
  final: boolean,
) {
  const problem = answerProblem(scale, body.answers, final);
  if (problem) throw new ApiFailure(Code.invalidInput, problem);
  const cause =
    await sql`select 1 from assessCause where causeId = ${body.causeId} and orgId = ${ctx.user.orgId}`.execute(
      ctx.db,
    );
  if (!cause.rows.length) throw new ApiFailure(Code.invalidInput, '评估原因不存在');
  return elderDept(ctx, body.oldmanId);
}

/**
 * The grade row of the final-grade table for the scale's level (assessFinalGrade by standard and
 * code) and the care level it suggests (the organisation's care levels in their order).
 */
export async function gradeRows(db: Db, orgId: number, scale: Scale, grade: Grade) {
  const { rows: g } = await sql<{
    gradeId: number;
    gradeName: string;
  }>`select gradeId, gradeName from assessFinalGrade
    where orgId = ${orgId} and assessmentType = ${scale.type} and gradeCode = ${String(grade.final)}
    order by sort limit 1`.execute(db);
  const { rows: levels } = await sql<{ levelId: number; levelName: string }>`select levelId, levelName
    from careLevel where orgId = ${orgId} order by sort, levelId`.execute(db);
  const step = scale.careSteps[grade.final] ?? 0;
  const level = levels.length ? levels[Math.min(step, levels.length - 1)] : undefined;
  return {
    gradeId: g[0]?.gradeId ?? null,
    gradeName: g[0]?.gradeName ?? scale.levels.find((l) => l.code === grade.final)?.name ?? null,
    suggestLevelId: level?.levelId ?? null,
    suggestLevelName: level?.levelName ?? null,
  };
}

/** Writes a draft (new or resumed) or a submitted record; the caller has asked the machine. */
export async function writeAssessment(
  ctx: Ctx,
  scale: Scale,
  body: AssessmentBody,
  existing: AssessmentRow | null,
  final: boolean,
) {
  const deptId = await checkBody(ctx, scale, body, final);
  const now = nowStamp();
  const name = await assessorName(ctx);
  const grade = final ? scale.grade(body.answers) : null;
  const g = grade ? await gradeRows(ctx.db, ctx.user.orgId, scale, grade) : null;
  const values = {
    oldmanId: body.oldmanId,
    deptId,
    assessmentType: scale.type,
    causeId: body.causeId,
    assessDate: body.assessDate,
    status: final ? AssessmentStatus.submitted : AssessmentStatus.draft,
    answers: JSON.stringify(body.answers),
    result: grade ? JSON.stringify(grade) : null,
    totalScore: grade?.total ?? null,
    gradeId: g?.gradeId ?? null,
    suggestLevelId: g?.suggestLevelId ?? null,
    assessUserName: name,
    submitTime: final ? now : null,
    // the form sends no 评估意见: a resumed draft or its submit keeps the one 修改 wrote
    remark: body.remark ?? existing?.remark ?? null,
    updateTime: now,
  };
  let assessmentId: number;
  if (existing) {
    const changed = await ctx.db
      .updateTable('assessment' as never)
      .set(values as never)
      .where('assessmentId' as never, '=', existing.assessmentId as never)
      .where('status' as never, '=', existing.status as never)
      .executeTakeFirst();
    if (!Number(changed.numUpdatedRows))
      throw new ApiFailure(Code.actionRefused, '能力评估已被他人修改，请刷新后重试');
    assessmentId = existing.assessmentId;
  } else {
    const inserted = await ctx.db
      .insertInto('assessment' as never)
      .values({ ...values, orgId: ctx.user.orgId, createTime: now, createBy: ctx.user.userId } as never)
      .returning('assessmentId' as never)
      .executeTakeFirstOrThrow();
    assessmentId = Number((inserted as { assessmentId: number }).assessmentId);
  }
  ctx.describe(`${final ? '提交' : '暂存'}${scale.name}：${assessmentId}`);
  return {
    assessmentId,
    status: values.status,
    totalScore: values.totalScore,
    gradeName: g?.gradeName ?? null,
    suggestLevelName: g?.suggestLevelName ?? null,
  };
}

/** The elder's latest submitted (bound) assessment, if any: residence's enableAssessments reads it. */
export async function boundAssessment(db: Db, oldmanId: number) {
  const { rows } = await sql<{
    assessDate: string;
    gradeName: string | null;
  }>`select a.assessDate, g.gradeName
    from assessment a left join assessFinalGrade g on g.gradeId = a.gradeId
    where a.oldmanId = ${oldmanId} and a.status = ${AssessmentStatus.submitted}
    order by a.assessDate desc, a.assessmentId desc limit 1`.execute(db);
  return rows[0] ?? null;
}
