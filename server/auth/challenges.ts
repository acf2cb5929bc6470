import { randomBytes, randomInt } from 'node:crypto';
import { Code } from '../../domain/codes.js';
import type { Db } from '../db/index.js';
import { ApiFailure } from '../http/failure.js';

const PHOTO_CODE_TTL_MS = 5 * 60 * 1000;
const SMS_TTL_MS = 5 * 60 * 1000;
const SMS_RESEND_MS = 60 * 1000;
const SMS_MAX_ATTEMPTS = 5;
/** A verified SMS code lets the password be reset for this long. */
const SMS_VERIFIED_TTL_MS = 10 * 60 * 1000;
/** Failures counted for photo-code and lock-out decisions fall away after this. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export async function newPhotoCode(db: Db, now: number) {
  // loaded at the first picture asked for, not at every start (it reads its font: ~50 ms, issue #43)
  const { default: svgCaptcha } = await import('svg-captcha');
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1ilI',
    background: '#f2f6fc',
    width: 120,
    height: 40,
  });
  const verifyStr = randomBytes(16).toString('hex');
  await db.deleteFrom('photoCode').where('expiresAt', '<', now).execute();
  await db
    .insertInto('photoCode')
    .values({ verifyStr, code: captcha.text.toLowerCase(), expiresAt: now + PHOTO_CODE_TTL_MS })
    .execute();
  return { verifyStr, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
}

/** Checks and consumes a photo code: each code answers once, right or wrong. */
export async function checkPhotoCode(
  db: Db,
  verifyStr: string | undefined,
  photoCode: string | undefined,
  now: number,
) {
  if (!verifyStr || !photoCode) throw new ApiFailure(Code.photoCodeRequired);
  const row = await db
    .deleteFrom('photoCode')
    .where('verifyStr', '=', verifyStr)
    .returning(['code', 'expiresAt'])
    .executeTakeFirst();
  if (!row || row.expiresAt < now || row.code !== photoCode.trim().toLowerCase())
    throw new ApiFailure(Code.photoCodeWrong);
}

export async function issueSmsCode(db: Db, phoneNum: string, now: number): Promise<string | null> {
  const existing = await db
    .selectFrom('smsCode')
    .selectAll()
    .where('phoneNum', '=', phoneNum)
    .executeTakeFirst();
  if (existing && existing.expiresAt - SMS_TTL_MS + SMS_RESEND_MS > now)
    throw new ApiFailure(Code.tooManyAttempts, '短信发送过于频繁，请60秒后再试');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insertInto('smsCode')
    .values({ phoneNum, code, expiresAt: now + SMS_TTL_MS, attempts: 0 })
    .onConflict((oc) => oc.column('phoneNum').doUpdateSet({ code, expiresAt: now + SMS_TTL_MS, attempts: 0 }))
    .execute();
  return code;
}

/**
 * Checks an SMS code. A right code is marked verified (code 'OK') for a short while so that the
 * reset step can require it; wrong tries are counted and the code dies after five.
 */
export async function verifySmsCode(db: Db, phoneNum: string, smsCode: string, now: number) {
  const row = await db.selectFrom('smsCode').selectAll().where('phoneNum', '=', phoneNum).executeTakeFirst();
  if (!row || row.expiresAt < now || row.attempts >= SMS_MAX_ATTEMPTS || row.code === 'OK')
    throw new ApiFailure(Code.smsCodeWrong);
  if (row.code !== smsCode) {
    await db
      .updateTable('smsCode')
      .set({ attempts: row.attempts + 1 })
      .where('phoneNum', '=', phoneNum)
      .execute();
    throw new ApiFailure(Code.smsCodeWrong);
  }
  await db
    .updateTable('smsCode')
    .set({ code: 'OK', expiresAt: now + SMS_VERIFIED_TTL_MS })
    .where('phoneNum', '=', phoneNum)
    .execute();
}

/** Consumes the verified mark left by verifySmsCode. */
export async function consumeVerifiedSms(db: Db, phoneNum: string, now: number) {
  const row = await db
    .deleteFrom('smsCode')
    .where('phoneNum', '=', phoneNum)
    .where('code', '=', 'OK')
    .returning('expiresAt')
    .executeTakeFirst();
  if (!row || row.expiresAt < now)
    throw new ApiFailure(Code.smsCodeWrong, '短信验证已失效，请重新获取验证码');
}

export async function failuresOf(db: Db, loginName: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('loginFailure')
    .selectAll()
    .where('loginName', '=', loginName)
    .executeTakeFirst();
  return row && now - row.lastAt < FAILURE_WINDOW_MS ? row.failures : 0;
}

export async function recordFailure(db: Db, loginName: string, now: number): Promise<number> {
  const failures = (await failuresOf(db, loginName, now)) + 1;
  await db
    .insertInto('loginFailure')
    .values({ loginName, failures, lastAt: now })
    .onConflict((oc) => oc.column('loginName').doUpdateSet({ failures, lastAt: now }))
    .execute();
  return failures;
}

export async function clearFailures(db: Db, loginName: string) {
  await db.deleteFrom('loginFailure').where('loginName', '=', loginName).execute();
}
