import type { MenuSeed } from './module.js';

/**
 * The roles a home starts from (issue #37 point 8, docs/decisions.md "Role presets"). Each names
 * the menu entries its job needs: a code given brings its whole branch (screens and buttons under
 * it) and the groups above it; `without` then takes codes (and their branches) out again. The
 * 工作台 is everyone's and is not an authority (the console puts it first in every menu).
 */
export interface RolePreset {
  name: string;
  remark: string;
  grant: readonly string[];
  without: readonly string[];
}

/** The messages every member of staff reads (我的消息、我的公告、待办事项、提醒事项). */
const MY_MESSAGES = [
  'administration:info/remind',
  'administration:msg/message',
  'administration:msg/notice',
  'administration:msg/todo',
];

/** Undoing money (作废、反结算、撤销结算) and voiding account trades: the finance office's. */
const MONEY_UNDO = [
  'expense:account:obsolete',
  'expense:bill:antiSettle',
  'expense:settle:revoke',
  'homecare:account:void',
];

/** What changes the billed care level (采纳建议, 修改护理等级): the head nurse's and the director's. */
const BILLED_LEVEL = ['careplan:assessment:adopt', 'live:archives:level'];

export const ROLE_PRESETS: readonly RolePreset[] = [
  {
    name: '院长',
    remark: '全院业务：查看与审批各部门工作（不含系统设置）',
    grant: [
      'homeGroup',
      'archives',
      'live',
      'yunmuIot',
      'expense',
      'homecare',
      'careplan',
      'baseData',
      'government',
      'education',
      'administration',
      'warehouse',
      'drug',
    ],
    without: ['live:archives:delete', 'live:archives:import', ...MONEY_UNDO],
  },
  {
    name: '前台接待',
    remark: '咨询、来访、入住办理、家属与合同、外出登记',
    grant: [
      'home:bedInfo',
      'live:consult',
      'live:visit',
      'live:archives',
      'live:live',
      'live:family',
      'live:contractDocument',
      'live:tempeleteDocument',
      'live:outing',
      'expense:receipt',
      ...MY_MESSAGES,
    ],
    without: ['live:archives:delete', 'live:archives:import', 'live:archives:level'],
  },
  {
    name: '护士长',
    remark: '护理计划与等级、评估采纳、外出审核、质量结案、排班与交接班',
    grant: [
      'careplan',
      'home:bedInfo',
      'live:archives',
      'live:outing',
      'live:outingAudit',
      'yunmuIot:alarmCenter',
      'yunmuIot:monitor',
      'yunmuIot:positioning',
      'shiftExchange',
      'adverseEvent',
      'complaint',
      'training',
      'attendance',
      'patrolManage',
      'patrolRecord',
      'drug',
      'education',
      'baseData:assessment',
      ...MY_MESSAGES,
    ],
    without: ['live:archives:add', 'live:archives:delete', 'live:archives:import', 'yunmuIot:alarmStats'],
  },
  {
    name: '护士',
    remark: '护理任务、体征、评估、用药、告警处理与交接班（本科室）',
    grant: [
      'careplan:tasks',
      'careplan:nursing',
      'careplan:record',
      'careplan:signs',
      'careplan:formsGroup',
      'careplan:assessment',
      'home:bedInfo',
      'live:archives',
      'live:outing',
      'yunmuIot:alarmCenter',
      'yunmuIot:monitor',
      'yunmuIot:elderPosition',
      'shiftExchange',
      'adverseEvent',
      'complaint',
      'drug:round',
      'drug:depositedList',
      'drug:stock',
      'drug:useList',
      'drug:drugGetList',
      'drug:stockRecord',
      'education:whole',
      ...MY_MESSAGES,
    ],
    without: [
      ...BILLED_LEVEL,
      'careplan:forms:configuration',
      'careplan:assessment:delete',
      'careplan:assessment:unbind',
      'live:archives:add',
      'live:archives:delete',
      'live:archives:import',
      'yunmuIot:alarmStats',
      'yunmuIot:callRecord:clean',
      'yunmuIot:alarm:delete',
      'yunmuIot:locateAlarm:delete',
      'adverseEvent:close',
      'adverseEvent:delete',
      'complaint:close',
      'complaint:delete',
    ],
  },
  {
    name: '护理员',
    remark: '执行护理任务、录入体征、告警响应（本科室）',
    grant: [
      'careplan:tasks',
      'careplan:record',
      'careplan:signs',
      'yunmuIot:allAlarms',
      'yunmuIot:alarm',
      'yunmuIot:callRecord',
      'yunmuIot:bedCards',
      'shiftExchange',
      'adverseEvent',
      ...MY_MESSAGES,
    ],
    without: [
      'yunmuIot:callRecord:clean',
      'yunmuIot:alarm:delete',
      'adverseEvent:close',
      'adverseEvent:delete',
      'adverseEvent:investigate',
      'shiftExchange:delete',
    ],
  },
  {
    name: '财务',
    remark: '账单、收款退款、作废与结算、财务报表',
    grant: ['expense', 'homecare:account', 'costOldman', 'live:archives', 'live:live', ...MY_MESSAGES],
    without: [
      'live:archives:add',
      'live:archives:edit',
      'live:archives:delete',
      'live:archives:import',
      'live:archives:level',
      'live:live:checkin',
      'live:live:change',
      'live:live:bed',
    ],
  },
  {
    name: '库管',
    remark: '仓库、物品与供应商、出入库、盘点',
    grant: ['warehouse', ...MY_MESSAGES],
    without: [],
  },
  {
    name: '监控值班员',
    remark: '告警中心、健康监测、定位与呼叫看板',
    grant: [
      'home:moreEcharts',
      'home:bedInfo',
      'yunmuIot:alarmCenter',
      'yunmuIot:monitor',
      'yunmuIot:positioning',
      'callboard',
      'shiftExchange',
      ...MY_MESSAGES,
    ],
    without: ['yunmuIot:fence:edit', 'yunmuIot:locateAlarmRule:edit', 'shiftExchange:delete'],
  },
  {
    name: '测试员',
    remark: '状态机与测试路径：状态图、测试路径与用例表（issue #41）',
    grant: ['systemSetting:testPaths', ...MY_MESSAGES],
    without: [],
  },
];

