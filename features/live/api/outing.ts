import { z } from 'zod';
import { bodySchema, rowSchema } from '../../../domain/resource.js';
import { outingResource } from '../../../domain/resources/outing.js';

/**
 * The outing calls beyond the engine's list (spec 001 §7 "Outings and visits"): registration, edit,
 * the detail with its history and the workflow steps (their bodies are `affirmSchema` … in
 * domain/resources/outing.ts, their paths `OutingPaths`).
 */

const id = z.number().int();
const time = z.string().nullable();

/** One row of an outing's history, oldest first (`OutingRecord`). */
export const outingRecordSchema = z.object({
  recordId: id,
  eventType: z.string(),
  eventName: z.string(),
  fromStatus: id.nullable(),
  toStatus: id.nullable(),
  expectedReturnTime: time,
  eventTime: time,
  note: z.string(),
  userName: z.string(),
  createTime: z.string(),
});

/** GET oldmanOut/{id}, oldmanOutAudit/{id}: the outing with its history. */
export const outingDetail = z.looseObject({
  ...rowSchema(outingResource).shape,
  records: z.array(outingRecordSchema),
});

/** POST oldmanOut: the plan to register. */
export const outingCreate = bodySchema(outingResource, 'create');
/** PUT oldmanOut/{id}: the plan after the edit (the outing is the path's; an outId in the body is ignored). */
export const outingUpdate = bodySchema(outingResource, 'create');

/** Every registration, edit and workflow step answers the outing's new status. */
export const outingMoved = z.object({ outId: id, outStatus: id });
