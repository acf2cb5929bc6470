import { sql } from 'kysely';
import { z } from 'zod';
import { QualityAuthority as A, HandoverStatus, QualityPaths as P } from '../../../domain/api/quality.js';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import {
  complaintCloseForm,
  complaintReplyForm,
  complaintResource,
} from '../../../domain/modules/administration/qualityComplaint.js';
import {
  handoverItemResource,
  handoverResource,
} from '../../../domain/modules/administration/qualityHandover.js';
import {
  trainingAttendeeResource,
  trainingResource,
} from '../../../domain/modules/administration/qualityTraining.js';
import { complaintWorkflow } from '../../../machines/complaintMachine.js';
import { handoverWorkflow } from '../../../machines/handoverMachine.js';
import { advance, offers } from '../../../machines/workflow.js';
import type { Db } from '../../db/index.js';
import { elderDept } from '../../http/deptScope.js';
import { type AnyRoute, route } from '../../http/route.js';
import { idParams, noBody } from '../../http/schemas.js';
import { type Ctx, loadRow, type ResourceHooks, type Row } from '../../resources/engine.js';
import type { ServerResource } from '../types.js';
import { oldmanCostServerResources } from './oldmanCost.js';
import { adverseRoutes, adverseServerResources } from './qualityAdverse.js';
import { elderInHouse, notAfterNow, refuse, stepRoute, userName } from './qualitySteps.js';

/** Counts of child rows by parent id, for a list's computed columns. */
async function countsBy(db: Db, table: string, key: string, ids: number[], where = sql``) {
  if (!ids.length) return new Map<number, number>();
  const rows = await sql<{ id: number; n: number }>`select ${sql.id(key)} as id, count(*) as n
    from ${sql.id(table)} where ${sql.id(key)} in (${sql.join(ids)}) ${where} group by ${sql.id(key)}`.execute(
    db,
  );
  return new Map(rows.rows.map((r) => [Number(r.id), Number(r.n)]));
}

const handoverHooks: ResourceHooks = {
  async prepare(_ctx, row, existing) {
    if (existing && !offers(handoverWorkflow, existing, 'handover.edit'))
      refuse('交接班记录已接班确认，不能修改');
    const merged = { ...existing, ...row };
    if (Number(merged.fromShift) === Number(merged.toShift))
      refuse('接班班次不能与交班班次相同', Code.invalidInput);
    if (Number(merged.handedBy) === Number(merged.receivedBy))
      refuse('接班人不能与交班人相同', Code.invalidInput);
    if (existing && row.deptId != null && Number(row.deptId) !== Number(existing.deptId)) {
      const items = await countsBy(_ctx.db, 'qualityHandoverItem', 'handoverId', [
        Number(existing.handoverId),
      ]);
      if (items.size) refuse('已有长者交代，不能更换护理部门', Code.invalidInput);
    }
  },
  // whether it may go is the definition's row rule (handoverResource.rowRules), checked first
  async beforeRemove(ctx, row) {
    await sql`delete from qualityHandoverItem where handoverId = ${Number(row.handoverId)}`.execute(ctx.db);
  },
  async decorate(db, rows) {
    const counts = await countsBy(
      db,
      'qualityHandoverItem',
      'handoverId',
      rows.map((r) => Number(r.handoverId)),
    );
    for (const r of rows) r.itemCount = counts.get(Number(r.handoverId)) ?? 0;
  },
};

