import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { Code } from '../../domain/codes.js';
import type { Db } from '../db/index.js';
import { ApiFailure } from '../http/failure.js';

const payload = z.object({
  loginName: z.string().min(1).max(64),
  exp: z.number().int(),
  nonce: z.string().min(16).max(64),
});
export const SSO_MARK_TTL_MS = 5 * 60 * 1000;

/** The server's signing secret, made on first use and readable by its owner only. */
export function ssoSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

const sign = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** A one-time sign-in mark for a login name, valid for five minutes (for a trusted portal linking in). */
export function makeSsoMark(secret: Buffer, loginName: string, now = Date.now()): string {
  const body = Buffer.from(
    JSON.stringify({ loginName, exp: now + SSO_MARK_TTL_MS, nonce: randomBytes(16).toString('hex') }),
  ).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** Checks signature, expiry and single use; answers the login name. */
export async function redeemSsoMark(db: Db, secret: Buffer, mark: string, now: number): Promise<string> {
  const [body = '', signature = ''] = mark.split('.');
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new ApiFailure(Code.loginExpired, '登录标记无效');
  const parsed = payload.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  if (!parsed.success || parsed.data.exp < now) throw new ApiFailure(Code.loginExpired, '登录标记已过期');
  const used = await db
    .insertInto('ssoNonce')
    .values({ nonce: parsed.data.nonce, usedAt: now })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(used.numInsertedOrUpdatedRows ?? 0) === 0)
    throw new ApiFailure(Code.loginExpired, '登录标记已使用');
  return parsed.data.loginName;
}
