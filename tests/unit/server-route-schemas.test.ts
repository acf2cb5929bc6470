import { Validator as OpenApiValidator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('the OpenAPI document (/openapi.json)', () => {
  let h: Awaited<ReturnType<typeof startTestApp>>;
  let doc: { paths: Record<string, Record<string, unknown>> };
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

  it('documents every served call with its request and answer', () => {
    const undocumented = routes.filter((r) => {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()] as
        | { responses?: Record<string, unknown> }
        | undefined;
      return !op?.responses?.['200'];
    });
    expect(undocumented.map(name)).toEqual([]);
  });

  it('serves the API page for integrators without reaching the internet', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/api-docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
    expect(page.body).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)[\w.-]+\/[\w/.-]*\.(js|css)/);
  });
});
