import { z } from 'zod';

/**
 * 系统管理 › 状态机与测试路径 (issue #41): the machines, one drawn, its paths and its test-case sheet,
 * under the system-settings prefix. The server describes them from machines/ with the generator of
 * `npm run paths` (machines/paths/); the console only draws what it answers.
 */
const TEST_PATHS = '/passport/web-rbac/systemConfigs/testPaths';
export const TestPathPaths = {
  machines: TEST_PATHS,
  machine: `${TEST_PATHS}/:machine`,
  paths: `${TEST_PATHS}/:machine/paths`,
  sheet: `${TEST_PATHS}/:machine/sheet`,
} as const;

export const pathKinds = ['shortest', 'simple', 'transitions'] as const;
export type PathKindName = (typeof pathKinds)[number];
export const pathKindTitles: Record<PathKindName, string> = {
  shortest: '最短路径',
  simple: '全部简单路径',
  transitions: '覆盖全部转换',
};

export const machineParams = z.object({
  machine: z
    .string()
    .regex(/^[A-Za-z]+$/, '状态机名称不正确')
    .max(40),
});

/** Which paths: the kind and the events left out (排除事件), comma-separated as the CLI's --without. */
export const pathsQuery = z.object({
  kind: z.enum(pathKinds, { error: '路径类型只能是 shortest、simple 或 transitions' }).default('transitions'),
  without: z
    .string()
    .max(2000)
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    ),
});
export const sheetQuery = pathsQuery.extend({
  format: z.enum(['xlsx', 'csv'], { error: '格式只能是 xlsx 或 csv' }).default('xlsx'),
});

const coverage = z.object({
  /** How the e2e path spec was generated, and the events it leaves out with why. */
  kind: z.enum(pathKinds),
  covered: z.number().int(),
  total: z.number().int(),
  leftOut: z.array(z.object({ event: z.string(), label: z.string(), reason: z.string() })),
});

export const machineItem = z.object({
  /** The export name (settleInMachine) and the CLI's short name (settleIn). */
  name: z.string(),
  short: z.string(),
  title: z.string(),
  /** The module it belongs to, by its menu name (居住管理), or 控制台 for the shell's own. */
  home: z.string(),
  file: z.string(),
  states: z.number().int(),
  transitions: z.number().int(),
  coverage: coverage.nullable(),
});
export type MachineItem = z.infer<typeof machineItem>;
export const machinesAnswer = z.array(machineItem);

const point = z.object({ x: z.number(), y: z.number() });
export const drawnMachineAnswer = machineItem.extend({
  width: z.number(),
  height: z.number(),
  states: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      parent: z.string().nullable(),
      kind: z.enum(['atomic', 'compound', 'parallel', 'final']),
      initial: z.boolean(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
    }),
  ),
  transitions: z.array(
    z.object({
      id: z.string(),
      source: z.string(),
      target: z.string(),
      event: z.string(),
      label: z.string(),
      guard: z.string().nullable(),
      covered: z.boolean(),
      leftOut: z.string().nullable(),
      points: z.array(point),
      labelAt: point,
    }),
  ),
  /** Every event the machine takes, for 排除事件. */
  events: z.array(z.object({ type: z.string(), label: z.string() })),
});
export type DrawnMachineAnswer = z.infer<typeof drawnMachineAnswer>;

export const pathsAnswer = z.object({
  kind: z.enum(pathKinds),
  paths: z.array(
    z.object({
      target: z.string(),
      /** The state ids the path passes, and the transition ids it takes (the diagram highlights them). */
      states: z.array(z.string()),
      transitions: z.array(z.string()),
      steps: z.array(z.object({ state: z.string(), event: z.string(), eventLabel: z.string() })),
      final: z.string(),
    }),
  ),
  /** The test-case sheet as `npm run paths -- … --format csv` writes it: a header, then a row per step. */
  rows: z.array(z.array(z.string())),
});
export type PathsAnswer = z.infer<typeof pathsAnswer>;
