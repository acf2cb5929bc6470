/**
 * The model-based paths of the machines (createTestModel from xstate/graph): what `npm run paths`
 * prints and writes, and what 系统管理 › 状态机与测试路径 shows and downloads (issue #41): one
 * generator, so a sheet from the console is the sheet from the terminal.
 */
import {
  type AnyStateMachine,
  type AnyStateNode,
  createMachine,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pathModels } from './models.js';
import { machineModules } from './registry.js';
import { machineTitles } from './titles.js';

export interface FoundMachine {
  /** Export name, e.g. billMachine. */
  name: string;
  /** Short name used on the command line, e.g. bill. */
  short: string;
  /** What testers call it, e.g. 账单 (also accepted on the command line). */
  title: string;
  file: string;
  machine: AnyStateMachine;
  /** Event type → Chinese label, from the module's `…Events` export. */
  eventLabels: Record<string, string>;
  /** State path (a.b) or key → Chinese label, from a `stateLabels` export. */
  stateLabels: Record<string, string>;
  /** Guard name → Chinese label, from a `guardLabels` export (the diagram marks a guarded transition with it). */
  guardLabels: Record<string, string>;
}

const isMachine = (v: unknown): v is AnyStateMachine =>
  typeof v === 'object' && v !== null && 'root' in v && 'transition' in v && 'config' in v;

/** Every machine exported by a file of machines/ (machines/paths/registry.ts). */
export function findMachines(): FoundMachine[] {
  const found: FoundMachine[] = [];
  for (const [file, mod] of machineModules) {
    const eventLabels: Record<string, string> = {};
    for (const [key, value] of Object.entries(mod))
      if (key.endsWith('Events') && value && typeof value === 'object' && !Array.isArray(value))
        for (const [type, info] of Object.entries(value as Record<string, unknown>))
          if (info && typeof info === 'object' && 'label' in info)
            eventLabels[type] = String((info as { label: unknown }).label);
    // a module may also name its events in one `eventLabels` map (machines without an authority table)
    Object.assign(eventLabels, (mod.eventLabels ?? {}) as Record<string, string>);
    const stateLabels = (mod.stateLabels ?? {}) as Record<string, string>;
    const guardLabels = (mod.guardLabels ?? {}) as Record<string, string>;
    for (const [name, value] of Object.entries(mod))
      if (isMachine(value))
        found.push({
          name,
          short: name.replace(/Machine$/, ''),
          title: machineTitles[name] ?? name,
          file: `machines/${file}`,
          machine: value,
          eventLabels,
          stateLabels,
          guardLabels,
        });
  }
  return found;
}

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(nodesOf),
];

/** Bare events: one per event type any transition of the machine listens to. */
export function bareEvents(machine: AnyStateMachine): EventObject[] {
  const types = new Set<string>();
  for (const node of nodesOf(machine.root))
    for (const type of node.transitions.keys()) if (type !== '*') types.add(type);
  return [...types].sort().map((type) => ({ type }));
}

/** The Chinese name of a state value: `a.b` labels, else each node's meta.label or description. */
export function stateName(found: FoundMachine, value: unknown): string {
  const paths = leafPaths(value);
  return paths
    .map((path) => {
      if (found.stateLabels[path]) return found.stateLabels[path];
      const node = nodeAt(found.machine.root, path.split('.'));
      const meta = node?.meta as { label?: string } | undefined;
      return meta?.label ?? node?.description ?? path;
    })
    .join(' + ');
}

/**
 * What a tester should see once a state is reached: a state node's `meta.expected` where the machine
 * says it, or its `description` where that is more than the state's name, else the name. Several
 * parallel states: each, joined as stateName joins them.
 */
export function expectedIn(found: FoundMachine, value: unknown): string {
  return leafPaths(value)
    .map((path) => {
      const name = stateName(found, path);
      const node = nodeAt(found.machine.root, path.split('.'));
      const meta = node?.meta as { expected?: string } | undefined;
      return meta?.expected ?? (node?.description && node.description !== name ? node.description : name);
    })
    .join(' + ');
}

