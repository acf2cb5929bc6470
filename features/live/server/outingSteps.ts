import { sql } from 'kysely';
import type { z } from 'zod';
import { nowStamp } from '../../../domain/clock.js';
import {
  affirmSchema,
  backSchema,
  cancelSchema,
  declineSchema,
  outingResource as def,
  OutingPaths,
  passSchema,
  postponeSchema,
  withSeconds,
} from '../../../domain/resources/outing.js';
import {
  type OutingEvent,
  type OutingEventType,
  type OutingFields,
  outingEvents,
  outingTransition,
} from '../../../machines/outingMachine.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams } from '../../../server/http/schemas.js';
import { type Ctx, loadRow, type Row } from '../../../server/resources/engine.js';
import { outingMoved } from '../api/outing.js';
import { announcePresence, forgetOutElders } from './outingPresence.js';
import { fieldsOf, mayGoOut, nowLocal, record, refuse, userNameOf } from './outingStore.js';

interface Step<S extends z.ZodType> {
  url: string;
  type: Exclude<OutingEventType, 'outing.register' | 'outing.edit'>;
  schema: S;
  /** The machine event of the call's body; `now` is the home's time of the call. */
  event(body: z.output<S>, now: string): OutingEvent;
  /** Columns the call writes besides the machine's fields. */
  extra?(body: z.output<S>, ctx: Ctx, now: string): Promise<Row> | Row;
  /** The time the history row names. */
  eventTime(next: OutingFields, now: string): string | null;
  note(body: z.output<S>): string;
}

/** A workflow call: the stored outing, the machine's verdict, the change and its history row. */
function step<S extends z.ZodType>(s: Step<S>): AnyRoute {
  const label = outingEvents[s.type].label;
  return route({
    method: 'PUT',
    url: s.url,
    auth: outingEvents[s.type].authority,
    params: idParams,
    body: s.schema,
    response: outingMoved,
    log: { type: 'UPDATE', name: label },
    async handler(ctx) {
      const outId = ctx.params.id;
      const body = ctx.body as z.output<S>;
      const row = await loadRow(ctx, def, outId);
      const before = fieldsOf(row);
      const now = nowLocal(ctx);
      const event = s.event(body, now);
      const result = outingTransition(before, event);
      if (!result.ok) return refuse(result.reason);
      const { next } = result;
      // The elder may have left the home (退住) since the plan was made.
      if (s.type === 'outing.affirm') await mayGoOut(ctx, Number(row.oldmanId), outId);
      const values: Row = {
        outStatus: next.outStatus,
        expectedReturnTime: next.expectedReturnTime,
        actualOutTime: next.actualOutTime,
        actualReturnTime: next.actualReturnTime,
        postponeCount: next.postponeCount,
        ...(await s.extra?.(body, ctx, now)),
        updateTime: nowStamp(),
      };
      const keys = Object.keys(values);
      await sql`update oldmanOut set ${sql.join(keys.map((k) => sql`${sql.id(k)} = ${values[k] as string | number | null}`))}
        where outId = ${outId}`.execute(ctx.db);
      await record(ctx, row, s.type, before, next, s.eventTime(next, now), s.note(body));
      ctx.describe(`${label}：${String(row.oldmanName)}`);
      ctx.afterCommit(() => {
        // Forgotten first: a console that reloads on the message reads the new presence.
        forgetOutElders(ctx.services.db);
        announcePresence(
          ctx.services.hub,
          { orgId: ctx.user.orgId, deptId: Number(row.deptId), outId, oldmanId: Number(row.oldmanId) },
          before.outStatus,
          next.outStatus,
        );
      });
      return { outId, outStatus: next.outStatus };
    },
  });
}

const auditExtra = async (body: { auditOpinion?: string | undefined }, ctx: Ctx, now: string) => ({
  auditUserName: await userNameOf(ctx),
  auditTime: now,
  auditOpinion: body.auditOpinion ?? null,
});

/** The workflow calls of spec 001 §7 and the return call (docs/decisions.md "Outings"). */
export const outingSteps: AnyRoute[] = [
  step({
    url: OutingPaths.affirm,
    type: 'outing.affirm',
    schema: affirmSchema,
    event: (b, now) => ({ type: 'outing.affirm', at: withSeconds(b.actualOutTime ?? now) }),
    eventTime: (next) => next.actualOutTime,
    note: (b) => b.note ?? '',
  }),
  step({
    url: OutingPaths.postpone,
    type: 'outing.postpone',
    schema: postponeSchema,
    event: (b) => ({ type: 'outing.postpone', expectedReturnTime: withSeconds(b.expectedReturnTime) }),
    eventTime: (next) => next.expectedReturnTime,
    note: (b) => b.reason,
  }),
  step({
    url: OutingPaths.cancel,
    type: 'outing.cancel',
    schema: cancelSchema,
    event: () => ({ type: 'outing.cancel' }),
    eventTime: (_next, now) => now,
    note: (b) => b.reason ?? '',
  }),
  step({
    url: OutingPaths.back,
    type: 'outing.return',
    schema: backSchema,
    event: (b, now) => ({ type: 'outing.return', at: withSeconds(b.actualReturnTime ?? now) }),
    extra: (b) => ({ returnRemark: b.returnRemark ?? null }),
    eventTime: (next) => next.actualReturnTime,
    note: (b) => b.returnRemark ?? '',
  }),
  step({
    url: OutingPaths.pass,
    type: 'outing.pass',
    schema: passSchema,
    event: () => ({ type: 'outing.pass' }),
    extra: auditExtra,
    eventTime: (_next, now) => now,
    note: (b) => b.auditOpinion ?? '',
  }),
  step({
    url: OutingPaths.decline,
    type: 'outing.decline',
    schema: declineSchema,
    event: () => ({ type: 'outing.decline' }),
    extra: auditExtra,
    eventTime: (_next, now) => now,
    note: (b) => b.auditOpinion,
  }),
];
