import { sql } from 'kysely';
import { z } from 'zod';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { assessmentWorkflow } from '../../../machines/assessmentMachine.js';
import { advance } from '../../../machines/workflow.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { sendPrintPage } from '../../../server/http/printPage.js';
import { type AnyRoute, route, SENT } from '../../../server/http/route.js';
import { idsOf, noQuery, printPage } from '../../../server/http/schemas.js';
import type { ServerModule } from '../../../server/modules/types.js';
import type { Ctx } from '../../../server/resources/engine.js';
import {
  assessCauseListAnswer,
  assessmentBody,
  assessmentEditBody,
  gradeResult,
  AssessmentPaths as P,
  savedAnswer,
  scaleAnswer,
  tokenParams,
  unbindBody,
} from '../api/assessment.js';
import { AssessmentAuthority as A } from '../resources/assessment.js';
import { scaleOfToken, scaleOfType } from '../scales/index.js';
import type { Scale } from '../scales/types.js';
import { adoptRoutes } from './adopt.js';
import { assessmentPrintBody } from './assessmentPrint.js';
import { type AssessmentRow, loadAssessment, requireAssessor, writeAssessment } from './assessmentRecords.js';

const idParams = idsOf('assessmentId');

/** The machine's answer for a stored record (or none yet), else 10010 naming the state. */
function check(row: AssessmentRow | null, type: string, label: string) {
  if (row === null) return;
  const next = advance(assessmentWorkflow, row, { type }, label);
  if (!next.ok) throw new ApiFailure(Code.actionRefused, next.reason);
}

/** An interim save or a final submit of one kind (spec 001 §4, §7). */
function saveRoute(url: string, fixed: Scale | null, final: boolean): AnyRoute {
  const label = final ? '提交评估' : '暂存';
  return route({
    method: 'POST',
    url,
    auth: A.add,
    ...(fixed ? {} : { params: tokenParams }),
    body: assessmentBody,
    response: savedAnswer,
    log: { type: final ? 'UPDATE' : 'INSERT', name: `${label}能力评估` },
    async handler(ctx) {
      const token = (ctx.params as { token?: string } | undefined)?.token ?? '';
      const scale = fixed ?? scaleOfToken(token);
      if (!scale) throw new ApiFailure(Code.invalidInput, '评估类型无效');
      await requireAssessor(ctx);
      const existing = ctx.body.assessmentId ? await loadAssessment(ctx, ctx.body.assessmentId) : null;
      if (existing && existing.assessmentType !== scale.type)
        throw new ApiFailure(Code.invalidInput, `该评估不是${scale.name}`);
      if (existing && existing.oldmanId !== ctx.body.oldmanId)
        throw new ApiFailure(Code.invalidInput, '不能更换已开始评估的长者');
      check(existing, final ? 'assessment.submit' : 'assessment.save', label);
      return writeAssessment(ctx as unknown as Ctx, scale, ctx.body, existing, final);
    },
  });
}

const scaleOf = (row: AssessmentRow) => {
  const scale = scaleOfType(row.assessmentType);
  if (!scale) throw new ApiFailure(Code.notFound, '评估类型不存在');
  return scale;
};

