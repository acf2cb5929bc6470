import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import { Code, codeMessage } from '../../domain/codes.js';
import { wireFieldLabels } from '../../domain/fieldLabels.js';
import { defaultMessageStarts } from '../../domain/zodLocale.js';
import { allResources } from '../../features/modules.js';
import { ApiFailure } from './failure.js';

const resourceLabels = new Map<string, string>();
const remember = (key: string, label: string | undefined) => {
  if (label && !resourceLabels.has(key)) resourceLabels.set(key, label);
};
// a field's own label first (oldmanId 长者), then a record's id by its title (accountId 账户)
for (const def of allResources) for (const f of def.fields) remember(f.name, f.label);
for (const def of allResources) {
  remember(def.idField, def.title);
  for (const filter of def.filters ?? []) {
    const label = filter.label ?? def.fields.find((f) => f.name === filter.field)?.label;
    const param = filter.param ?? filter.field;
    if (filter.kind === 'range') {
      remember(`${param}Start`, label);
      remember(`${param}End`, label);
    } else remember(param, label);
  }
}

/** The Chinese name of a wire field: the calls' own names, then the resource definitions' labels. */
export const fieldLabel = (key: string): string | undefined =>
  wireFieldLabels[key] ?? resourceLabels.get(key);

/**
 * A refused input's message, naming its field in Chinese, never by its wire name: the messages a
 * schema was given name their field already (金额过大, 请填写延期原因) and stand alone; the general
 * ones of domain/zodLocale.ts follow the field's name (每页条数 + 应为数字).
 */
export function issueMessage(issue: Pick<z.core.$ZodIssue, 'path' | 'message'>): string {
  if (!defaultMessageStarts.some((start) => issue.message.startsWith(start))) return issue.message;
  const keys = issue.path.filter((k): k is string => typeof k === 'string');
  const label = keys.length ? fieldLabel(keys[keys.length - 1] as string) : undefined;
  return label && !issue.message.includes(label) ? `${label}${issue.message}` : issue.message;
}

/** Every refusal leaves as the envelope with a spec code and a Chinese message; never a stack trace. */
export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiFailure | ZodError, req, reply) => {
    if (error instanceof ApiFailure) {
      return reply.status(error.httpStatus).send({ code: error.code, msg: error.message, result: null });
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const msg = issue ? issueMessage(issue) : codeMessage[Code.invalidInput];
      return reply.status(400).send({ code: Code.invalidInput, msg, result: null });
    }
    // Fastify's validation of a route's declared schema (zod, through the type provider): the first
    // problem, its field named in Chinese as above.
    if ('validation' in error && Array.isArray(error.validation) && error.validation.length) {
      const first = error.validation[0] as { message?: string; instancePath?: string };
      const path = (first.instancePath ?? '').split('/').filter(Boolean);
      const msg = first.message
        ? issueMessage({ path, message: first.message })
        : codeMessage[Code.invalidInput];
      return reply.status(400).send({ code: Code.invalidInput, msg, result: null });
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
