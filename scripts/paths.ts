/**
 * npm run paths -- <machine> [--shortest|--simple|--transitions] [--without event,…]
 *   [--format table|playwright|csv|xlsx] [--out file]
 *
 * Prints every path createTestModel (xstate/graph) generates for a machine of machines/: the
 * states it passes and the events it sends, in Chinese where the machine names them. With
 * `--format playwright` it writes a Playwright spec: the paths as data and one loop making a test
 * per path, each step calling the driver beside it (tests/e2e/<module>/<machine>.driver.ts) that
 * performs an event in the console and checks a state. The generator is machines/paths/generate.ts,
 * which 系统管理 › 状态机与测试路径 uses too.
 * `npm run paths` alone lists the machines.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  bareEvents,
  findMachines,
  formatCsv,
  formatPlaywright,
  formatTable,
  formatXlsx,
  generatePaths,
  type PathKind,
  sheetRows,
  withoutInvocations,
} from '../machines/paths/generate.js';

export * from '../machines/paths/generate.js';

const root = resolve(import.meta.dirname, '..');

async function main() {
  const args = process.argv.slice(2);
  const machines = findMachines();
  const wanted = args.find(
    (a) =>
      !a.startsWith('--') &&
      args[args.indexOf(a) - 1] !== '--format' &&
      args[args.indexOf(a) - 1] !== '--out' &&
      args[args.indexOf(a) - 1] !== '--without',
  );
  if (!wanted) {
    console.log(
      '用法：npm run paths -- <状态机（中文名或英文名）> [--shortest|--simple|--transitions] [--without 事件,…] [--format table|playwright|csv|xlsx] [--out 文件]\n',
    );
    for (const m of machines)
      console.log(`  ${m.title.padEnd(8, '　')} ${m.short.padEnd(18)} ${m.name}（${m.file}）`);
    return;
  }
  const found = machines.find((m) => m.short === wanted || m.name === wanted || m.title === wanted);
  if (!found) {
    console.error(
      `没有名为 ${wanted} 的状态机。可选：${machines.map((m) => `${m.title}（${m.short}）`).join('、')}`,
    );
    process.exitCode = 2;
    return;
  }
  const kind: PathKind = args.includes('--simple')
    ? 'simple'
    : args.includes('--transitions')
      ? 'transitions'
      : 'shortest';
  const formatAt = args.indexOf('--format');
  const format = formatAt >= 0 ? args[formatAt + 1] : 'table';
  if (format !== 'table' && format !== 'playwright' && format !== 'csv' && format !== 'xlsx') {
    console.error(`--format 只能是 table、playwright、csv 或 xlsx，收到 ${String(format)}`);
    process.exitCode = 2;
    return;
  }
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 ? args[outAt + 1] : undefined;
  if (format === 'xlsx' && !out) {
    console.error('--format xlsx 需要 --out 文件（如 --out 外出用例.xlsx）');
    process.exitCode = 2;
    return;
  }
  const withoutAt = args.indexOf('--without');
  const without = withoutAt >= 0 ? (args[withoutAt + 1] ?? '').split(',').filter(Boolean) : [];
  const known = new Set(bareEvents(withoutInvocations(found.machine)).map((e) => e.type));
  const unknown = without.filter((type) => !known.has(type));
  if (unknown.length) {
    console.error(`${found.name} 没有事件 ${unknown.join('、')}。可选：${[...known].join('、')}`);
    process.exitCode = 2;
    return;
  }
  const paths = generatePaths(found, kind, without);
  if (format === 'xlsx' && out) {
    writeFileSync(resolve(out), await formatXlsx(found, sheetRows(found, paths)));
    console.log(`已写入 ${out}：${paths.length} 个用例`);
    return;
  }
  const text =
    format === 'playwright'
      ? formatPlaywright(found, paths, kind, without)
      : format === 'csv'
        ? formatCsv(sheetRows(found, paths))
        : formatTable(found, paths, kind);
  if (out) {
    writeFileSync(resolve(out), text);
    // the project's formatter, so a regenerated file differs from the committed one only where paths changed
    if (format === 'playwright')
      spawnSync('npx', ['biome', 'format', '--write', resolve(out)], { cwd: root, stdio: 'ignore' });
    console.log(`已写入 ${out}：${paths.length} 条路径`);
  } else console.log(text);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
