import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Code } from '../../domain/codes.js';
import { modules } from '../../features/modules.js';

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

type Transform = typeof jsonSchemaTransform;
type JsonObject = { properties?: Record<string, unknown>; required?: string[] };

/**
 * The schemas as JSON Schema, each path parameter under one name: two calls on one path may name
 * its parameter differently (GET /family/:id, DELETE /family/:ids), which Fastify routes as one path
 * and OpenAPI must not list twice. The first registered name is the document's.
 */
function oneNamePerParameter(): Transform {
  const names = new Map<string, string[]>();
  return (input) => {
    const out = jsonSchemaTransform(input);
    const own = [...out.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
    if (!own.length) return out;
    const shape = out.url.replace(/:\w+/g, ':');
    const first = names.get(shape) ?? own;
    names.set(shape, first);
    if (first.every((name, i) => name === own[i])) return out;
    let i = 0;
    const url = out.url.replace(/:\w+/g, () => `:${first[i++]}`);
    const schema = out.schema as { params?: JsonObject } | undefined;
    const params = schema?.params;
    if (params?.properties) {
      const rename = (name: string) => first[own.indexOf(name)] ?? name;
      params.properties = Object.fromEntries(
        Object.entries(params.properties).map(([name, value]) => [rename(name), value]),
      );
      params.required = params.required?.map(rename);
    }
    return { ...out, url };
  };
}

type Document = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * The named schemas (the trees: LocationNode, MenuItem, …, each a `.meta({ id })` that refers to
 * itself) as components, which the operations' `$ref`s point to. The converter writes each in an
 * input and an output form; only those the document refers to are kept, so that no component is
 * unused (a lint warning, and noise in a generated client).
 */
function namedSchemas(input: Parameters<typeof jsonSchemaTransformObject>[0]): Document {
  const out = jsonSchemaTransformObject(input);
  if (!('openapi' in out)) return out; // Swagger 2 (never asked for here: the converter refuses it)
  const all = (out.components?.schemas ?? {}) as Record<string, object>;
  const refersTo = (value: unknown) =>
    new Set([...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? ''));
  // from the paths, then what the kept schemas refer to in turn
  const kept = refersTo(out.paths);
  for (let size = -1; size !== kept.size; ) {
    size = kept.size;
    for (const name of [...kept]) for (const next of refersTo(all[name])) kept.add(next);
  }
  // each as a schema of the document: the converter's own $schema and $id (a fragment, which 2020-12
  // does not allow in $id) would make it a document of its own
  const schemas = Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => kept.has(name))
      .map(([name, schema]) => {
        const { $schema: _, $id: __, ...own } = schema as Record<string, unknown>;
        return [name, own];
      }),
  );
  // the document's type is a union of OpenAPI 3.0's and 3.1's, whose schema maps differ; ours is 3.1's
  return { ...out, components: { ...out.components, schemas } } as Document;
}

/** One tag per module, named as its menu entry (the shell's own calls: 登录与系统). */
function moduleTags() {
  return modules.map((m) => ({
    name: m.name,
    description: m.menu?.name ?? (m.name === 'shell' ? '登录、会话与系统配置' : m.name),
  }));
}

/**
 * The OpenAPI 3 document of every registered call at /openapi.json, and a browsable page for
 * integrators at /api-docs (served from the package: no request leaves the machine).
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12, where a nullable field is a type of its own (3.0's `nullable` has
      // no place beside a $ref or a union, which a generator refuses)
      openapi: '3.1.0',
      servers: [{ url: '/', description: '本服务（与控制台同源）' }],
      tags: moduleTags(),
      info: {
        title: '智慧养老平台 API',
        description:
          '控制台与服务端之间的接口（规范 000、001 第 7 节的路径）。成功时返回 `{ code: 0, msg, result }`；' +
          '失败时返回 `{ code, msg, result: null }`，code 见错误目录（4011 登录失效、4012 异地登录、10001 参数错误等）。' +
          '除登录相关接口外，请求头 `authorization` 须带登录返回的 token。' +
          '上传的文件在上传接口返回的 `urlPath`（/files/<目录>/<文件名>）下载，同样须带 token。',
        version: '1.0.0',
        license: { name: '专有软件，随平台授权使用', identifier: 'LicenseRef-Proprietary' },
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } },
      },
      security: [{ token: [] }],
    },
    transform: oneNamePerParameter(),
    transformObject: namedSchemas,
  });
  await app.register(swaggerUi, { routePrefix: API_PAGE, staticCSP: true });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
