import { sql } from 'kysely';
import { localDay, nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { AssessmentStatus } from '../../../domain/statuses/assessment.js';
import { assessmentWorkflow } from '../../../machines/assessmentMachine.js';
import { requireDept } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery } from '../../../server/http/schemas.js';
import type { Ctx } from '../../../server/resources/engine.js';
import { addModifyRecord, type ModifyChange } from '../../live/server/oldman.js';
import {
  type AdoptPreview,
  adoptAnswer,
  adoptBody,
  adoptPreview,
  gradeResult,
  AssessmentPaths as P,
} from '../api/assessment.js';
import { AssessmentAuthority as A } from '../resources/assessment.js';
import { scaleOfType } from '../scales/index.js';
import { loadAssessment } from './assessmentRecords.js';
import { noteElderLevel } from './levelHistory.js';

/**
 * 采纳建议 (issue #37 point 1): a submitted assessment's suggestion becomes the elder's 能力等级 and
 * 护理等级 from a chosen day. The level stays one fact of the elder — the profile holds today's, and
 * elderLevelChange the dated history month-end bills prorate by (features/care/server/levelHistory.ts) —
 * and the elder's 修改记录 says who adopted which assessment when. docs/decisions.md "One care level,
 * the elder's, dated".
 */

type Elder = {
  oldmanId: number;
  oldmanName: string;
  deptId: number;
  nursingLevel: string | null;
  selfCareAbility: number | null;
};

const refuse = (message: string): never => {
  throw new ApiFailure(Code.actionRefused, message);
};

