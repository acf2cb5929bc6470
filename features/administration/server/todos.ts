import { sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { ResourceHooks } from '../../../server/resources/engine.js';

/** 待办事项 are their owner's: listed, changed and deleted by them alone. */
export const todoHooks: ResourceHooks = {
  listWhere: (_q, user) => [sql`t.userId = ${user.userId}`],
  prepare(ctx, row, existing) {
    if (existing && Number(existing.userId) !== ctx.user.userId)
      throw new ApiFailure(Code.notFound, '待办事项不存在');
    if (!existing) row.userId = ctx.user.userId;
  },
  beforeRemove(ctx, row) {
    if (Number(row.userId) !== ctx.user.userId) throw new ApiFailure(Code.notFound, '待办事项不存在');
  },
};