async function handoverOf(ctx: Ctx, handoverId: number) {
  const found = await sql<Row>`select * from qualityHandover
    where handoverId = ${handoverId} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const handover = found.rows[0];
  if (!handover) return refuse('交接班记录不存在', Code.invalidInput);
  ctx.requireDept(Number(handover.deptId));
  if (!offers(handoverWorkflow, handover, 'handover.edit')) refuse('交接班记录已接班确认，不能修改');
  return handover;
}

const handoverItemHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    const handoverId = Number(existing?.handoverId ?? row.handoverId);
    row.handoverId = handoverId;
    const handover = await handoverOf(ctx, handoverId);
    const oldmanId = Number(row.oldmanId ?? existing?.oldmanId);
    if ((await elderDept(ctx, oldmanId)) !== Number(handover.deptId))
      refuse('该长者不属于本次交接班的护理部门', Code.invalidInput);
    // A note is handed over for an elder in the home's care; a note written before a discharge stays editable.
    if (!existing || Number(existing.oldmanId) !== oldmanId) await elderInHouse(ctx, oldmanId, '记入交接班');
    row.deptId = handover.deptId;
    const twice = await sql`select 1 from qualityHandoverItem where handoverId = ${handoverId}
      and oldmanId = ${oldmanId} and itemId != ${Number(existing?.itemId ?? -1)}`.execute(ctx.db);
    if (twice.rows.length) refuse('该长者已在本次交接班中', Code.conflict);
  },
  async beforeRemove(ctx, row) {
    await handoverOf(ctx, Number(row.handoverId));
  },
};

const complaintHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    if (existing && !offers(complaintWorkflow, existing, 'complaint.edit'))
      refuse(`投诉${complaintWorkflow.stateName(existing)}，不能修改`);
    notAfterNow(ctx, row.receiveTime, '受理时间');
    if (!existing) row.receiverName = await userName(ctx.db, ctx.user);
  },
};

const PASSED = 1;
const FAILED = 2;
const PRESENT = 1;
const PASS_SCORE = 60;

const trainingHooks: ResourceHooks = {
  async beforeRemove(ctx, row) {
    await sql`delete from qualityTrainingAttendee where trainingId = ${Number(row.trainingId)}`.execute(
      ctx.db,
    );
  },
  async decorate(db, rows) {
    const ids = rows.map((r) => Number(r.trainingId));
    const all = await countsBy(db, 'qualityTrainingAttendee', 'trainingId', ids);
    const passed = await countsBy(
      db,
      'qualityTrainingAttendee',
      'trainingId',
      ids,
      sql`and result = ${PASSED}`,
    );
    for (const r of rows) {
      r.attendeeCount = all.get(Number(r.trainingId)) ?? 0;
      r.passCount = passed.get(Number(r.trainingId)) ?? 0;
    }
  },
};

const attendeeHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    const trainingId = Number(existing?.trainingId ?? row.trainingId);
    row.trainingId = trainingId;
    const training = await sql`select 1 from qualityTraining
      where trainingId = ${trainingId} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
    if (!training.rows.length) refuse('培训记录不存在', Code.invalidInput);
    const twice = await sql`select 1 from qualityTrainingAttendee where trainingId = ${trainingId}
      and empId = ${Number(row.empId)} and attendeeId != ${Number(existing?.attendeeId ?? -1)}`.execute(
      ctx.db,
    );
    if (twice.rows.length) refuse('该人员已在参训名单中', Code.conflict);
    const present = Number(row.attendStatus) === PRESENT;
    if (!present && (row.score != null || row.result != null))
      refuse('缺勤或请假的人员不能录入考核成绩', Code.invalidInput);
    // a score without a result is judged at the pass mark (60)
    if (row.score != null && row.result == null)
      row.result = Number(row.score) >= PASS_SCORE ? PASSED : FAILED;
  },
};

export const qualityServerResources: Record<string, ServerResource> = {
  [handoverResource.name]: { hooks: handoverHooks },
  [handoverItemResource.name]: { hooks: handoverItemHooks },
  [complaintResource.name]: { hooks: complaintHooks },
  [trainingResource.name]: { hooks: trainingHooks },
  [trainingAttendeeResource.name]: { hooks: attendeeHooks },
  ...adverseServerResources,
  ...oldmanCostServerResources,
};

/** 接班确认, the adverse-event and complaint steps with forms. */
export function qualityRoutes(): AnyRoute[] {
  return [
    route({
      method: 'PUT',
      url: P.handoverConfirm,
      auth: A.handoverConfirm,
      summary: '接班确认',
      params: idParams,
      body: noBody,
      response: z.object({ handoverId: z.number().int() }),
      log: { type: 'UPDATE', name: '接班确认' },
      async handler(ctx) {
        const c = ctx as unknown as Ctx;
        const row = await loadRow(c, handoverResource, ctx.params.id, handoverHooks);
        const next = advance(handoverWorkflow, row, { type: 'handover.confirm' }, '接班确认');
        if (!next.ok) return refuse(next.reason);
        if (Number(row.receivedBy) !== ctx.user.empId) refuse('只能由接班人本人确认接班');
        const now = localDateTime(ctx.services.now());
        const done = await sql`update qualityHandover set handoverStatus = ${HandoverStatus.confirmed},
            confirmTime = ${now}, updateTime = ${now}
          where handoverId = ${ctx.params.id} and handoverStatus = ${HandoverStatus.pending}`.execute(ctx.db);
        if (!Number(done.numAffectedRows ?? 0)) refuse('交接班记录已被他人修改，请刷新后重试');
        ctx.describe(`接班确认：${String(row.handoverDate)}`);
        return { handoverId: ctx.params.id };
      },
    }),
    stepRoute({
      def: complaintResource,
      workflow: complaintWorkflow,
      form: complaintReplyForm,
      path: P.complaintReply,
      auth: A.complaintHandle,
      label: '答复',
      event: () => ({ type: 'complaint.reply' }),
      write: (ctx, _row, body) => ({
        handling: body.handling,
        reply: body.reply,
        replyTime: localDateTime(ctx.services.now()),
      }),
    }),
    stepRoute({
      def: complaintResource,
      workflow: complaintWorkflow,
      form: complaintCloseForm,
      path: P.complaintClose,
      auth: A.complaintClose,
      label: '办结',
      event: () => ({ type: 'complaint.close' }),
      write: (ctx, _row, body) => ({
        satisfaction: body.satisfaction,
        feedback: body.feedback ?? null,
        closeTime: localDateTime(ctx.services.now()),
      }),
    }),
    ...adverseRoutes(),
  ];
}
