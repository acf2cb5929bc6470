import { Code } from '../../../domain/codes.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import { readScopeKey } from '../../../server/http/deptScope.js';
import { type RouteContext, SENT } from '../../../server/http/route.js';
import { listAnswers, sendAnswer, tableVersions } from '../../../server/resources/fastRead.js';
import { type Reader, readerOf } from './scope.js';

type FigureCtx = Pick<
  RouteContext<unknown, unknown, unknown, SessionUser>,
  'db' | 'user' | 'services' | 'req' | 'reply'
>;

/**
 * Sends a dashboard figure, kept (as its answer's text, gzipped once) until one of the tables it
 * adds up changes: a trigger bumps each table's version (server/resources/fastRead.ts, as the lists
 * keep their pages). Every console of a home shows the same figures and asks again on each push, so
 * each is computed once per change. The key names everything else a figure depends on:
 * organisation, the departments read (server/http/deptScope.ts), the day, the call.
 */
export async function sendFigure(
  ctx: FigureCtx,
  name: string,
  tables: readonly string[],
  compute: (r: Reader) => Promise<unknown>,
): Promise<unknown> {
  const r = readerOf(ctx);
  // versions read before computing: a write in between is seen by the next read, never hidden
  const versions = await tableVersions(r.db, tables);
  if (!versions) return compute(r);
  const key = `dashboard|${r.user.orgId}|${readScopeKey(r.user)}|${r.today}|${name}`;
  const kept = listAnswers.get(r.db, key, versions);
  if (kept !== null) {
    sendAnswer(r.db, key, ctx.req, ctx.reply, kept);
    return SENT;
  }
  const body = JSON.stringify({ code: Code.ok, msg: '成功', result: await compute(r) });
  listAnswers.set(r.db, key, versions, body);
  sendAnswer(r.db, key, ctx.req, ctx.reply, body);
  return SENT;
}
