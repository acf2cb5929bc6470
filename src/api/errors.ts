import { Code } from '../../domain/codes.js';

export type ErrorKind = 'toast' | 'blockingAlert' | 'logOnly' | 'message';
export interface DescribedError {
  code: number | string;
  text: string;
  kind: ErrorKind;
}

/** Spec 000 §8: server messages that mean "user token abnormal" or "organisation id empty". */
const TOKEN_ABNORMAL = [
  /token\s*异常/i,
  /token\s*abnormal/i,
  /机构\s*id\s*为空/i,
  /orgId\s*为空/i,
  /organi[sz]ation id (is )?empty/i,
];

export const sessionTexts: Record<number, string> = {
  [Code.loginExpired]: '登录状态失效，请重新登录',
  [Code.signedInElsewhere]: '此账号已被其他人登录，请重新登录',
  [Code.keyInfoChanged]: '用户关键信息发生变化，请重新登录',
};
export const NO_AUTHORITY_TEXT = '权限不足，无法访问，请联系管理员';
export const CANCELLED_TEXT = '请求已取消，您可以稍后重试';

/** Spec 000 §8: 500 and 401 get a trailing 0. */
export function normaliseCode(code: number): number {
  return code === 500 || code === 401 ? code * 10 : code;
}

/** 500 with a token-abnormal message counts as 4011. */
export function effectiveCode(code: number | string, message: string): number | string {
  if ((code === 500 || code === 5000) && TOKEN_ABNORMAL.some((re) => re.test(message)))
    return Code.loginExpired;
  return code;
}

/** The whole table of spec 000 §8, one row per branch. */
export function describeApiError({
  code: raw,
  message,
  path,
}: {
  code: number | string;
  message: string;
  path: string;
}): DescribedError {
  const code = effectiveCode(raw, message);
  if (code === 4010 || code === 401) return { code, text: NO_AUTHORITY_TEXT, kind: 'toast' };
  if (code === Code.loginExpired || code === Code.signedInElsewhere || code === Code.keyInfoChanged) {
    return { code, text: sessionTexts[code] ?? '', kind: 'blockingAlert' };
  }
  if (code === 9999) return { code, text: message, kind: 'logOnly' };
  if (code === 998) return { code, text: '脚本异常#998', kind: 'message' };
  if (code === 404) return { code, text: `接口不存在${path}#404`, kind: 'message' };
  if (code === 403 || code === 2001) return { code, text: `请求拒绝${path}#${code}`, kind: 'message' };
  if (code === 408 || code === 504) return { code, text: `请求超时${path}#${code}`, kind: 'message' };
  if (typeof code === 'number' && code >= 10000) return { code, text: message, kind: 'message' };
  return { code, text: `${message}#${code}`, kind: 'message' };
}

export class ApiError extends Error {
  constructor(
    readonly code: number | string,
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
