import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import {
  eventName,
  findMachines,
  formatCsv,
  formatPlaywright,
  formatTable,
  formatXlsx,
  generatePaths,
  SHEET_HEADER,
  sheetRows,
} from '../../scripts/paths.js';

describe('npm run paths in Chinese, with test-case sheets (issue #22)', () => {
  it('lists every machine of machines/, each once (the static registry the server reads too)', async () => {
    const files = readdirSync(join(import.meta.dirname, '../../machines')).filter((f) => f.endsWith('.ts'));
    const exported = new Set<string>();
    for (const file of files)
      for (const [name, value] of Object.entries(await import(`../../machines/${file}`)))
        if (value && typeof value === 'object' && 'root' in value && 'transition' in value)
          exported.add(name);
    const listed = findMachines().map((m) => m.name);
    expect(listed.toSorted()).toEqual([...exported].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('names every machine, and every state and event on its paths, in Chinese', async () => {
    for (const m of await findMachines()) {
      expect(m.title, m.name).toMatch(/^[\u4e00-\u9fa5]+$/);
      const words = generatePaths(m, 'transitions').flatMap((p) => [
        ...p.steps.flatMap((s) => [s.state, eventName(m, s.event)]),
        p.final.state,
      ]);
      // no raw identifier (alarm.ack, awaitingCode) in what a tester reads
      for (const w of words) expect(w, `${m.name}: ${w}`).not.toMatch(/[a-zA-Z]{2,}/);
    }
  }, 60_000);

  it('a sheet has a case per path: its start, then each step with the state expected after it', async () => {
    const bill = (await findMachines()).find((m) => m.title === '账单');
    if (!bill) throw new Error('no 账单 machine');
    const paths = generatePaths(bill, 'shortest');
    const rows = sheetRows(bill, paths);
    // issue #41's columns after the case's: 步骤, 事件, 到达状态, 预期
    expect(rows[0]).toEqual(['用例编号', '用例名称', '步骤', '事件', '到达状态', '预期']);
    expect(rows[0]).toEqual([...SHEET_HEADER]);
    const paid = rows.filter((r) => r[1] === '到达「已缴费」');
    // the bill's states name no expectation of their own: what to see is the state's name
    expect(paid).toEqual([
      [paid[0]?.[0], '到达「已缴费」', '0', '（开始）', '待缴费', '待缴费'],
      [paid[0]?.[0], '到达「已缴费」', '1', '缴费', '已缴费', '已缴费'],
    ]);
    expect(paid[0]?.[0]).toMatch(/^账单-\d{3}$/);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(paths.length);
    const csv = formatCsv(rows);
    expect(csv.startsWith('\uFEFF"用例编号","用例名称","步骤","事件","到达状态","预期"\r\n')).toBe(true);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(rows.length);
    // the xlsx reads back with the same cells
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await formatXlsx(bill, rows)) as never);
    const sheet = book.getWorksheet('账单测试用例');
    const back: string[][] = [];
    sheet?.eachRow((row) => back.push((row.values as unknown[]).slice(1).map(String)));
    expect(back).toEqual(rows);
  });

  it('a sheet’s 预期 is what the machine says a tester sees in the state, else the state’s name', () => {
    const machine = createMachine({
      id: 'demo',
      initial: 'draft',
      states: {
        draft: { meta: { label: '草稿' }, on: { submit: 'review' } },
        review: {
          meta: { label: '待审核', expected: '列表中显示“待审核”，可撤回' },
          on: { pass: 'done' },
        },
        // a description that only names the state adds nothing to it
        done: { description: '已通过', type: 'final' },
      },
    });
    const demo = {
      name: 'demoMachine',
      short: 'demo',
      title: '示例',
      file: 'machines/demo.ts',
      machine,
      eventLabels: { submit: '提交', pass: '审核通过' },
      stateLabels: {},
      guardLabels: {},
    };
    expect(sheetRows(demo, generatePaths(demo, 'shortest')).filter((r) => r[1] === '到达「已通过」')).toEqual(
      [
        ['示例-002', '到达「已通过」', '0', '（开始）', '草稿', '草稿'],
        ['示例-002', '到达「已通过」', '1', '提交', '待审核', '列表中显示“待审核”，可撤回'],
        ['示例-002', '到达「已通过」', '2', '审核通过', '已通过', '已通过'],
      ],
    );
    // every machine's sheet is Chinese to its last cell
    for (const m of findMachines())
      for (const row of sheetRows(m, generatePaths(m, 'transitions')).slice(1))
        for (const cell of row) expect(cell, `${m.name}: ${cell}`).not.toMatch(/[a-zA-Z]{2,}/);
  }, 60_000);

  it('takes a machine by its Chinese name on the command line and writes an xlsx', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paths-'));
    try {
      const out = join(dir, '外出用例.xlsx');
      const run = spawnSync('npx', ['tsx', 'scripts/paths.ts', '外出', '--format', 'xlsx', '--out', out], {
        encoding: 'utf8',
      });
      expect(run.stdout).toMatch(/已写入 .*外出用例\.xlsx：\d+ 个用例/);
      expect(readFileSync(out).subarray(0, 2).toString()).toBe('PK');
      const refused = spawnSync('npx', ['tsx', 'scripts/paths.ts', '外出', '--format', 'xlsx'], {
        encoding: 'utf8',
      });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('--format xlsx 需要 --out 文件');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('npm run paths', () => {
  it('finds every machine of machines/ and generates paths for each without running forever', async () => {
    const machines = await findMachines();
    expect(machines.map((m) => m.short)).toEqual(
      expect.arrayContaining([
        'bill',
        'settlement',
        'outing',
        'serviceOrder',
        'residence',
        'alarm',
        'pushConnection',
      ]),
    );
    for (const m of machines) {
      const paths = generatePaths(m, 'shortest');
      expect(paths.length, m.name).toBeGreaterThan(0);
    }
  }, 60_000);

  it('prints the bill paths in Chinese, states and events', async () => {
    const bill = (await findMachines()).find((m) => m.short === 'bill');
    if (!bill) throw new Error('no bill machine');
    const table = formatTable(bill, generatePaths(bill, 'shortest'), 'shortest');
    expect(table).toContain('到达「已缴费」：待缴费 —缴费→ 已缴费');
    expect(table).toContain('到达「已作废」：待缴费 —作废账单→ 已作废');
    const simple = generatePaths(bill, 'simple').map((p) =>
      [...p.steps.map((s) => eventName(bill, s.event)), p.final.state].join(' '),
    );
    expect(simple).toEqual(expect.arrayContaining(['缴费 已缴费', '作废账单 已作废', '退住结算 已结算']));
  });

  it('writes a Playwright spec as data, the paths with their steps, and one loop making a test per path through the driver', async () => {
    const settlement = (await findMachines()).find((m) => m.short === 'settlement');
    if (!settlement) throw new Error('no settlement machine');
    const paths = generatePaths(settlement, 'simple');
    const spec = formatPlaywright(settlement, paths, 'simple');
    expect(spec).toContain("import { driver } from './settlement.driver.js';");
    // one entry per path, numbered as before
    expect(spec.match(/^ {2}\{ title: "路径 \d+：.*\] \},$/gm)?.length).toBe(paths.length);
    for (const i of paths.keys()) expect(spec).toContain(`title: "路径 ${i + 1}：`);
    expect(spec).toContain('{ event: {"type":"SETTLE"}, label: "事件：退住结算" },');
    expect(spec).toContain('{ state: "settled", label: "状态：已结算" },');
    // a single test call, in the loop over the paths; each step checks a state or sends an event
    expect(spec.match(/\btest\(/g)?.length).toBe(1);
    expect(spec).toContain('for (const path of paths)\n  test(path.title, async ({ page }) => {');
    expect(spec).toContain(
      "'state' in step ? driver.check(page, ctx, step.state) : driver.send(page, ctx, step.event)",
    );
  });

  it('--transitions takes every transition at least once, loops back included, and drops paths that begin longer ones', async () => {
    const machines = await findMachines();
    for (const short of ['settlement', 'serviceOrder', 'outing', 'bill', 'alarm']) {
      const found = machines.find((m) => m.short === short);
      if (!found) throw new Error(`no ${short} machine`);
      const walk = (p: ReturnType<typeof generatePaths>[number]) =>
        p.steps.map((s) => `${JSON.stringify(s.stateValue)} ${s.event.type}`);
      const covering = generatePaths(found, 'transitions');
      const taken = new Set(covering.flatMap(walk));
      // every transition the shortest and simple paths know is walked by a covering path
      for (const p of [...generatePaths(found, 'shortest'), ...generatePaths(found, 'simple')])
        for (const step of walk(p)) expect(taken, `${short}: ${step}`).toContain(step);
      const walks = covering.map(walk);
      for (const [i, w] of walks.entries())
        expect(
          walks.some((other, j) => j !== i && other.length > w.length && w.every((s, k) => other[k] === s)),
          `${short}: path ${i + 1} begins another`,
        ).toBe(false);
    }
    const settlement = machines.find((m) => m.short === 'settlement');
    if (!settlement) throw new Error('no settlement machine');
    const table = formatTable(settlement, generatePaths(settlement, 'transitions'), 'transitions');
    expect(table).toContain('覆盖全部转换的路径');
    // revoking a settlement goes back to a state visited before: no simple path has it
    expect(table).toContain('—退住结算→ 已结算 —撤销结算→ 待结算');
    // a loop on a state reached by a path whose end the graph saw after the loop: its guard reads
    // the context of the path walked, not the last snapshot met there (an outing postponed once)
    const outing = machines.find((m) => m.short === 'outing');
    if (!outing) throw new Error('no outing machine');
    const outingTable = formatTable(outing, generatePaths(outing, 'transitions'), 'transitions');
    expect(outingTable).toContain('—确认外出→ 外出中 —延期→ 外出中');
    expect(outingTable).toContain('待外出 —编辑外出→ 待审核');
  });
});