/** Codes of the presets that name no entry of the menu tree (a unit test keeps this empty). */
export function unknownPresetCodes(menus: readonly MenuSeed[]): string[] {
  const known = new Set<string>();
  const walk = (level: readonly MenuSeed[]) => {
    for (const m of level) {
      known.add(m.code);
      for (const b of m.buttons ?? []) known.add(b.code);
      walk(m.children ?? []);
    }
  };
  walk(menus);
  return ROLE_PRESETS.flatMap((p) => [...p.grant, ...p.without].filter((c) => !known.has(c)));
}

/** The authority codes a preset holds in a menu tree, in tree order. */
export function presetCodes(preset: RolePreset, menus: readonly MenuSeed[]): string[] {
  const granted = new Set<string>();
  const without = new Set(preset.without);
  const grantSet = new Set(preset.grant);
  // Returns whether anything in the branch was granted, so the groups above it are granted too.
  const walk = (level: readonly MenuSeed[], inherited: boolean): boolean => {
    let any = false;
    for (const m of level) {
      if (without.has(m.code)) continue;
      const whole = inherited || grantSet.has(m.code);
      let inside = false;
      for (const b of m.buttons ?? [])
        if (whole && !without.has(b.code)) {
          granted.add(b.code);
          inside = true;
        }
      if (walk(m.children ?? [], whole)) inside = true;
      if (whole || inside) {
        granted.add(m.code);
        any = true;
      }
    }
    return any;
  };
  walk(menus, false);
  const order: string[] = [];
  const collect = (level: readonly MenuSeed[]) => {
    for (const m of level) {
      if (granted.has(m.code)) order.push(m.code);
      for (const b of m.buttons ?? []) if (granted.has(b.code)) order.push(b.code);
      collect(m.children ?? []);
    }
  };
  collect(menus);
  return order;
}
