import { describe, expect, it } from 'vitest';
import { allAuthorityCodes } from '../../../domain/module.js';
import { presetCodes, ROLE_PRESETS, unknownPresetCodes } from '../../../domain/rolePresets.js';
import { webMenus } from '../../../features/modules.js';

const codesOf = (name: string) => {
  const preset = ROLE_PRESETS.find((p) => p.name === name);
  if (!preset) throw new Error(name);
  return new Set(presetCodes(preset, webMenus));
};

describe('role presets (issue #37 point 8)', () => {
  it('name only codes of the menu tree', () => {
    expect(unknownPresetCodes(webMenus)).toEqual([]);
  });

  it('are the nine roles a home starts from', () => {
    expect(ROLE_PRESETS.map((p) => p.name)).toEqual([
      '院长',
      '前台接待',
      '护士长',
      '护士',
      '护理员',
      '财务',
      '库管',
      '监控值班员',
      '测试员',
    ]);
  });

  it('give the tester the state machines and test paths, and nothing of the residents', () => {
    const tester = codesOf('测试员');
    expect(tester.has('systemSetting:testPaths')).toBe(true);
    expect(tester.has('systemmanage')).toBe(true);
    expect(tester.has('systemSetting:logList')).toBe(false);
    expect(tester.has('live:archives')).toBe(false);
    expect(tester.has('expense')).toBe(false);
  });

  it('grant a branch with the groups above it, and take out what `without` names', () => {
    const nurse = codesOf('护士');
    expect(nurse.has('careplan')).toBe(true);
    expect(nurse.has('careplan:tasks:do')).toBe(true);
    expect(nurse.has('live')).toBe(true);
    expect(nurse.has('live:elder')).toBe(true);
    expect(nurse.has('live:archives')).toBe(true);
    expect(nurse.has('live:archives:level')).toBe(false);
    expect(nurse.has('careplan:assessment:adopt')).toBe(false);
    expect(nurse.has('live:consult')).toBe(false);
  });

  it('keep the nurse from billing, the warehouse and the billed level', () => {
    const nurse = codesOf('护士');
    for (const code of [
      'expense',
      'expense:bill:create',
      'expense:account:obsolete',
      'warehouse',
      'warehouse:sku:add',
    ])
      expect(nurse.has(code), code).toBe(false);
    expect(nurse.size).toBeLessThan(allAuthorityCodes(webMenus).length / 2);
  });

  it('give each job its own work and not the others’', () => {
    const finance = codesOf('财务');
    expect(finance.has('expense:bill:create')).toBe(true);
    expect(finance.has('expense:account:obsolete')).toBe(true);
    expect(finance.has('careplan')).toBe(false);
    const desk = codesOf('前台接待');
    expect(desk.has('live:consult:archive')).toBe(true);
    expect(desk.has('live:live:checkin')).toBe(true);
    expect(desk.has('expense:bill')).toBe(false);
    const keeper = codesOf('库管');
    expect(keeper.has('warehouse:stockIn:add')).toBe(true);
    expect(keeper.has('live')).toBe(false);
    const head = codesOf('护士长');
    expect(head.has('live:archives:level')).toBe(true);
    expect(head.has('careplan:assessment:adopt')).toBe(true);
    expect(head.has('adverseEvent:close')).toBe(true);
    const director = codesOf('院长');
    expect(director.has('systemmanage:users')).toBe(false);
    expect(director.has('expense:account:obsolete')).toBe(false);
  });
});
