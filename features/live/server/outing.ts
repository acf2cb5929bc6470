import { sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import {
  type OutingRecord,
  OutStatus,
  outingAuditResource,
  outingResource,
  withSeconds,
} from '../../../domain/resources/outing.js';
import {
  type OutingEvent,
  type OutingFields,
  outingEvents,
  outingTransition,
  unregistered,
} from '../../../machines/outingMachine.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery } from '../../../server/http/schemas.js';
import {
  type Ctx,
  insertRow,
  loadRow,
  type ResourceHooks,
  type Row,
  updateRow,
} from '../../../server/resources/engine.js';
import { outingCreate, outingDetail, outingMoved, outingUpdate } from '../api/outing.js';
import { inElderDept } from './oldman.js';
import { outingSteps } from './outingSteps.js';
import { auditRequired, fieldsOf, mayGoOut, record } from './outingStore.js';

const def = outingResource;
/** The outing takes its elder's department; the elder of a registered outing does not change. */
export const outingHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    if (existing && row.oldmanId !== undefined && Number(row.oldmanId) !== Number(existing.oldmanId))
      throw new ApiFailure(Code.invalidInput, '外出长者不能更改，请取消后重新登记');
    await inElderDept(ctx, row, '外出长者不存在');
    if (!existing) await mayGoOut(ctx, Number(row.oldmanId), null);
  },
};

/**
 * A plan (registration or edit) checked by the machine: its event, the fields after it and the row
 * to write. Times come back with seconds; the audit switch is the organisation's at this moment.
 */
async function applyPlan(
  ctx: Ctx,
  type: 'outing.register' | 'outing.edit',
  before: OutingFields,
  body: Row,
  refusal: number,
) {
  const event = {
    type,
    auditRequired: await auditRequired(ctx),
    expectedOutTime: withSeconds(String(body.expectedOutTime)),
    expectedReturnTime: withSeconds(String(body.expectedReturnTime)),
  } satisfies OutingEvent;
  const result = outingTransition(before, event);
  if (!result.ok) throw new ApiFailure(refusal, result.reason);
  const { next } = result;
  const row: Row = {
    ...body,
    expectedOutTime: next.expectedOutTime,
    expectedReturnTime: next.expectedReturnTime,
    outStatus: next.outStatus,
  };
  return { event, next, row };
}

const register = route({
  method: 'POST',
  url: def.api.create as string,
  auth: outingEvents['outing.register'].authority,
  body: outingCreate,
  response: outingMoved,
  log: { type: 'ADD', name: '登记外出' },
  async handler(ctx) {
    const body = ctx.body as Row;
    const { event, next, row } = await applyPlan(
      ctx,
      'outing.register',
      unregistered,
      body,
      Code.invalidInput,
    );
    const outId = await insertRow(ctx, def, outingHooks, {
      ...row,
      postponeCount: 0,
      auditRequired: event.auditRequired ? 1 : 0,
    });
    const saved = await loadRow(ctx, def, outId);
    await record(ctx, saved, event.type, unregistered, next, next.expectedOutTime, '');
    ctx.describe(`登记外出：${String(saved.oldmanName)}`);
    return { outId, outStatus: next.outStatus };
  },
});

const edit = route({
  method: 'PUT',
  url: def.api.update as string,
  auth: outingEvents['outing.edit'].authority,
  params: idParams,
  body: outingUpdate,
  response: outingMoved,
  log: { type: 'UPDATE', name: '编辑外出' },
  async handler(ctx) {
    const outId = ctx.params.id;
    const body = { ...ctx.body, outId } as Row;
    const existing = await loadRow(ctx, def, outId);
    const before = fieldsOf(existing);
    const { event, next, row } = await applyPlan(ctx, 'outing.edit', before, body, Code.outingRefused);
    // An approved plan that changed goes back to the audit queue: the old verdict was on the old plan.
    if (next.outStatus === OutStatus.pending && before.outStatus !== OutStatus.pending)
      Object.assign(row, { auditRequired: 1, auditUserName: null, auditTime: null, auditOpinion: null });
    await updateRow(ctx, def, outingHooks, existing, row);
    await record(ctx, existing, event.type, before, next, null, '');
    ctx.describe(`编辑外出：${String(existing.oldmanName)}`);
    return { outId, outStatus: next.outStatus };
  },
});

/** An outing with its history, oldest first (the detail of both screens). */
async function detail(ctx: Ctx, outId: number) {
  const row = await loadRow(ctx, def, outId);
  const records: OutingRecord[] = await ctx.db
    .selectFrom('oldmanOutRecord')
    .select([
      'recordId',
      'eventType',
      'eventName',
      'fromStatus',
      'toStatus',
      'expectedReturnTime',
      'eventTime',
      'note',
      'userName',
      'createTime',
    ])
    .where('outId', '=', Number(row.outId))
    .orderBy('recordId')
    .execute();
  return { ...row, records };
}

/** The audit queue shows only the outings that need (or needed) an audit. */
export const outingAuditHooks: ResourceHooks = { listWhere: () => [sql`t.auditRequired = 1`] };

/** Spec 001 §7 "Outings and visits", the outing part, plus the return call (docs/decisions.md "Outings"). */
export function outingRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: def.api.get as string,
      auth: def.authority.view,
      summary: '外出登记详情',
      params: idParams,
      query: noQuery,
      response: outingDetail,
      handler: (ctx) => detail(ctx, ctx.params.id),
    }),
    register,
    edit,
    route({
      method: 'GET',
      url: outingAuditResource.api.get as string,
      auth: outingAuditResource.authority.view,
      summary: '外出审核详情',
      params: idParams,
      query: noQuery,
      response: outingDetail,
      handler: (ctx) => detail(ctx, ctx.params.id),
    }),
    ...outingSteps,
  ];
}
