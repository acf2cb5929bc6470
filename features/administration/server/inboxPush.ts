import type { Ctx } from '../../../server/resources/engine.js';

/** After the change commits, every open console of these users loads its bell again. */
export function inboxChanged(ctx: Pick<Ctx, 'afterCommit' | 'services' | 'user'>, userIds: Iterable<number>) {
  const users = [...new Set(userIds)];
  if (!users.length) return;
  const { orgId } = ctx.user;
  ctx.afterCommit(() => {
    for (const userId of users) ctx.services.hub.toUser(orgId, userId, { type: 'inbox.changed', data: {} });
  });
}
