import { sql } from 'kysely';
import { z } from 'zod';
import { localDateTime } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { pageSchema } from '../../../domain/resource.js';
import { HandoverStatus } from '../../../domain/statuses/quality.js';
import {
  type ComplaintEvent,
  complaintEvents,
  complaintWorkflow,
} from '../../../machines/complaintMachine.js';
import { handoverWorkflow } from '../../../machines/handoverMachine.js';
import { advance, offers } from '../../../machines/workflow.js';
import type { Db } from '../../../server/db/index.js';
import { elderDept } from '../../../server/http/deptScope.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noBody, noQuery } from '../../../server/http/schemas.js';
import type { ServerResource } from '../../../server/modules/types.js';
import { type Ctx, loadRow, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import { QualityAuthority as A, QualityPaths as P } from '../api/quality.js';
import {
  complaintCloseForm,
  complaintFollowResource,
  complaintReplyForm,
  complaintResource,
} from '../resources/qualityComplaint.js';
import { handoverItemResource, handoverResource } from '../resources/qualityHandover.js';
import { trainingAttendeeResource, trainingResource } from '../resources/qualityTraining.js';
import { oldmanCostServerResources } from './oldmanCost.js';
import { adverseRoutes, adverseServerResources } from './qualityAdverse.js';
import { handoverGatherRoutes, handoverOf, unacknowledged } from './qualityHandover.js';
import {
  departmentHeads,
  elderInHouse,
  logStep,
  notAfterNow,
  refuse,
  sendBell,
  stepRoute,
  userName,
} from './qualitySteps.js';

/** Counts of child rows by parent id, for a list's computed columns. */
async function countsBy(db: Db, table: string, key: string, ids: number[], where = sql``) {
  if (!ids.length) return new Map<number, number>();
  const rows = await sql<{ id: number; n: number }>`select ${sql.id(key)} as id, count(*) as n
    from ${sql.id(table)} where ${sql.id(key)} in (${sql.join(ids)}) ${where} group by ${sql.id(key)}`.execute(
    db,
  );
  return new Map(rows.rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** Staff of the organisation who can sign in: an active member with an enabled account. */
const canSignIn = sql`e.status = 0 and exists (select 1 from users u
  where u.empId = e.empId and u.orgId = e.orgId and u.status = 0)`;

/** Who may be 接班人 (the picker's list): only they can sign in and confirm. */
async function handoverReceivers(db: Db, orgId: number) {
  const rows = await sql<{ empId: number; empName: string; deptName: string | null }>`select e.empId,
      e.empName, d.deptName from emp e left join dept d on d.deptId = e.deptId
    where e.orgId = ${orgId} and ${canSignIn} order by e.empId`.execute(db);
  return rows.rows;
}

/** The receiver's account, refused (nothing written) when the person cannot sign in to confirm. */
async function receiverUser(ctx: Ctx, empId: number): Promise<number> {
  const found = await sql<{ empName: string; userId: number | null }>`select e.empName,
      (select min(u.userId) from users u where u.empId = e.empId and u.orgId = e.orgId and u.status = 0
        and e.status = 0) as userId
    from emp e where e.empId = ${empId} and e.orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const person = found.rows[0];
  if (!person) return refuse('接班人不存在', Code.invalidInput);
  if (person.userId === null)
    refuse(`接班人${person.empName}没有可登录的账号，无法接班确认，请选择有账号的人员`, Code.invalidInput);
  return Number(person.userId);
}

/** Receivers to tell of a handover now theirs, by the change that made it so (set by prepare). */
const newReceivers = new WeakMap<Ctx, number>();

/** The bell message telling the receiver a handover waits for their 接班确认. */
async function tellReceiver(ctx: Ctx, handoverId: number, userId: number) {
  const found = await sql<Row>`select h.handoverDate, h.fromShift, h.toShift, h.elderTotal, h.generalNote,
      d.deptName, e.empName as handedName from qualityHandover h left join dept d on d.deptId = h.deptId
      left join emp e on e.empId = h.handedBy where h.handoverId = ${handoverId}`.execute(ctx.db);
  const h = found.rows[0];
  if (!h) return;
  const shifts = `${dictLabel('handoverShift', Number(h.fromShift))}→${dictLabel('handoverShift', Number(h.toShift))}`;
  const title = `交接班待您确认：${String(h.handoverDate)} ${shifts}`;
  const content = [
    `${String(h.deptName ?? '')} ${String(h.handoverDate)} ${shifts}的交接班由您接班。`,
    `交班人：${String(h.handedName ?? '')}`,
    h.elderTotal == null ? '' : `在院人数：${Number(h.elderTotal)}`,
    h.generalNote ? `总体情况：${String(h.generalNote)}` : '',
    '请到 行政管理 › 交接班 查看长者交代并接班确认。',
  ]
    .filter(Boolean)
    .join('\n');
  await sendBell(ctx, [userId], title, content);
}

const handoverReceiversAnswer = pageSchema(
  z.object({ empId: z.number().int(), empName: z.string(), deptName: z.string().nullable() }),
);

const handoverHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    if (existing && !offers(handoverWorkflow, existing, 'handover.edit'))
      refuse('交接班记录已接班确认，不能修改');
    const merged = { ...existing, ...row };
    if (Number(merged.fromShift) === Number(merged.toShift))
      refuse('接班班次不能与交班班次相同', Code.invalidInput);
    if (Number(merged.handedBy) === Number(merged.receivedBy))
      refuse('接班人不能与交班人相同', Code.invalidInput);
    // only the receiver confirms: a receiver who cannot sign in would leave it unconfirmed for ever
    const receiver = await receiverUser(ctx, Number(merged.receivedBy));
    if (!existing || Number(existing.receivedBy) !== Number(merged.receivedBy))
      newReceivers.set(ctx, receiver);
    if (existing && row.deptId != null && Number(row.deptId) !== Number(existing.deptId)) {
      const items = await countsBy(ctx.db, 'qualityHandoverItem', 'handoverId', [
        Number(existing.handoverId),
      ]);
      if (items.size) refuse('已有长者交代，不能更换护理部门', Code.invalidInput);
    }
  },
  // the receiver finds the handover in the bell when it becomes theirs (made, or handed to them on an edit)
  async afterChange(ctx, change) {
    const userId = newReceivers.get(ctx);
    newReceivers.delete(ctx);
    const [handoverId] = change.ids;
    if (change.action !== 'remove' && userId !== undefined && handoverId !== undefined)
      await tellReceiver(ctx, handoverId, userId);
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

/** A complaint's 处理记录 row for a step (qualitySteps.ts logStep), named as the step's button. */
const logComplaintStep = (ctx: Ctx, complaintId: number, step: ComplaintEvent['type'], content: string) =>
  logStep(ctx, {
    table: complaintFollowResource.table,
    owner: ['complaintId', complaintId],
    step,
    content,
    columns: { stepName: step === 'complaint.edit' ? '受理' : complaintEvents[step].label },
  });

/** Requests that edit a complaint through its form (prepare): any other update is 开始处理. */
const complaintEdited = new WeakSet<Ctx>();

const complaintHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    complaintEdited.add(ctx);
    if (existing && !offers(complaintWorkflow, existing, 'complaint.edit'))
      refuse(`投诉${complaintWorkflow.stateName(existing)}，不能修改`);
    notAfterNow(ctx, row.receiveTime, '受理时间');
    if (!existing) row.receiverName = await userName(ctx.db, ctx.user);
  },
  // a new complaint reaches the head of the department it concerns (the elder's, else the handler's);
  // 受理 and 开始处理 (a plain action) write their 处理记录 rows
  async afterChange(ctx, change) {
    const [complaintId] = change.ids;
    if (complaintId === undefined || change.action === 'remove') return;
    if (change.action === 'update') {
      if (!complaintEdited.has(ctx)) await logComplaintStep(ctx, complaintId, 'complaint.handle', '开始处理');
      return;
    }
    const found = await sql<Row>`select c.*, coalesce(o.deptId, e.deptId) as concernedDept, o.oldmanName,
        e.empName as handlerName from qualityComplaint c left join oldman o on o.oldmanId = c.oldmanId
        left join emp e on e.empId = c.handlerId where c.complaintId = ${complaintId}`.execute(ctx.db);
    const c = found.rows[0];
    if (!c) return;
    const heads = await departmentHeads(
      ctx,
      c.concernedDept == null ? null : Number(c.concernedDept),
      A.complaintClose,
    );
    const title = `投诉受理：${dictLabel('complaintType', Number(c.complaintType))}·${String(c.complainantName)}`;
    const content = [
      `${String(c.receiveTime)} 受理${dictLabel('complainantType', Number(c.complainantType))}${String(c.complainantName)}的投诉。`,
      c.oldmanName ? `涉及长者：${String(c.oldmanName)}` : '',
      `处理人：${String(c.handlerName ?? '')}`,
      `投诉内容：${String(c.content)}`,
      '请到 行政管理 › 投诉管理 跟进处理与办结。',
    ]
      .filter(Boolean)
      .join('\n');
    await sendBell(ctx, heads, title, content);
    await logComplaintStep(
      ctx,
      complaintId,
      'complaint.edit',
      `受理投诉，处理人：${String(c.handlerName ?? '')}。投诉内容：${String(c.content)}`,
    );
  },
  async beforeRemove(ctx, row) {
    await sql`delete from qualityComplaintFollow where complaintId = ${Number(row.complaintId)}`.execute(
      ctx.db,
    );
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
      method: 'GET',
      url: P.handoverReceivers,
      auth: 'session',
      summary: '可选接班人',
      query: noQuery,
      response: handoverReceiversAnswer,
      async handler({ db, user }) {
        const list = await handoverReceivers(db, user.orgId);
        return { list, total: list.length, pageNum: 1, pageSize: list.length };
      },
    }),
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
        const waiting = await unacknowledged(ctx.db, ctx.params.id);
        if (waiting) refuse(`还有${waiting}位长者的交代未确认知晓，请逐一确认后再接班`);
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
      after: (ctx, row, body) =>
        logComplaintStep(
          ctx,
          Number(row.complaintId),
          'complaint.reply',
          `答复。处理经过：${String(body.handling)}；答复内容：${String(body.reply)}`,
        ),
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
      after: (ctx, row, body) =>
        logComplaintStep(
          ctx,
          Number(row.complaintId),
          'complaint.close',
          `办结。满意度：${dictLabel('satisfaction', Number(body.satisfaction))}${body.feedback ? `；回访意见：${String(body.feedback)}` : ''}`,
        ),
    }),
    ...handoverGatherRoutes(),
    ...adverseRoutes(),
  ];
}
