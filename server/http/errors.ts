import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { Code, codeMessage } from '../../domain/codes.js';
import { ApiFailure } from './failure.js';

/** Every refusal leaves as the envelope with a spec code and a Chinese message; never a stack trace. */
export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiFailure | ZodError, req, reply) => {
    if (error instanceof ApiFailure) {
      return reply.status(error.httpStatus).send({ code: error.code, msg: error.message, result: null });
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const field = issue?.path.join('.') ?? '';
      const msg = issue
        ? field
          ? `${field}: ${issue.message}`
          : issue.message
        : codeMessage[Code.invalidInput];
      return reply.status(400).send({ code: Code.invalidInput, msg, result: null });
    }
    // Fastify's validation of a route's declared schema (zod, through the type provider): the first
    // problem, whose message already names the field in Chinese.
    if ('validation' in error && Array.isArray(error.validation) && error.validation.length) {
      const first = error.validation[0] as { message?: string };
      return reply.status(400).send({
        code: Code.invalidInput,
        msg: first.message || codeMessage[Code.invalidInput],
        result: null,
      });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429)
      return reply
        .status(429)
        .send({ code: Code.tooManyAttempts, msg: codeMessage[Code.tooManyAttempts], result: null });
    if (status === 413)
      return reply.status(413).send({ code: Code.uploadRejected, msg: '上传文件过大', result: null });
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: Code.invalidInput, msg: `请求格式错误: ${error.message}`, result: null });
    }
    req.log.error({ err: error }, 'unhandled error');
    // An answer that broke its declared schema while tests run says which route and field.
    if (error.message.startsWith('响应不符合声明'))
      return reply.status(500).send({ code: Code.serverError, msg: error.message, result: null });
    return reply
      .status(500)
      .send({ code: Code.serverError, msg: codeMessage[Code.serverError], result: null });
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? req.url;
    return reply.status(404).send({ code: 404, msg: `接口不存在${path}`, result: null });
  });
}
