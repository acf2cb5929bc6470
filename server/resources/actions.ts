import { sql } from 'kysely';
import { z } from 'zod';
import { Code } from '../../domain/codes.js';
import type { ResourceDef } from '../../domain/resource.js';
import { advance, type Workflow } from '../../machines/workflow.js';
import { ApiFailure } from '../http/failure.js';
import { type AnyRoute, route } from '../http/route.js';
import { idParams, noBody } from '../http/schemas.js';
import { loadRow, type ResourceHooks, type Row } from './engine.js';

/**
 * The routes of a definition's workflow actions: PUT on the action's path, its authority, the
 * record in the user's organisation and departments, the machine's answer for the record's state
 * (a refusal names the state: 当前状态为已退役，不能退役), the machine's fields written only while
 * the record is still in the state that was checked (two clerks at once: one wins, the other is
 * told), the operation-log row and the module's afterChange — all in one transaction.
 */
export function actionRoutes(def: ResourceDef, workflow: Workflow, hooks: ResourceHooks = {}): AnyRoute[] {
  return (def.actions ?? []).map((action) =>
    route({
      method: 'PUT',
      url: action.path,
      // tool.retire → toolRetire
      operation: `${def.name}${(action.event.split('.').pop() ?? '').replace(/^./, (c) => c.toUpperCase())}`,
      auth: action.authority,
      summary: `${action.label}${def.title}`,
      params: idParams,
      body: noBody,
      response: z.object({ [def.idField]: z.number().int() }),
      log: { type: 'UPDATE', name: `${action.label}${def.title}` },
      async handler(ctx) {
        const row = await loadRow(ctx, def, ctx.params.id, hooks);
        const next = advance(workflow, row, { type: action.event }, action.label);
        if (!next.ok) throw new ApiFailure(Code.actionRefused, next.reason);
        const before = workflow.fieldsOf(workflow.contextOf(row));
        const changed = await sql`update ${sql.id(def.table)} set ${sql.join(
          Object.entries(next.fields).map(([k, v]) => sql`${sql.id(k)} = ${v as string | number | null}`),
        )} where ${sql.id(def.idField)} = ${ctx.params.id} and ${sql.join(
          Object.entries(before).map(([k, v]) =>
            v === null || v === undefined
              ? sql`${sql.id(k)} is null`
              : sql`${sql.id(k)} = ${v as string | number}`,
          ),
          sql` and `,
        )}`.execute(ctx.db);
        if (!Number(changed.numAffectedRows ?? 0))
          throw new ApiFailure(Code.actionRefused, `${def.title}已被他人修改，请刷新后重试`);
        await hooks.afterChange?.(ctx, { action: 'update', ids: [ctx.params.id] });
        ctx.describe(`${action.label}${def.title}：${String((row as Row)[def.nameField] ?? ctx.params.id)}`);
        return { [def.idField]: ctx.params.id };
      },
    }),
  );
}
