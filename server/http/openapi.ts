import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Code } from '../../domain/codes.js';

export const OPENAPI_PATH = '/openapi.json';
export const API_PAGE = '/api-docs';

/**
 * Zod schemas as Fastify's: the type provider's validator for params, query and body, and an
 * answer serializer that, while tests run (`checkAnswers`), refuses an answer its route does not
 * declare. In production a mismatch is never turned into an error for the user.
 */
export function installSchemaCompilers(app: FastifyInstance, checkAnswers: boolean) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(({ schema, method, url }) => (data) => {
    if (checkAnswers) {
      const checked = (schema as z.ZodType).safeParse(data);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const where = issue?.path.join('.') || '(整体)';
        app.log.error(
          { method, url, issues: checked.error.issues.slice(0, 5) },
          'answer does not match its schema',
        );
        throw Object.assign(new Error(`响应不符合声明: ${method} ${url} ${where}: ${issue?.message ?? ''}`), {
          statusCode: 500,
          code: Code.serverError,
        });
      }
    }
    return JSON.stringify(data);
  });
}

/**
 * The OpenAPI 3 document of every registered call at /openapi.json, and a browsable page for
 * integrators at /api-docs (served from the package: no request leaves the machine).
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '智慧养老平台 API',
        description:
          '控制台与服务端之间的接口（规范 000、001 第 7 节的路径）。成功时返回 `{ code: 0, msg, result }`；' +
          '失败时返回 `{ code, msg, result: null }`，code 见错误目录（4011 登录失效、4012 异地登录、10001 参数错误等）。' +
          '除登录相关接口外，请求头 `authorization` 须带登录返回的 token。',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_PAGE, staticCSP: true });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
