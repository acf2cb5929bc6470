// npm run build (second half): compiles the server to dist-server/ so that production runs on plain
// Node (`npm run start:prod`), without tsx or any other devDependency. Our TypeScript and the packages
// it imports become one file for the server and one for its command line: Node's module loader
// resolving and translating some 600 files of node_modules at each start took 0.6 s of a 2.2 s cold
// start (issue #43). Packages in RUNTIME_IMPORTS stay imports of node_modules. dist-server/ sits beside dist/ so that paths relative
// to the module (the console in ../dist, the region files in ./divisions) are those of server/.
import { cpSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';

const root = join(import.meta.dirname, '..');
export const serverEntries = { main: 'server/main.ts', cli: 'server/cli.ts' };

/**
 * Packages left as imports: native ones (better-sqlite3, argon2), those loaded at first use only
 * (pg, ExcelJS, sanitize-html: not parsed at a start that does not need them), and those reading files
 * beside their own code (svg-captcha's font, the API docs' pages and swagger's package.json).
 */
export const RUNTIME_IMPORTS = [
  'better-sqlite3',
  '@node-rs/argon2',
  'pg',
  'exceljs',
  'sanitize-html',
  'svg-captcha',
  '@fastify/swagger',
  '@fastify/swagger-ui',
];

/** Optional speed-ups ws requires inside a try and does without: not installed, not needed. */
const OPTIONAL_IMPORTS = ['bufferutil', 'utf-8-validate'];

/** Builds into `outdir`; answers esbuild's metafile (what each output imports). */
export async function buildServer(outdir = join(root, 'dist-server')): Promise<Metafile> {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: serverEntries,
    outdir,
    bundle: true,
    external: [...RUNTIME_IMPORTS, ...OPTIONAL_IMPORTS],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    // the bundled CommonJS packages call require() for Node's own modules: one made for this file
    banner: {
      js: [
        '// Built by scripts/build-server.ts from server/; do not edit.',
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
      ].join('\n'),
    },
  });
  cpSync(join(root, 'server/regions/divisions'), join(outdir, 'divisions'), { recursive: true });
  return result.metafile;
}

/** The packages an output imports at run time (not Node's own modules). */
export function runtimePackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const i of output.imports) {
      if (!i.external || isBuiltin(i.path) || OPTIONAL_IMPORTS.includes(i.path)) continue;
      const parts = i.path.split('/');
      names.add(i.path.startsWith('@') ? `${parts[0]}/${parts[1]}` : String(parts[0]));
    }
  return [...names].sort();
}

if (process.argv[1] === import.meta.filename) await buildServer(process.argv[2]);