function leafPaths(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      leafPaths(v, `${prefix}${k}.`),
    );
  return [prefix.replace(/\.$/, '')];
}

function nodeAt(node: AnyStateNode, keys: string[]): AnyStateNode | undefined {
  let at: AnyStateNode | undefined = node;
  for (const key of keys) at = at?.states[key];
  return at;
}

export const eventName = (found: FoundMachine, event: EventObject) =>
  found.eventLabels[event.type] ?? event.type.replace(/^xstate\.after\.(\d+)\..*$/, '等待 $1 ms');

/**
 * createTestModel cannot walk a machine that invokes actors (a payment request, a poll): the copy it
 * walks keeps every state and transition and drops the invocations; what an invoked actor reports
 * (its onDone and onError) becomes the plain events `${src}.done` and `${src}.error`.
 */
export function withoutInvocations(machine: AnyStateMachine): AnyStateMachine {
  const strip = (config: Record<string, unknown>): Record<string, unknown> => {
    const { invoke, states, on, ...rest } = config;
    // what the invoked actor would report becomes two plain events: `${src}.done` and `${src}.error`
    const reports: Record<string, unknown> = {};
    for (const def of (Array.isArray(invoke) ? invoke : invoke ? [invoke] : []) as Record<
      string,
      unknown
    >[]) {
      const src = typeof def.src === 'string' ? def.src : 'actor';
      if (def.onDone) reports[`${src}.done`] = def.onDone;
      if (def.onError) reports[`${src}.error`] = def.onError;
    }
    const events = { ...((on as Record<string, unknown>) ?? {}), ...reports };
    return {
      ...rest,
      ...(Object.keys(events).length ? { on: events } : {}),
      ...(states && typeof states === 'object'
        ? {
            states: Object.fromEntries(
              Object.entries(states as Record<string, Record<string, unknown>>).map(([k, v]) => [
                k,
                strip(v),
              ]),
            ),
          }
        : {}),
    };
  };
  const invokes = nodesOf(machine.root).some((n) => n.invoke.length > 0);
  return invokes
    ? createMachine(
        strip(machine.config as Record<string, unknown>) as never,
        machine.implementations as never,
      )
    : machine;
}

export interface GeneratedPath {
  /** Ends in this state. */
  target: string;
  steps: { state: string; stateValue: unknown; event: EventObject }[];
  final: { state: string; stateValue: unknown };
}

export type PathKind = 'shortest' | 'simple' | 'transitions';

export const kindTitle: Record<PathKind, string> = {
  shortest: '最短路径',
  simple: '全部简单路径',
  transitions: '覆盖全部转换的路径',
};

type Snapshot = { value: unknown; can: (event: EventObject) => boolean };
type RawPath = { steps: { state: Snapshot; event: EventObject }[]; state: Snapshot };

/**
 * The machine's paths. shortest: the shortest path to each state; simple: every path that visits
 * no state twice; transitions: every transition taken at least once (the shortest path to its
 * source state, then its event), leaving out paths that are the beginning of a longer one, so a
 * loop back (an after-sale audited, a settlement revoked) is walked too.
 */
