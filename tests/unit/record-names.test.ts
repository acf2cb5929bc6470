import { describe, expect, it } from 'vitest';
import { staticDictionaries } from '../../domain/dictionaries.js';
import {
  columnField,
  type FieldDef,
  isStaticDict,
  type ResourceDef,
  refNameKey,
} from '../../domain/resource.js';
import { signKindResource } from '../../features/care/resources/health.js';
import { nursingPlanItemResource } from '../../features/care/resources/planBase.js';
import { allResources } from '../../features/modules.js';
import type { Row } from '../../src/resource/format.js';
import { confirmQuestion, rowName } from '../../src/resource/recordName.js';

/**
 * Issue #36 point 9: a nurse was asked 确定删除计划护理项目“8”吗？ Every confirmation, and every
 * row's accessible name, calls a record what a person calls it. This walks every resource
 * definition of the project: the ones the server serves, and those only a screen draws from (the
 * definitions and lists of definitions the modules' resource files export).
 */
const exported = import.meta.glob<Record<string, unknown>>(
  [
    '../../features/*/resources/**/*.ts',
    '../../features/*/resources.ts',
    '../../features/*/module.ts',
    '../../domain/resources/*.ts',
  ],
  { eager: true },
);
const isDef = (v: unknown): v is ResourceDef =>
  typeof v === 'object' && v !== null && 'idField' in v && 'nameField' in v && 'fields' in v;
const defs = new Set<ResourceDef>(allResources);
for (const module of Object.values(exported))
  for (const value of Object.values(module))
    for (const v of Array.isArray(value) ? value : [value]) if (isDef(v)) defs.add(v);
for (const kind of ['bloodPressure', 'bloodSugar', 'temperature'] as const) defs.add(signKindResource(kind));
const every = [...defs].map((def) => [`${def.title}（${def.name}）`, def] as const);

/** Every id of the row, its own and its refs', is this one: a name that leaks an id shows it. */
const ID = 8;
const sample = (f: FieldDef): unknown => {
  switch (f.type) {
    case 'text':
    case 'textarea':
      return `${f.label}甲`;
    case 'int':
    case 'money':
    case 'ref':
      return ID;
    case 'bool':
      return 1;
    case 'dict':
      return f.dict && isStaticDict(f.dict) ? staticDictionaries[f.dict][0]?.value : 1;
    case 'date':
      return '2024-05-06';
    case 'datetime':
      return '2024-05-06 09:30:00';
    case 'idcard':
      return '110101194503070021';
    case 'phone':
      return '13912345670';
    case 'image':
      return '/files/a.png';
    case 'region':
      return '110101';
    case 'json':
      return {};
  }
};

/** A row as a list answers it: its fields (those `keep` keeps), each ref with its name beside the id. */
function realisticRow(def: ResourceDef, keep: (f: FieldDef) => boolean = () => true): Row {
  const row: Row = { [def.idField]: ID };
  for (const f of def.fields) {
    if (!keep(f)) continue;
    row[f.name] = sample(f);
    if (f.type === 'ref' || f.type === 'region') row[refNameKey(f.name)] = `${f.label}甲`;
  }
  // a name the list adds beside the fields (a parent's: the event a 结案 form is of)
  if (!columnField(def, def.nameField) && row[def.nameField] === undefined) row[def.nameField] = '名称甲';
  return row;
}

const isIdLike = (name: string) => name === '' || /^\d+$/.test(name);

describe('what a confirmation calls a record', () => {
  it('walks the definitions of every module', () => {
    expect(defs.size).toBeGreaterThan(allResources.length);
  });

  it.each(every)('%s is called by a name, not by its id', (_, def) => {
    const row = realisticRow(def);
    const name = rowName(def, row);
    expect(isIdLike(name), `${def.name}: “${name}”`).toBe(false);
    expect(confirmQuestion('删除', def, row)).toBe(`确定删除${def.title}“${name}”吗？`);
  });

  // what a record holds from the moment it is saved: its required fields and what the server fills
  /** Names the server fills though the form may leave them blank. */
  const filledByServer: Record<string, string> = {
    // features/live/server/consult.ts: the employee's name, or one typed; neither is refused
    interviewer: 'interviewerName',
  };
  const acted = every.filter(([, def]) => def.api.remove || def.actions?.length);
  it.each(acted)('%s, asked about with only what every record holds, is named', (_, def) => {
    const row = realisticRow(
      def,
      (f) => Boolean(f.required || f.readOnly || f.computed) || filledByServer[def.name] === f.name,
    );
    expect(isIdLike(rowName(def, row)), def.name).toBe(false);
  });

  it('asks about a plan item by its project', () => {
    const item = { itemId: 8, planId: 3, projectId: 5, projectName: '翻身拍背', frequencyType: 1 };
    expect(confirmQuestion('删除', nursingPlanItemResource, item)).toBe('确定删除计划护理项目“翻身拍背”吗？');
  });

  it('says 该… rather than an id when a row carries no name', () => {
    expect(confirmQuestion('删除', nursingPlanItemResource, { itemId: 8, projectId: 5 })).toBe(
      '确定删除该计划护理项目吗？',
    );
  });
});
