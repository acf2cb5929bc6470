// Prints one closing line 'N passed, N failed' over the Vitest (SQLite, PostgreSQL) and Playwright JSON reports.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
// every Vitest report (SQLite, then PostgreSQL), the Playwright report last
const files = process.argv.slice(2);
const playwrightFile = files.at(-1);

for (const vitestFile of files.slice(0, -1)) {
  if (existsSync(vitestFile)) {
    const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
    passed += v.numPassedTests ?? 0;
    failed += (v.numFailedTests ?? 0) + (v.numFailedTestSuites ?? 0);
  } else failed += 1;
}

if (playwrightFile && existsSync(playwrightFile)) {
  const p = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += p.stats?.expected ?? 0;
  failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0) + (p.errors?.length ?? 0);
} else failed += 1;

console.log(`${passed} passed, ${failed} failed`);
