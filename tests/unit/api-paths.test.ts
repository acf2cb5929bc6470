import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The spec's service prefixes (spec 000 §7, 001 §7) and our payment gateway's. */
const API_LITERAL =
  /['`]\/(pims|passport|omms|ifms|tdms|wnms|api|loms|ecms|tams|bmms|homecare|ptms|abc|yhpay)\/[^'`\s]*/g;

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

/** A module's own paths live in its api.ts, or its api/ folder when it has several areas (docs/modules.md). */
const moduleApi = /^features\/[^/]+\/api(\.ts|\/[^/]+\.ts)$/;

describe("API paths are written once, in domain/ or a module's api.ts (docs/architecture.md rule 1)", () => {
  it('the console and the server import every call path from where it is declared', () => {
    const typed = ['features', 'src', 'server', 'streams', 'machines']
      .flatMap(files)
      .filter((file) => !moduleApi.test(file))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(API_LITERAL)].map((m) => `${file}: ${m[0].slice(1)}`),
      );
    expect(typed).toEqual([]);
  });
});
