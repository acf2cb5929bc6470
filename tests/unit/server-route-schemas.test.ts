import { Validator as OpenApiValidator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, moduleCodes } from '../../domain/codes.js';
import { allRoutes } from '../../server/modules/index.js';
import { startTestApp } from '../support/serverHarness.js';

const routes = allRoutes({ loginRatePerMinute: 30 });
const name = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('every route declares its schemas (docs/architecture.md rule 5)', () => {
  it('params where the path has them, a query on every GET, a body on every POST and PUT, and an answer', () => {
    const missing = routes.flatMap((r) => [
      ...(r.url.includes(':') && !r.params ? [`${name(r)}: params`] : []),
      ...(r.method === 'GET' && !r.query ? [`${name(r)}: query`] : []),
      ...((r.method === 'POST' || r.method === 'PUT') && !r.body ? [`${name(r)}: body`] : []),
      ...(!r.response ? [`${name(r)}: response`] : []),
    ]);
    expect(missing).toEqual([]);
  });
});

type Operation = { operationId?: string; tags?: string[]; responses?: Record<string, unknown> };

describe('the OpenAPI document (/openapi.json)', () => {
  let h: Awaited<ReturnType<typeof startTestApp>>;
  let doc: { paths: Record<string, Record<string, unknown>>; tags: { name: string }[] };
  beforeAll(async () => {
    h = await startTestApp();
    const res = await h.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => h.close());

  it('is a valid OpenAPI 3 document', async () => {
    const validator = new OpenApiValidator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every served call with its request, its answer and its refusals', () => {
    // a path's parameters go by one name in the document (GET /family/:id and DELETE /family/:ids)
    const shape = (path: string) => path.replace(/[:{]\w+}?/g, '{}');
    const byShape = new Map(Object.entries(doc.paths).map(([path, item]) => [shape(path), item]));
    const undocumented = routes.filter((r) => {
      const op = byShape.get(shape(r.url))?.[r.method.toLowerCase()] as Operation | undefined;
      const refusals = r.auth === 'public' ? ['400'] : ['400', '401'];
      return !op?.responses?.['200'] || refusals.some((status) => !op.responses?.[status]);
    });
    expect(undocumented.map(name)).toEqual([]);
  });

  it('lists a module’s own business codes on the 400 of each of its changes (issue #39)', () => {
    const codesOf400 = (path: string, method: string) => {
      const op = doc.paths[path]?.[method] as
        | { responses: Record<string, { content: Record<string, { schema: unknown }> }> }
        | undefined;
      return JSON.stringify(op?.responses['400']?.content['application/json']?.schema ?? null);
    };
    const put = (module: string) =>
      routes.find((r) => r.module === module && r.method !== 'GET' && r.auth !== 'public');
    for (const [module, code] of [
      ['expense', moduleCodes.expense?.[0]],
      ['warehouse', Code.stockInsufficient],
      ['live', Code.deptMoveUnconfirmed],
    ] as const) {
      const route = put(module);
      if (!route) throw new Error(`${module} has no change`);
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(codesOf400(path, route.method.toLowerCase()), `${module} ${route.url}`).toContain(String(code));
    }
    // a list (GET) answers no business code of its module
    expect(codesOf400('/pims/web-pi/oldmans', 'get')).not.toContain(String(Code.deptMoveUnconfirmed));
  });

  it('names each operation once, module first, and groups it under its module (for a client generator)', () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item) as Operation[]);
    const ids = operations.map((op) => op.operationId ?? '');
    expect(ids.filter((id) => !/^[a-zA-Z]+\.[a-zA-Z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
    expect(ids.length - new Set(ids).size).toBe(0);
    const tags = new Set(doc.tags.map((t) => t.name));
    expect(operations.filter((op) => op.tags?.length !== 1 || !tags.has(op.tags[0] ?? ''))).toEqual([]);
    expect(operations.filter((op) => op.tags?.[0] !== op.operationId?.split('.')[0])).toEqual([]);
    // the engine names its own: a resource's list and a workflow action
    expect(ids).toEqual(expect.arrayContaining(['live.oldmanList', 'administration.noticePublish']));
  });

  it('serves the API page for integrators without reaching the internet', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/api-docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
    expect(page.body).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)[\w.-]+\/[\w/.-]*\.(js|css)/);
  });
});
