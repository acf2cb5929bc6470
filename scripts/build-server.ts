// npm run build (second half): compiles the server to dist-server/ so that production runs on plain
// Node (`npm run start:prod`), without tsx or any other devDependency. Packages stay imports of
// node_modules (native ones like better-sqlite3 cannot be bundled); our TypeScript becomes one file
// for the server and one for its command line. dist-server/ sits beside dist/ so that paths relative
// to the module (the console in ../dist, the region files in ./divisions) are those of server/.
import { cpSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';

const root = join(import.meta.dirname, '..');
export const serverEntries = { main: 'server/main.ts', cli: 'server/cli.ts' };

/** Builds into `outdir`; answers esbuild's metafile (what each output imports). */
export async function buildServer(outdir = join(root, 'dist-server')): Promise<Metafile> {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: serverEntries,
    outdir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    banner: { js: '// Built by scripts/build-server.ts from server/; do not edit.' },
  });
  cpSync(join(root, 'server/regions/divisions'), join(outdir, 'divisions'), { recursive: true });
  return result.metafile;
}

/** The packages an output imports at run time (not Node's own modules). */
export function runtimePackages(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const i of output.imports) {
      if (!i.external || isBuiltin(i.path)) continue;
      const parts = i.path.split('/');
      names.add(i.path.startsWith('@') ? `${parts[0]}/${parts[1]}` : String(parts[0]));
    }
  return [...names].sort();
}

if (process.argv[1] === import.meta.filename) await buildServer(process.argv[2]);