export function generatePaths(found: FoundMachine, kind: PathKind, without: string[] = []): GeneratedPath[] {
  const options = pathModels[found.name] ?? {};
  const testable = withoutInvocations(found.machine);
  const bare = bareEvents(testable);
  const given = options.events;
  // events the tester leaves out (a timer's close the console cannot send) are never taken
  const eventsAt = (value: unknown) =>
    (typeof given === 'function' ? given(value) : (given ?? bare)).filter((e) => !without.includes(e.type));
  const serialize = (s: Snapshot) =>
    options.serialize ? options.serialize(s as never) : JSON.stringify(s.value);
  const model = createTestModel(testable, {
    events: (snapshot) => eventsAt(snapshot.value),
    // a compound state's completion follows from its children; it is not something to send. An event
    // left out is never taken, not even on the way to a state (createTestModel adds a bare event for
    // every type a state takes that `events` does not give)
    filterEvents: (_, event) => !event.type.startsWith('xstate.done.state.') && !without.includes(event.type),
    // paths through states: context that only counts (alarm repeats) must not make the graph endless
    serializeState: (s) => serialize(s as Snapshot),
    ...(options.input === undefined ? {} : { input: options.input }),
  });
  const options2 = { allowDuplicatePaths: true };
  let raw: RawPath[];
  if (kind === 'simple') raw = model.getSimplePaths(options2) as unknown as RawPath[];
  else if (kind === 'shortest') raw = model.getShortestPaths(options2) as unknown as RawPath[];
  else
    raw = coveringPaths(
      testable,
      options.input,
      model.getShortestPaths(options2) as unknown as RawPath[],
      eventsAt,
    );
  const keyOf = (p: RawPath) =>
    p.steps.map((s) => JSON.stringify([serialize(s.state), s.event])).concat(serialize(p.state));
  const seen = new Set<string>();
  let unique = raw.filter((p) => {
    const key = keyOf(p).join('|');
    if (seen.has(key) || p.steps.length <= 1) return false;
    seen.add(key);
    return true;
  });
  if (kind === 'transitions') {
    // a path that is the beginning of another adds nothing the longer one does not walk
    const keys = unique.map((p) => keyOf(p).slice(0, -1));
    unique = unique.filter(
      (_, i) =>
        !keys.some(
          (other, j) =>
            j !== i &&
            other.length > (keys[i]?.length ?? 0) &&
            keys[i]?.every((step, k) => other[k] === step),
        ),
    );
  }
  return unique.map((p) => {
    const steps = p.steps.filter((s) => s.event.type !== 'xstate.init');
    const states = [p.steps[0]?.state, ...steps.map((s) => s.state)];
    return {
      target: stateName(found, p.state.value),
      steps: steps.map((s, i) => ({
        state: stateName(found, states[i]?.value),
        stateValue: states[i]?.value,
        event: s.event,
      })),
      final: { state: stateName(found, p.state.value), stateValue: p.state.value },
    } satisfies GeneratedPath;
  });
}

/**
 * For every state's shortest path and every event the state takes: that path plus the event. The
 * path is replayed to find the snapshot at its end: the graph keeps, for each state, the last
 * snapshot it met there, which may already have looped (an outing out of the house after a
 * postponement), and an event's guard reads the context.
 */
function coveringPaths(
  machine: AnyStateMachine,
  input: unknown,
  shortest: RawPath[],
  eventsAt: (value: unknown) => EventObject[],
): RawPath[] {
  const paths: RawPath[] = [];
  for (const path of shortest) {
    const [start] = initialTransition(machine, input as never) as unknown as [Snapshot];
    const end = path.steps
      .filter((s) => s.event.type !== 'xstate.init')
      .reduce(
        (at, s) => (transition(machine, at as never, s.event as never) as unknown as [Snapshot])[0],
        start,
      );
    for (const event of eventsAt(end.value)) {
      if (event.type.startsWith('xstate.done.state.') || !end.can(event)) continue;
      const [next] = transition(machine, end as never, event as never) as unknown as [Snapshot];
      // a step holds the state its event led to
      paths.push({ steps: [...path.steps, { state: next, event }], state: next });
    }
  }
  return paths;
}

export function formatTable(found: FoundMachine, paths: GeneratedPath[], kind: PathKind): string {
  const lines = [`${found.title}（${found.name}，${found.file}）— ${kindTitle[kind]} ${paths.length} 条`, ''];
  for (const [i, p] of paths.entries()) {
    const walk = p.steps.map((s) => `${s.state} —${eventName(found, s.event)}→ `).join('') + p.final.state;
    lines.push(`${String(i + 1).padStart(3)}. 到达「${p.target}」：${walk || p.final.state}`);
  }
  return lines.join('\n');
}

/**
 * The columns of a test-case sheet, the way testers keep cases in Excel: the case, then issue #41's
 * 步骤, 事件 (the event's Chinese label), 到达状态 (the state it leads to) and 预期 (what to see there).
 */