/** The day after a month's last: '2026-03' → '2026-04-01'. */
function monthAfter(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
const monthName = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/** Why a day cannot be the effective day, and with which code; the bounds in the order they bind. */
type Bound = { from: string; code: number; message: string };

/**
 * What adopting the assessment would change, from which days it may, and why it cannot at all: read
 * in the caller's transaction, so PUT adopt checks and writes against the same rows.
 */
async function adoption(ctx: Ctx, assessmentId: number) {
  const row = await loadAssessment(ctx, assessmentId);
  const { rows: elders } = await sql<Elder>`select oldmanId, oldmanName, deptId, nursingLevel, selfCareAbility
    from oldman where oldmanId = ${row.oldmanId} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const elder = elders[0];
  if (!elder) throw new ApiFailure(Code.notFound, '长者不存在');
  requireDept(ctx.user, elder.deptId);
  const scale = scaleOfType(row.assessmentType);
  const adopted = row as typeof row & {
    adoptDate: string | null;
    adoptUserName: string | null;
    adoptTime: string | null;
  };
  const { rows: suggested } = await sql<{ levelName: string }>`select levelName from careLevel
    where levelId = ${row.suggestLevelId ?? 0} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const { rows: grades } = await sql<{ gradeName: string }>`select gradeName from assessFinalGrade
    where gradeId = ${row.gradeId ?? 0}`.execute(ctx.db);
  const grade = row.result ? gradeResult.safeParse(JSON.parse(row.result)) : null;
  const ability = grade?.success ? (scale?.abilityLevels?.[grade.data.final] ?? null) : null;
  const today = localDay(ctx.services.now());

  // the assessment itself: submitted, not a screening, not adopted yet, the elder's newest
  let refusal: string | null = null;
  if (row.status !== AssessmentStatus.submitted)
    refusal = `能力评估当前状态为${assessmentWorkflow.stateName(row)}，不能采纳建议`;
  else if (!scale?.abilityLevels)
    refusal = '简易评估是筛查，不能据此调整能力等级和护理等级，请做2013版或2023版能力评估';
  else if (adopted.adoptTime)
    refusal = `该评估的建议已采纳（${adopted.adoptDate ?? ''}起生效，采纳人${adopted.adoptUserName ?? ''}）`;
  else if (!suggested[0] || ability === null)
    refusal = '该评估没有建议护理等级，请先在“护理等级”中设置等级后重新评估';
  if (!refusal) {
    const { rows: newer } = await sql<{ assessDate: string }>`select assessDate from assessment
      where oldmanId = ${row.oldmanId} and status = ${AssessmentStatus.submitted} and assessmentType <> 0
        and (assessDate > ${row.assessDate} or (assessDate = ${row.assessDate} and assessmentId > ${row.assessmentId}))
      order by assessDate desc limit 1`.execute(ctx.db);
    if (newer[0])
      refusal = `${elder.oldmanName}有更新的能力评估（${newer[0].assessDate}），请采纳最新评估的建议`;
  }

  // the days: not before the assessment, nor the last change on record, nor into a month billed already
  const bounds: Bound[] = [
    {
      from: row.assessDate,
      code: Code.invalidInput,
      message: `生效日期不能早于评估日期（${row.assessDate}）`,
    },
  ];
  const { rows: changes } = await sql<{ day: string | null }>`select max(effectiveDate) as day
    from elderLevelChange where oldmanId = ${row.oldmanId}`.execute(ctx.db);
  const lastChange = changes[0]?.day ?? null;
  if (lastChange)
    bounds.push({
      from: lastChange,
      code: Code.invalidInput,
      message: `生效日期不能早于上次护理等级变更的生效日期（${lastChange}）`,
    });
  const { rows: bills } = await sql<{ billMonth: string }>`select billMonth from bill
    where orgId = ${ctx.user.orgId} and oldmanId = ${row.oldmanId} and billStatus <> 3
    order by billMonth desc limit 1`.execute(ctx.db);
  const billed = bills[0]?.billMonth ?? null;
  if (billed)
    bounds.push({
      from: monthAfter(billed),
      code: Code.conflict,
      message: `${elder.oldmanName}${monthName(billed)}的账单已生成，生效日期不能早于${monthAfter(billed)}；如需按新等级重算该月，请先作废该月账单`,
    });
  // days as YYYY-MM-DD text: the latest bound sorts last
  const earliest =
    bounds
      .map((b) => b.from)
      .sort()
      .at(-1) ?? '';
  if (!refusal && earliest > today)
    refusal =
      billed && monthAfter(billed) > today
        ? `${elder.oldmanName}${monthName(billed)}的账单已生成，本月不能再调整计费等级；如需按新等级重算，请先作废该月账单`
        : `生效日期最早为${earliest}，晚于今天，暂不能采纳`;

  const preview: AdoptPreview = {
    assessmentId: row.assessmentId,
    oldmanId: elder.oldmanId,
    oldmanName: elder.oldmanName,
    scaleName: scale?.name ?? '能力评估',
    assessDate: row.assessDate,
    gradeName: grades[0]?.gradeName ?? null,
    current: {
      nursingLevel: elder.nursingLevel ?? '',
      selfCareAbility: elder.selfCareAbility === null ? null : Number(elder.selfCareAbility),
    },
    suggested: { nursingLevel: suggested[0]?.levelName ?? '', selfCareAbility: ability },
    earliestDate: refusal ? null : earliest,
    latestDate: today,
    refusal,
  };
  return { preview, row, elder, bounds, today };
}

/** Refuses a day outside what `adoption` allows, naming the bound it breaks. */
function checkDay(day: string, today: string, bounds: readonly Bound[]) {
  if (day > today) throw new ApiFailure(Code.invalidInput, `生效日期不能晚于今天（${today}）`);
  const broken = bounds.find((b) => day < b.from);
  if (broken) throw new ApiFailure(broken.code, broken.message);
}

const abilityText = (v: number | null) => (v === null ? '' : dictLabel('selfCareAbility', v));

export function adoptRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.adoptPreview,
      auth: A.adopt,
      summary: '采纳评估建议前：长者现有等级、建议等级与可选生效日期',
      params: idsOf('assessmentId'),
      query: noQuery,
      response: adoptPreview,
      handler: async (ctx) => (await adoption(ctx as unknown as Ctx, ctx.params.assessmentId)).preview,
    }),
    route({
      method: 'PUT',
      url: P.adopt,
      auth: A.adopt,
      summary: '采纳评估建议：自生效日期起设定长者的能力等级和护理等级',
      body: adoptBody,
      response: adoptAnswer,
      log: { type: 'UPDATE', name: '采纳评估建议' },
      async handler(raw) {
        const ctx = raw as unknown as Ctx;
        const { assessmentId, effectiveDate } = raw.body;
        const { preview, row, elder, bounds, today } = await adoption(ctx, assessmentId);
        if (preview.refusal) refuse(preview.refusal);
        checkDay(effectiveDate, today, bounds);
        const { current, suggested } = preview;
        const stamp = nowStamp();
        const { rows: me } = await sql<{ name: string }>`select coalesce(e.empName, u.loginName) as name
          from users u left join emp e on e.empId = u.empId where u.userId = ${ctx.user.userId}`.execute(
          ctx.db,
        );
        const adopter = me[0]?.name ?? ctx.user.loginName;
        // conditional updates: of two people adopting at once, or an edit of the profile meanwhile,
        // one wins and the other is refused with nothing written (the route's transaction)
        const marked = await sql`update assessment set adoptDate = ${effectiveDate}, adoptTime = ${stamp},
            adoptUserName = ${adopter}, updateTime = ${stamp}
          where assessmentId = ${row.assessmentId} and status = ${AssessmentStatus.submitted} and adoptTime is null`.execute(
          ctx.db,
        );
        if (!Number(marked.numAffectedRows ?? 0)) refuse('该评估的建议已被他人采纳，请刷新后查看');
        const moved = await sql`update oldman set nursingLevel = ${suggested.nursingLevel},
            selfCareAbility = ${suggested.selfCareAbility}, updateTime = ${stamp}
          where oldmanId = ${elder.oldmanId} and coalesce(nursingLevel, '') = ${current.nursingLevel}
            and coalesce(selfCareAbility, 0) = ${current.selfCareAbility ?? 0}`.execute(ctx.db);
        if (!Number(moved.numAffectedRows ?? 0))
          refuse(`${elder.oldmanName}的护理等级已被他人修改，请刷新后重试`);
        await noteElderLevel(ctx, elder.oldmanId, current, suggested, {
          effectiveDate,
          assessmentId: row.assessmentId,
        });
        const changes: ModifyChange[] = [];
        if (current.nursingLevel !== suggested.nursingLevel)
          changes.push({
            field: 'nursingLevel',
            label: '护理等级',
            before: current.nursingLevel,
            after: suggested.nursingLevel,
          });
        if (current.selfCareAbility !== suggested.selfCareAbility)
          changes.push({
            field: 'selfCareAbility',
            label: '能力等级',
            before: abilityText(current.selfCareAbility),
            after: abilityText(suggested.selfCareAbility),
          });
        const same = changes.length ? '' : `；与原等级相同，维持${suggested.nursingLevel}`;
        await addModifyRecord(
          ctx,
          elder.oldmanId,
          '采纳评估建议',
          changes,
          `依据${preview.scaleName}（评估日期${row.assessDate}，评估编号${row.assessmentId}，评估员${row.assessUserName ?? ''}，评估等级${preview.gradeName ?? ''}），自${effectiveDate}起生效${same}`,
        );
        ctx.describe(`采纳评估建议：${elder.oldmanName} ${suggested.nursingLevel}（${effectiveDate}起）`);
        return {
          assessmentId: row.assessmentId,
          oldmanId: elder.oldmanId,
          effectiveDate,
          nursingLevel: suggested.nursingLevel,
          selfCareAbility: suggested.selfCareAbility,
        };
      },
    }),
  ];
}
