import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { modules } from '../../features/modules.js';
import { drawMachine, guardLabel } from '../../machines/paths/describe.js';
import { findMachines } from '../../machines/paths/generate.js';
import { machineHomes } from '../../machines/paths/titles.js';

/**
 * Issue #41: what 状态机与测试路径 shows a tester is Chinese — a guarded transition names its guard by
 * the machine's `guardLabels`, not its code name — and every machine is listed under a module that is.
 */
const machines = findMachines();
const nodesOf = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(nodesOf),
];
const chinese = /^[\u4e00-\u9fa5「」]+$/;

describe('the machines as the testers’ screen names them', () => {
  it('labels every guard a machine defines in Chinese, and no guard it does not define', () => {
    for (const m of machines) {
      const defined = Object.keys(m.machine.implementations.guards);
      for (const name of defined) expect(m.guardLabels[name], `${m.name}: ${name}`).toMatch(chinese);
      // a module's labels serve its machines: each names a guard one of them defines
      const ofModule = machines.filter((other) => other.file === m.file);
      for (const name of Object.keys(m.guardLabels))
        expect(
          ofModule.some((other) => name in other.machine.implementations.guards),
          `${m.file}: ${name}`,
        ).toBe(true);
    }
  });

  it('draws each guarded transition with its guard’s Chinese name, combined guards read through', () => {
    let guarded = 0;
    for (const m of machines)
      for (const node of nodesOf(m.machine.root))
        for (const defs of node.transitions.values())
          for (const def of defs)
            if (def.guard) {
              guarded++;
              expect(guardLabel(m, def.guard), `${m.name}: ${node.id}`).toMatch(chinese);
            }
    expect(guarded).toBeGreaterThan(30);
    const broker = machines.find((m) => m.name === 'brokerConnectionMachine');
    if (!broker) throw new Error('no brokerConnectionMachine');
    const subscribed = drawMachine(broker, undefined)
      .transitions.filter((t) => t.event === 'broker.subscribed')
      .map((t) => t.label);
    expect(subscribed).toEqual([
      '订阅已确认 [确认属于本次连接且此前连接过]',
      '订阅已确认 [确认属于本次连接]',
    ]);
    const settleIn = machines.find((m) => m.name === 'settleInMachine');
    if (!settleIn) throw new Error('no settleInMachine');
    const next = drawMachine(settleIn, undefined).transitions.filter((t) => t.guard !== null);
    expect(next.length).toBeGreaterThan(0);
    for (const t of next) expect(t.label, t.id).toMatch(/ \[(已选长者|已选床位和入住日期)\]$/);
  });

  it('places every machine of the registry in a module of the menu, or in the console’s shell', () => {
    expect(Object.keys(machineHomes).sort()).toEqual(machines.map((m) => m.name).sort());
    const menus = new Set(modules.flatMap((m) => (m.menu ? [m.menu.name] : [])));
    for (const [machine, home] of Object.entries(machineHomes))
      expect(home === '控制台' || menus.has(home), `${machine}: ${home}`).toBe(true);
  });
});