function routes(): AnyRoute[] {
  const byToken = (t: string) => scaleOfToken(t) ?? null;
  return [
    route({
      method: 'GET',
      url: P.issue,
      auth: 'session',
      summary: '评估量表题目',
      params: tokenParams,
      query: noQuery,
      response: scaleAnswer,
      async handler({ params }) {
        const scale = scaleOfToken(params.token);
        if (!scale) throw new ApiFailure(Code.invalidInput, '评估类型无效');
        const { grade: _grade, careSteps: _steps, abilityLevels: _ability, ...data } = scale;
        return data;
      },
    }),
    saveRoute(P.easy, byToken('easy'), false),
    saveRoute(P.submit, byToken('normal'), false),
    saveRoute(P.finalSubmit, byToken('normal'), true),
    saveRoute(P.submit2023, byToken('normal-2023'), false),
    saveRoute(P.finalSubmit2023, byToken('normal-2023'), true),
    saveRoute(P.submit2023plus, byToken('normal-2023-plus'), false),
    saveRoute(P.byToken, null, false),
    saveRoute(P.finalByToken, null, true),
    route({
      method: 'PUT',
      url: P.one,
      auth: A.add,
      params: idParams,
      body: assessmentEditBody,
      response: z.object({ assessmentId: z.number().int() }),
      log: { type: 'UPDATE', name: '修改能力评估' },
      async handler(ctx) {
        await requireAssessor(ctx);
        const row = await loadAssessment(ctx, ctx.params.assessmentId);
        check(row, 'assessment.edit', '修改');
        const cause = await sql`select 1 from assessCause where causeId = ${ctx.body.causeId}
          and orgId = ${ctx.user.orgId}`.execute(ctx.db);
        if (!cause.rows.length) throw new ApiFailure(Code.invalidInput, '评估原因不存在');
        await sql`update assessment set causeId = ${ctx.body.causeId}, assessDate = ${ctx.body.assessDate},
          remark = ${ctx.body.remark ?? null}, updateTime = ${nowStamp()}
          where assessmentId = ${row.assessmentId} and status = ${row.status}`.execute(ctx.db);
        return { assessmentId: row.assessmentId };
      },
    }),
    route({
      method: 'DELETE',
      url: P.one,
      auth: A.remove,
      params: idParams,
      response: z.object({ assessmentId: z.number().int() }),
      log: { type: 'DELETE', name: '删除能力评估' },
      async handler(ctx) {
        const row = await loadAssessment(ctx, ctx.params.assessmentId);
        check(row, 'assessment.remove', '删除');
        await sql`delete from assessment where assessmentId = ${row.assessmentId} and status = ${row.status}`.execute(
          ctx.db,
        );
        return { assessmentId: row.assessmentId };
      },
    }),
    route({
      method: 'PUT',
      url: P.unbind,
      auth: A.unbind,
      body: unbindBody,
      response: z.object({ assessmentId: z.number().int() }),
      log: { type: 'UPDATE', name: '解绑能力评估' },
      async handler(ctx) {
        const row = await loadAssessment(ctx, ctx.body.assessmentId);
        check(row, 'assessment.unbind', '解绑');
        await sql`update assessment set status = 2, updateTime = ${nowStamp()}
          where assessmentId = ${row.assessmentId} and status = ${row.status}`.execute(ctx.db);
        return { assessmentId: row.assessmentId };
      },
    }),
    route({
      method: 'GET',
      url: P.export,
      auth: A.print,
      summary: '导出评估报告',
      params: idParams,
      query: noQuery,
      response: printPage,
      async handler(ctx) {
        const row = await loadAssessment(ctx, ctx.params.assessmentId);
        if (row.status === 0) throw new ApiFailure(Code.actionRefused, '暂存的评估不能导出，请先提交');
        const scale = scaleOf(row);
        const { rows } = await sql<{
          oldmanName: string;
          causeName: string | null;
          gradeName: string | null;
          levelName: string | null;
        }>`
          select o.oldmanName, c.causeName, g.gradeName, l.levelName from assessment a
          join oldman o on o.oldmanId = a.oldmanId left join assessCause c on c.causeId = a.causeId
          left join assessFinalGrade g on g.gradeId = a.gradeId left join careLevel l on l.levelId = a.suggestLevelId
          where a.assessmentId = ${row.assessmentId}`.execute(ctx.db);
        const names = rows[0] ?? { oldmanName: '', causeName: null, gradeName: null, levelName: null };
        await sendPrintPage(ctx, {
          title: `${scale.name}（${names.oldmanName}）`,
          body: assessmentPrintBody(scale, row, names, gradeResult.parse(JSON.parse(row.result ?? 'null'))),
          fileName: `${scale.name}-${names.oldmanName}-${row.assessDate}.html`,
        });
        return SENT;
      },
    }),
    route({
      method: 'GET',
      url: P.causeAlias,
      auth: 'session',
      summary: '评估原因',
      query: noQuery,
      response: assessCauseListAnswer,
      async handler({ db, user }) {
        const { rows } = await sql`select causeId, causeName, sort, remark from assessCause
          where orgId = ${user.orgId} order by sort, causeId`.execute(db);
        return rows;
      },
    }),
  ];
}

/** The server's part of the assessment screens of 护理计划 (spec 001 §7 "Assessments"). */
export const assessmentServer: ServerModule = { routes: () => [...routes(), ...adoptRoutes()] };
