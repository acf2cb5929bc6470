import type { FastifyRequest } from 'fastify';
import { nowStamp } from '../../domain/clock.js';
import type { Db } from '../db/index.js';

export interface LogActor {
  userId: number;
  orgId: number;
  loginName: string;
}

const SECRET_FIELDS = /pass|pwd|token|code|verify/i;

/** Drops secrets from logged parameters and keeps the row small. */
export function loggableParams(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = JSON.stringify(value, (key, v) => (key && SECRET_FIELDS.test(key) ? '***' : v));
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

export async function writeOperationLog(
  db: Db,
  req: FastifyRequest,
  actor: LogActor | null,
  what: { type: string; name: string },
  params: unknown,
) {
  await db
    .insertInto('operationLog')
    .values({
      orgId: actor?.orgId ?? 0,
      userId: actor?.userId ?? null,
      userName: actor?.loginName ?? '',
      operationType: what.type,
      operationName: what.name,
      method: req.method,
      path: req.url.split('?')[0] ?? req.url,
      params: loggableParams(params),
      ipAddress: req.ip,
      source: '管理后台',
      createTime: nowStamp(),
    })
    .execute();
}
