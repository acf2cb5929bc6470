import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../support/serverHarness.js';

/**
 * Issue #39: what an integrator does first with /openapi.json — lint it with Redocly's recommended rules
 * and generate a typed client from it — works without a complaint.
 */
const root = join(import.meta.dirname, '..', '..');
const dir = join(root, '.tmp', `openapi-client-${process.pid}`);
let source = '';

beforeAll(async () => {
  const h = await startTestApp();
  source = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).body;
  await h.close();
  mkdirSync(dir, { recursive: true });
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the API document for integrators', () => {
  it('passes Redocly’s recommended lint without an error', async () => {
    const problems = await lintFromString({
      source,
      absoluteRef: join(dir, 'openapi.json'),
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it('generates TypeScript types that type-check a client’s calls, and refuse a wrong one', async () => {
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(source)));
    // calls an integrator writes against the generated types: a list with its query, an answer's
    // fields, a refusal's envelope; the last line must not compile
    writeFileSync(
      join(dir, 'calls.ts'),
      `import type { operations, paths } from './api.js';
type List = operations['live.oldmanList'];
export const query: NonNullable<List['parameters']['query']> = { pageNum: 1, pageSize: 20 };
type Page = List['responses'][200]['content']['application/json']['result'];
export const names = (page: NonNullable<Page>) => page.list.map((row) => row.oldmanName);
type Refusal = List['responses'][401]['content']['application/json'];
export const refusal: Refusal = { code: 4011, msg: '登录状态失效，请重新登录', result: null };
export const login: paths['/passport/web-rbac/logins/login']['post']['requestBody'] = {
  content: { 'application/json': { loginName: 'admin', loginPassword: 'x' } },
};
// @ts-expect-error a page number is a number
export const wrong: NonNullable<List['parameters']['query']> = { pageNum: '一' };
`,
    );
    const program = ts.createProgram([join(dir, 'calls.ts')], {
      strict: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: false,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  }, 60_000);
});
