import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Code, type CodeName, moduleCodes } from '../../domain/codes.js';
import { modules as registry } from '../../features/modules.js';

const root = resolve(import.meta.dirname, '..', '..');

/** The .ts files under a folder (the server code of a module), tests and screens left out. */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Codes every call may answer, documented apart from a module's own (400's common ones, 401, 403, 404). */
const COMMON = new Set<number>([
  Code.ok,
  Code.noAuthority,
  Code.serverError,
  Code.loginExpired,
  Code.signedInElsewhere,
  Code.keyInfoChanged,
  Code.invalidInput,
  Code.notFound,
  Code.conflict,
  Code.actionRefused,
  Code.deptNotAllowed,
  Code.passwordChangeRequired,
]);

/** Libraries whose refusals reach the modules that call them. */
const LIBRARIES: Record<string, string> = {
  'server/ledger/ledger.js': 'server/ledger',
  'server/uploads.js': 'server/uploads.ts',
  'server/auth/challenges.js': 'server/auth/challenges.ts',
};

/** The business codes the files throw (`Code.name`), by value. */
function thrown(files: string[]): Set<number> {
  const codes = new Set<number>();
  for (const file of files)
    for (const [, name] of readFileSync(join(root, file), 'utf8').matchAll(/\bCode\.([a-zA-Z]+)\b/g)) {
      const value = Code[name as CodeName];
      if (typeof value === 'number' && !COMMON.has(value)) codes.add(value);
    }
  return codes;
}

/** A module's server files: its folder's server code, or the shell's routes and payment gateway. */
function serverFiles(module: string): string[] {
  const own =
    module === 'shell'
      ? [...sources('server/routes'), ...sources('server/payment')]
      : existsSync(join(root, 'features', module))
        ? sources(`features/${module}`).filter((f) => f.includes('/server/'))
        : []; // a module of menus alone (pims_bench)
  const libraries = Object.entries(LIBRARIES)
    .filter(([lib]) =>
      own.some((f) => readFileSync(join(root, f), 'utf8').includes(lib.replace(/^server\//, ''))),
    )
    .flatMap(([, path]) => (path.endsWith('.ts') ? [path] : sources(path)));
  return [...own, ...libraries];
}

describe('the business codes each module documents (issue #39)', () => {
  const modules = ['shell', ...registry.map((m) => m.name).filter((m) => m !== 'shell')];

  it.each(modules)('%s lists exactly the codes its server code and libraries can answer', (module) => {
    const listed = [...(moduleCodes[module] ?? [])].sort();
    expect(listed, module).toEqual([...thrown(serverFiles(module))].sort());
  });

  it('names every business code in some module, and only modules that exist', () => {
    const business = Object.values(Code).filter((c) => !COMMON.has(c));
    const listed = new Set(Object.values(moduleCodes).flat());
    expect(business.filter((c) => !listed.has(c))).toEqual([]);
    expect(Object.keys(moduleCodes).filter((m) => !modules.includes(m))).toEqual([]);
  });
});
