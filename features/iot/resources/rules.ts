import { z } from 'zod';
import { railPolygon } from '../../../domain/alarmRules.js';
import { IotPaths as P } from '../../../domain/api/iot.js';
import { Authority as A } from '../../../domain/menus.js';
import type { FieldDef, ResourceDef } from '../../../domain/resource.js';

/**
 * The rules engine's configuration as resources (spec 000 §7): mattress alarm rules, positioning
 * alarm rules and the rails (fences) they watch. Every change reloads the engine's rules
 * (features/iot/server/rules.ts); a rule's whole-record checks are domain/alarmRules.ts.
 */

const schedule: FieldDef[] = [
  { name: 'startTime', label: '开始时间', type: 'text', maxLength: 5, hint: 'HH:mm' },
  { name: 'endTime', label: '结束时间', type: 'text', maxLength: 5, hint: 'HH:mm，24:00 为当天结束' },
];
/** Read in one line by the server (domain/alarmRules.ts, domain/schedule.ts): listed and exported. */
const readable: FieldDef[] = [
  { name: 'alarmTypeName', label: '告警类型', type: 'text', computed: true },
  { name: 'condition', label: '触发条件', type: 'text', computed: true },
  { name: 'timeWindow', label: '生效时段', type: 'text', computed: true },
];

export const mattressAlarmRuleResource: ResourceDef = {
  name: 'mattressAlarmRule',
  title: '床垫告警规则',
  table: 'mattressAlarmRule',
  idField: 'ruleId',
  nameField: 'ruleName',
  fields: [
    { name: 'ruleName', label: '规则名称', type: 'text', required: true, maxLength: 32 },
    { name: 'alarmType', label: '告警类型', type: 'dict', dict: 'mattressAlarmType', required: true },
    { name: 'minValue', label: '下限', type: 'int', max: 250 },
    { name: 'maxValue', label: '上限', type: 'int', max: 250 },
    { name: 'durationSeconds', label: '持续秒数', type: 'int', max: 86_400 },
    ...schedule,
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200 },
    // switched by PUT …/ruleStatus only
    { name: 'status', label: '状态', type: 'dict', dict: 'alarmRuleStatus', readOnly: true },
    ...readable,
  ],
  columns: ['ruleName', 'alarmTypeName', 'condition', 'timeWindow', 'status'],
  filters: [
    { field: 'alarmType', kind: 'eq' },
    { field: 'status', kind: 'eq' },
  ],
  search: ['ruleName'],
  defaultSort: { field: 'alarmType', order: 'asc' },
  sortable: ['ruleName', 'updateTime'],
  api: {
    list: P.mattressRules,
    get: P.mattressRule,
    create: P.mattressRules,
    update: P.mattressRules,
    remove: P.mattressRule,
  },
  authority: {
    view: A.iotAlarmRules,
    create: A.iotAlarmRulesEdit,
    update: A.iotAlarmRulesEdit,
    remove: A.iotAlarmRulesEdit,
  },
};

export const pntAlarmRuleResource: ResourceDef = {
  name: 'pntAlarmRule',
  title: '定位告警规则',
  table: 'pntAlarmRule',
  idField: 'ruleId',
  nameField: 'ruleName',
  fields: [
    { name: 'ruleName', label: '规则名称', type: 'text', required: true, maxLength: 32 },
    { name: 'alarmType', label: '告警类型', type: 'dict', dict: 'locateAlarmType', required: true },
    { name: 'railId', label: '围栏', type: 'ref', ref: 'rail' },
    { name: 'railTrigger', label: '触发方式', type: 'text', maxLength: 5 },
    { name: 'threshold', label: '电量阈值', type: 'int', min: 1, max: 99 },
    ...schedule,
    { name: 'weekdays', label: '星期', type: 'text', maxLength: 13, hint: '1 为周一，如 1,2,3,4,5' },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200 },
    // switched by PUT …/rule/status only
    { name: 'status', label: '状态', type: 'dict', dict: 'ruleStatus', readOnly: true },
    ...readable,
    { name: 'days', label: '生效日', type: 'text', computed: true },
  ],
  columns: ['ruleName', 'alarmTypeName', 'condition', 'days', 'timeWindow', 'status'],
  filters: [
    { field: 'alarmType', kind: 'eq' },
    { field: 'status', kind: 'eq' },
  ],
  search: ['ruleName'],
  defaultSort: { field: 'ruleId', order: 'asc' },
  sortable: ['ruleName', 'alarmType', 'updateTime'],
  api: { list: P.pntRules, get: P.pntRule, create: P.pntRules, update: P.pntRules, remove: P.pntRule },
  authority: {
    view: A.iotLocateAlarmRule,
    create: A.iotLocateAlarmRuleEdit,
    update: A.iotLocateAlarmRuleEdit,
    remove: A.iotLocateAlarmRuleEdit,
  },
};

/** A rail: a polygon on one floor of a building, drawn on the fence screen's floor plan. */
export const railResource: ResourceDef = {
  name: 'rail',
  title: '围栏',
  table: 'rail',
  idField: 'railId',
  nameField: 'railName',
  fields: [
    { name: 'railName', label: '围栏名称', type: 'text', required: true, maxLength: 32 },
    { name: 'buildingId', label: '楼栋', type: 'ref', ref: 'building', required: true },
    { name: 'floorNo', label: '楼层', type: 'int', required: true, min: -9, max: 200 },
    { name: 'polygon', label: '围栏范围', type: 'json', schema: railPolygon, required: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200 },
  ],
  columns: ['railName', 'buildingId', 'floorNo', 'remark', 'updateTime'],
  filters: [
    { field: 'buildingId', kind: 'eq' },
    { field: 'floorNo', kind: 'eq' },
  ],
  defaultSort: { field: 'railId', order: 'asc' },
  // Rails are read by the fence editor, the live map and the rule form: every list is unpaged there.
  api: { list: P.railList, create: P.rails, update: P.rails, remove: P.rail },
  authority: {
    view: `${A.iotFence}|${A.iotPosition}|${A.iotLocateAlarmRule}`,
    create: A.iotFenceEdit,
    update: A.iotFenceEdit,
    remove: A.iotFenceEdit,
  },
};

/** PUT …/alarmRules/ruleStatus and …/alarm/rule/status: one rule on or off (each set's own codes). */
export const ruleStatusInput = z.object({
  ruleId: z.coerce.number({ error: '缺少规则编号' }).int('缺少规则编号').positive('缺少规则编号'),
  status: z.coerce
    .number({ error: '状态取值无效' })
    .int('状态取值无效')
    .refine((v) => v === 0 || v === 1, '状态取值无效'),
});
