import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers' import rules (docs/architecture.md, "Layers") are the linter's: biome.json's overrides. Each
 * probe below is a file at a place in the tree with one import; the project's own configuration lints
 * them in a scratch folder, and every forbidden import must be refused while every allowed one passes.
 */

const root = resolve(import.meta.dirname, '../..');
const biome = join(root, 'node_modules/.bin/biome');

/** [file, import specifier, refused?] */
const probes: [string, string, boolean][] = [
  // domain: zod, itself, and a descriptor its own machines
  ['domain/probe.ts', 'zod', false],
  ['domain/modules/probe.ts', '../../machines/noticeMachine.js', false],
  ['domain/probe.ts', '../src/app/AppContext.js', true],
  ['domain/probe.ts', '../server/app.js', true],
  ['domain/probe.ts', '../streams/alarms.js', true],
  ['domain/modules/probe.ts', '../../features/iot/PositionMap.js', true],
  ['domain/probe.ts', 'react', true],
  ['domain/probe.ts', 'node:fs', true],
  // machines: xstate and domain
  ['machines/probe.ts', 'xstate', false],
  ['machines/probe.ts', '../domain/alarms.js', false],
  ['machines/probe.ts', '../src/api/client.js', true],
  ['machines/probe.ts', '../server/db/index.js', true],
  ['machines/probe.ts', 'rxjs', true],
  // streams: rxjs over domain
  ['streams/probe.ts', 'rxjs', false],
  ['streams/probe.ts', '../machines/alarmMachine.js', true],
  ['streams/probe.ts', '../src/realtime/context.js', true],
  ['streams/probe.ts', 'react', true],
  // the shell: never a module's screens (but its composition root), never the server
  ['src/ui/probe.tsx', '../../features/iot/PositionMap.js', true],
  ['src/ui/probe.tsx', '../../server/app.js', true],
  ['src/ui/probe.tsx', 'kysely', true],
  ['src/ui/probe.tsx', '../../machines/alarmMachine.js', false],
  ['src/main.tsx', '../features/views.js', false],
  ['src/main.tsx', '../server/app.js', true],
  // screens: never the server, never another module's files
  ['features/drugs/probe.tsx', '../../src/ui/RowButton.js', false],
  ['features/drugs/probe.tsx', './index.js', false],
  ['features/drugs/probe.tsx', '../warehouse/StockDocuments.js', true],
  ['features/drugs/probe.tsx', '../../server/modules/index.js', true],
  ['features/drugs/probe.tsx', 'node:fs', true],
  ['features/iot/map/probe.ts', '../PositionMap.js', false],
  ['features/iot/map/probe.ts', '../../warehouse/Stocktake.js', true],
  ['features/iot/wall/probe.ts', '../PositionMap.js', false],
  // a module in one folder: its descriptor and api.ts are its public face, its server part the server's
  ['features/drugs/probe.tsx', '../government/api.js', false],
  ['features/drugs/probe.tsx', '../government/module.js', false],
  ['features/drugs/probe.tsx', '../government/Inspections.js', true],
  // a module of several areas shows its api/ folder, not its resources/
  ['features/drugs/probe.tsx', '../care/api/careHealth.js', false],
  ['features/drugs/probe.tsx', '../care/resources/plans.js', true],
  ['features/iot/monitor/probe.tsx', '../../care/api/careHealth.js', false],
  ['features/iot/monitor/probe.tsx', '../../care/health/WeekMenu.js', true],
  ['features/government/probe.tsx', './server/index.js', true],
  ['features/government/module.ts', '../../machines/inspectionMachine.js', false],
  ['features/government/module.ts', './Inspections.js', true],
  ['features/government/module.ts', '../../src/ui/RowButton.js', true],
  ['features/government/api.ts', '../../server/http/route.js', true],
  ['features/government/server/probe.ts', '../../../server/http/route.js', false],
  ['features/government/server/probe.ts', '../module.js', false],
  ['features/government/server/probe.ts', '../Inspections.js', true],
  ['features/government/server/probe.ts', '../../drugs/Deposited.js', true],
  ['features/government/server/probe.ts', '../../../src/app/AppContext.js', true],
  ['features/government/server/probe.ts', 'react', true],
  // the server: never the console
  ['server/probe.ts', '../domain/alarms.js', false],
  ['server/modules/probe.ts', '../../features/government/server/index.js', false],
  ['server/modules/probe.ts', '../../features/government/module.js', false],
  ['server/probe.ts', '../features/modules.js', false],
  ['server/probe.ts', 'kysely', false],
  ['server/probe.ts', '../src/app/AppContext.js', true],
  ['server/probe.ts', '../features/iot/PositionMap.js', true],
  ['server/probe.ts', '../streams/alarms.js', true],
  ['server/routes/probe.ts', 'react', true],
];

let scratch = '';
/** The refusals by file and line. */
let refused = new Map<string, string[]>();
/** Where each probe's import stands: the probes of one file are its lines, in order. */
const lineOf = (i: number) => probes.slice(0, i).filter(([file]) => file === probes[i]?.[0]).length + 1;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'import-rules-'));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  // the scratch folder is no git work tree, and holds only the probes
  writeFileSync(
    join(scratch, 'biome.json'),
    JSON.stringify({ ...config, $schema: undefined, vcs: { enabled: false }, files: { includes: ['**'] } }),
  );
  // each probe file at its place, one import a line
  const files = new Map<string, string[]>();
  for (const [file, from] of probes) files.set(file, [...(files.get(file) ?? []), from]);
  for (const [file, imports] of files) {
    const path = join(scratch, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(
      path,
      `${imports.map((from, i) => `import * as p${i} from '${from}';`).join('\n')}\nexport const used = [${imports.map((_, i) => `p${i}`).join(', ')}];\n`,
    );
  }
  let out = '';
  try {
    out = execFileSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (e) {
    // errors found: biome exits 1 with the report on stdout
    out = (e as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as {
    diagnostics: {
      category: string;
      message: string;
      location: { path: string; start: { line: number } };
    }[];
  };
  refused = new Map();
  for (const d of report.diagnostics) {
    if (d.category !== 'lint/style/noRestrictedImports') continue;
    const at = `${d.location.path}:${d.location.start.line}`;
    refused.set(at, [...(refused.get(at) ?? []), d.message]);
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the linter keeps the layers apart', () => {
  it.each(probes.map(([file, from, bad], i) => [file, from, bad, i] as const))(
    '%s importing %s: refused %s',
    (file, _from, bad, i) => {
      const messages = refused.get(`${file}:${lineOf(i)}`) ?? [];
      if (bad) {
        expect(messages.length).toBeGreaterThan(0);
        // the refusal says where the rule is written
        for (const m of messages) expect(m).toContain('docs/architecture.md');
      } else expect(messages).toEqual([]);
    },
  );

  it('finds nothing to refuse in the tree itself', () => {
    const out = execFileSync(biome, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: root,
      encoding: 'utf8',
    });
    const report = JSON.parse(out) as { diagnostics: { category: string }[] };
    expect(report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports')).toEqual([]);
  });
});
