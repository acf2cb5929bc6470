import { Code, codeMessage } from '../../domain/codes.js';

/** A refusal with a spec code and a Chinese message; the error handler turns it into the envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    message: string = codeMessage[code] ?? '请求失败',
    readonly httpStatus: number = statusFor(code),
  ) {
    super(message);
  }
}

function statusFor(code: number): number {
  if (code === Code.loginExpired || code === Code.signedInElsewhere || code === Code.keyInfoChanged)
    return 401;
  if (code === Code.noAuthority || code === Code.deptNotAllowed) return 403;
  if (code === Code.notFound) return 404;
  if (code === Code.tooManyAttempts) return 429;
  if (code === Code.serverError) return 500;
  return 400;
}

export const fail = (code: number, message?: string): never => {
  throw new ApiFailure(code, message);
};