export const SHEET_HEADER = ['用例编号', '用例名称', '步骤', '事件', '到达状态', '预期'] as const;

/**
 * A test-case sheet: per path a case (外出-001), one row per step — step 0 the state it starts in,
 * then each event, the state it leads to and what the tester should see there.
 */
export function sheetRows(found: FoundMachine, paths: GeneratedPath[]): string[][] {
  const rows: string[][] = [[...SHEET_HEADER]];
  for (const [i, p] of paths.entries()) {
    const id = `${found.title}-${String(i + 1).padStart(3, '0')}`;
    const name = `到达「${p.target}」`;
    // step k starts in steps[k]'s state; what it reaches is the next step's, the last the final one
    const reached = (k: number) => p.steps[k] ?? p.final;
    const row = (k: number, event: string) => {
      const { state, stateValue } = reached(k);
      return [id, name, String(k), event, state, expectedIn(found, stateValue)];
    };
    rows.push(row(0, '（开始）'));
    for (const [k, step] of p.steps.entries()) rows.push(row(k + 1, eventName(found, step.event)));
  }
  return rows;
}

/** CSV for Excel: UTF-8 with a BOM (Chinese Excel reads it as UTF-8), CRLF, every field quoted. */
export function formatCsv(rows: string[][]): string {
  const field = (v: string) => `"${v.replaceAll('"', '""')}"`;
  return `\uFEFF${rows.map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}

/** The same sheet as an .xlsx workbook: a bold, frozen header and columns wide enough to read. */
export async function formatXlsx(found: FoundMachine, rows: string[][]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(`${found.title}测试用例`, { views: [{ state: 'frozen', ySplit: 1 }] });
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column, i) => {
    column.width = [12, 24, 6, 18, 20, 28][i] ?? 16;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const q = (s: string) => JSON.stringify(s);

/**
 * A Playwright spec: the paths as data (per path its title and its steps, each a state to check or
 * an event to send, with the label the report shows) and one loop making a test per path; every
 * step goes through the machine's driver.
 */
export function formatPlaywright(
  found: FoundMachine,
  paths: GeneratedPath[],
  kind: PathKind,
  without: string[] = [],
): string {
  const state = (label: string, value: unknown) =>
    `{ state: ${JSON.stringify(value)}, label: ${q(`状态：${label}`)} },`;
  const data = paths.map((p, i) => {
    const walk = p.steps.map((s) => `${s.state} —${eventName(found, s.event)}→ `).join('') + p.final.state;
    const steps = [
      ...p.steps.flatMap((s) => [
        state(s.state, s.stateValue),
        `{ event: ${JSON.stringify(s.event)}, label: ${q(`事件：${eventName(found, s.event)}`)} },`,
      ]),
      state(p.final.state, p.final.stateValue),
    ];
    // one path a line: a table to read down, not blocks repeating each other's first steps
    return `  { title: ${q(`路径 ${i + 1}：${walk}`)}, steps: [${steps.join(' ')}] },`;
  });
  const leftOut = without.length ? ` --without ${without.join(',')}` : '';
  return `// Generated by \`npm run paths -- ${found.short} --${kind}${leftOut} --format playwright\` from ${found.file}.
// Regenerate after changing the machine; do not edit by hand. Each step calls the driver
// beside it, ${found.short}.driver.ts: send performs an event in the console, check asserts a state.
import { test } from '../fixtures.js';
import { driver } from './${found.short}.driver.js';

/** A state the driver checks, or an event it sends; the label is the step's name in the report. */
type Step =
  | { state: Parameters<typeof driver.check>[2]; label: string }
  | { event: Parameters<typeof driver.send>[2]; label: string };

// biome-ignore format: the path table, one path a line
const paths: { title: string; steps: Step[] }[] = [
${data.join('\n')}
];

for (const path of paths)
  test(path.title, async ({ page }) => {
    const ctx = await driver.start(page);
    for (const step of path.steps)
      await test.step(step.label, () =>
        'state' in step ? driver.check(page, ctx, step.state) : driver.send(page, ctx, step.event),
      );
  });
`;
}
