import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverEntries } from '../../scripts/build-server.js';

/**
 * The layers as built, not only as linted (docs/architecture.md, "Layers"): the console's pages,
 * bundled as the browser gets them, hold no server file and no server package; the server, bundled as
 * production runs it, holds no screen, no shell and no browser package. A module folder holds both
 * halves side by side, so this is what proves they never meet.
 */
const root = join(import.meta.dirname, '../..');

/** Every page the console ships (vite.config.ts's inputs: each HTML page's script). */
const consolePages = {
  index: 'src/main.tsx',
  login: 'features/login/main.tsx',
  error: 'features/error/main.tsx',
  fullchart: 'features/iot/wall/main.tsx',
  settleIn: 'features/live/settleIn/main.tsx',
};

const SERVER_PACKAGES = /^(kysely|fastify|@fastify\/|better-sqlite3|pg|aedes|pino|@node-rs\/)/;
const BROWSER_PACKAGES = /^(react|react-dom|@blueprintjs\/|@xstate\/react|@deck\.gl\/|maplibre-gl|echarts)/;

async function inputsOf(
  entryPoints: Record<string, string>,
  platform: 'browser' | 'node',
): Promise<Metafile> {
  const result = await build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    write: false,
    outdir: join(root, '.tmp', 'bundle-boundaries'),
    platform,
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
    // packages are named, not read: what matters is which ones a side asks for
    packages: 'external',
    loader: { '.css': 'empty', '.png': 'empty', '.svg': 'empty', '.woff2': 'empty', '.json': 'json' },
  });
  return result.metafile;
}

/** Our own files an output pulls in, and the packages it imports. */
function contents(metafile: Metafile) {
  const files = Object.keys(metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
  const packages = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const i of output.imports) if (i.external && !i.path.startsWith('node:')) packages.add(i.path);
  return { files, packages: [...packages] };
}

describe('the console and the server, as bundled', () => {
  it('no console page pulls a server file or a server package', async () => {
    const { files, packages } = contents(await inputsOf(consolePages, 'browser'));
    // the bundle is real: the shell, a module's screens and the wall are in it
    expect(files).toContain('src/main.tsx');
    expect(files).toContain('features/iot/wall/WallApp.tsx');
    expect(files.some((f) => f.startsWith('features/warehouse/') && f.endsWith('.tsx'))).toBe(true);
    expect(files.filter((f) => f.startsWith('server/') || /^features\/[^/]+\/server\//.test(f))).toEqual([]);
    expect(packages.filter((p) => SERVER_PACKAGES.test(p))).toEqual([]);
  }, 60_000);

  it('the server pulls no screen, no shell and no browser package', async () => {
    const { files, packages } = contents(await inputsOf(serverEntries, 'node'));
    // the bundle is real: the engine and the modules' server parts are in it
    expect(files).toContain('server/main.ts');
    expect(files).toContain('features/warehouse/server/index.ts');
    expect(files.filter((f) => f.endsWith('.tsx') || /^(src|streams)\//.test(f))).toEqual([]);
    expect(packages.filter((p) => BROWSER_PACKAGES.test(p))).toEqual([]);
  }, 60_000);
});

/**
 * What a page loads before anything is clicked: its files and packages reached by static imports
 * only (an `import()` waits for the click that needs it).
 */
function staticGraph(metafile: Metafile, entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const walk = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const i of metafile.inputs[file]?.imports ?? []) {
      if (i.kind !== 'import-statement') continue;
      if (i.external) packages.add(i.path.replace(/^(@[^/]+\/[^/]+|[^/@][^/]*).*$/, '$1'));
      else walk(i.path);
    }
  };
  walk(entry);
  return { files: [...files], packages: [...packages] };
}

it('the login page loads no schema library, no md5, no module registry and no live channel (issue #43: ≤ 130 KB)', async () => {
  const { files, packages } = staticGraph(
    await inputsOf({ login: consolePages.login }, 'browser'),
    consolePages.login,
  );
  // the graph is real: the page, its session machine and the client are in it
  expect(files).toEqual(
    expect.arrayContaining(['features/login/LoginPage.tsx', 'machines/sessionMachine.ts']),
  );
  expect(packages).toEqual(expect.arrayContaining(['react-dom', '@blueprintjs/core', 'xstate']));
  expect(packages.filter((p) => p === 'zod' || p === 'js-md5')).toEqual([]);
  expect(files.filter((f) => f === 'features/modules.ts' || /^(streams|src\/realtime)\//.test(f))).toEqual(
    [],
  );
}, 60_000);

/** Our source files, from the repository root. */
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

it('no two source files differ only in case or extension (a clone on macOS or Windows would resolve the wrong one)', () => {
  const byStem = new Map<string, string[]>();
  for (const dir of ['domain', 'machines', 'streams', 'src', 'features', 'server', 'tests', 'scripts'])
    for (const file of sources(dir)) {
      const stem = file.replace(/\.tsx?$/, '').toLowerCase();
      byStem.set(stem, [...(byStem.get(stem) ?? []), file]);
    }
  expect([...byStem.values()].filter((files) => files.length > 1)).toEqual([]);
});
