import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import {
  coverageOf,
  drawMachine,
  machineSize,
  replay,
  testableMachine,
  transitionIds,
} from '../../../machines/paths/describe.js';
import {
  bareEvents,
  eventName,
  type FoundMachine,
  findMachines,
  formatCsv,
  formatXlsx,
  generatePaths,
  sheetRows,
  withoutInvocations,
} from '../../../machines/paths/generate.js';
import { specPlans } from '../../../machines/paths/specPlans.js';
import { machineHomes } from '../../../machines/paths/titles.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route, SENT } from '../../../server/http/route.js';
import { noQuery, tableFile } from '../../../server/http/schemas.js';
import {
  drawnMachineAnswer,
  type MachineItem,
  machineParams,
  machinesAnswer,
  pathsAnswer,
  pathsQuery,
  sheetQuery,
  TestPathPaths,
} from '../api.js';

/** The machines, found once: the same modules the console and the server run. */
let machines: FoundMachine[] | null = null;
const all = () => {
  machines ??= findMachines();
  return machines;
};

function machineNamed(name: string): FoundMachine {
  const found = all().find((m) => m.short === name || m.name === name);
  if (!found) throw new ApiFailure(Code.notFound, `没有名为 ${name} 的状态机`);
  return found;
}

/** The machine's events a tester may leave out, refused by name when it has no such event. */
function leftOut(found: FoundMachine, without: string[]): string[] {
  const known = new Set(bareEvents(withoutInvocations(found.machine)).map((e) => e.type));
  const unknown = without.filter((type) => !known.has(type));
  if (unknown.length) throw new ApiFailure(Code.invalidInput, `${found.title}没有事件 ${unknown.join('、')}`);
  return without;
}

const items = new Map<string, MachineItem>();
/** The list's row of a machine: counts, and what its e2e path spec covers (computed once: machines do not change while the server runs). */
function itemOf(found: FoundMachine): MachineItem {
  const kept = items.get(found.name);
  if (kept) return kept;
  const plan = specPlans[found.short];
  const item: MachineItem = {
    name: found.name,
    short: found.short,
    title: found.title,
    home: machineHomes[found.name] ?? '控制台',
    file: found.file,
    ...machineSize(found),
    coverage: plan
      ? {
          kind: plan.kind,
          ...coverageOf(found, plan),
          leftOut: Object.entries(plan.without).map(([event, reason]) => ({
            event,
            label: eventName(found, { type: event }),
            reason,
          })),
        }
      : null,
  };
  items.set(found.name, item);
  return item;
}

/**
 * 状态机与测试路径 (issue #41): every call needs its own authority (systemSetting:testPaths), given to
 * 系统管理员 and the 测试员 preset. Reads only: the machines are code, not data.
 */
export function testPathRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: TestPathPaths.machines,
      auth: Authority.testPaths,
      query: noQuery,
      summary: '状态机列表（名称、所属模块、状态与转换数、端到端覆盖）',
      response: machinesAnswer,
      async handler() {
        return all().map(itemOf);
      },
    }),
    route({
      method: 'GET',
      url: TestPathPaths.machine,
      auth: Authority.testPaths,
      params: machineParams,
      query: noQuery,
      summary: '状态机图：状态与转换的布局、守卫与端到端覆盖',
      response: drawnMachineAnswer,
      async handler({ params }) {
        const found = machineNamed(params.machine);
        const drawn = drawMachine(found, specPlans[found.short]);
        const events = bareEvents(withoutInvocations(found.machine)).map((e) => ({
          type: e.type,
          label: eventName(found, e),
        }));
        return { ...itemOf(found), ...drawn, events };
      },
    }),
    route({
      method: 'GET',
      url: TestPathPaths.paths,
      auth: Authority.testPaths,
      params: machineParams,
      query: pathsQuery,
      summary: '状态机的测试路径与用例表（与 npm run paths 同一生成器）',
      response: pathsAnswer,
      async handler({ params, query }) {
        const found = machineNamed(params.machine);
        const paths = generatePaths(found, query.kind, leftOut(found, query.without));
        const machine = testableMachine(found);
        const ids = transitionIds(machine);
        return {
          kind: query.kind,
          paths: paths.map((p) => {
            const walked = replay(found, machine, p);
            return {
              target: p.target,
              states: walked.states,
              transitions: walked.taken.map((d) => ids.get(d) ?? ''),
              steps: p.steps.map((s) => ({
                state: s.state,
                event: s.event.type,
                eventLabel: eventName(found, s.event),
              })),
              final: p.final.state,
            };
          }),
          rows: sheetRows(found, paths),
        };
      },
    }),
    route({
      method: 'GET',
      url: TestPathPaths.sheet,
      auth: Authority.testPaths,
      params: machineParams,
      query: sheetQuery,
      summary: '下载测试用例表（.xlsx 或 .csv，与 npm run paths --format xlsx|csv 相同）',
      response: tableFile,
      async handler({ params, query, reply }) {
        const found = machineNamed(params.machine);
        const rows = sheetRows(found, generatePaths(found, query.kind, leftOut(found, query.without)));
        const file =
          query.format === 'csv' ? Buffer.from(formatCsv(rows), 'utf8') : await formatXlsx(found, rows);
        const name = encodeURIComponent(`${found.title}测试用例_${query.kind}.${query.format}`);
        reply.header('content-disposition', `attachment; filename*=UTF-8''${name}`);
        reply.header('content-length', file.byteLength);
        reply.type(
          query.format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
        await reply.send(file);
        return SENT;
      },
    }),
  ];
}
