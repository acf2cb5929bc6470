import { IotPaths as P } from '../../../domain/api/iot.js';
import { Authority as A } from '../../../domain/menus.js';
import type { FieldDef, FilterDef, ResourceDef } from '../../../domain/resource.js';

/**
 * What the devices left behind, as lists (spec 000 §7): alarm records of each source and nurse-call
 * records. The server reads them itself (features/iot/server/records.ts: times are epoch ms on the
 * wire, read here as local date-times) and the engine pages, filters, exports and answers them.
 * Records are written by the rules engine, never through these lists.
 */

const alarmFields = (typeDict: 'mattressRecordType' | 'locateAlarmType'): FieldDef[] => [
  { name: 'alarmTypeName', label: '告警类型', type: 'text', readOnly: true },
  { name: 'alarmType', label: '类型编码', type: 'dict', dict: typeDict, readOnly: true },
  { name: 'oldmanName', label: '长者', type: 'text', readOnly: true },
  { name: 'place', label: '位置', type: 'text', computed: true },
  { name: 'deviceName', label: '设备', type: 'text', readOnly: true },
  { name: 'content', label: '告警内容', type: 'textarea', readOnly: true },
  { name: 'count', label: '次数', type: 'int', readOnly: true },
  { name: 'firstAt', label: '首次告警', type: 'datetime', computed: true },
  { name: 'lastAt', label: '最近告警', type: 'datetime', computed: true },
  { name: 'status', label: '处理状态', type: 'dict', dict: 'alarmStatus', readOnly: true },
  // the list's 状态: 未确认 / 已确认 while open, then the status (alarmStateName)
  { name: 'stateName', label: '状态', type: 'text', computed: true },
  { name: 'ackName', label: '确认人', type: 'text', readOnly: true },
  { name: 'ackAt', label: '确认时间', type: 'datetime', computed: true },
  { name: 'handlerName', label: '处理人', type: 'text', readOnly: true },
  { name: 'handleAt', label: '处理时间', type: 'datetime', computed: true },
  { name: 'handleNote', label: '处理说明', type: 'textarea', readOnly: true },
];
const alarmFilters: FilterDef[] = [
  { field: 'status', kind: 'eq', label: '状态' },
  { field: 'alarmType', kind: 'eq', label: '告警类型' },
  { field: 'oldmanName', kind: 'like', label: '长者姓名' },
  // records open during the days chosen (from first to last alarm)
  { field: 'firstAt', kind: 'range', label: '告警日期' },
  // the records there were when page 1 was read (issue #19): later arrivals do not shift the pages
  { field: 'maxRecordId', kind: 'eq', label: '记录上限', hidden: true },
];
const alarmList = {
  table: 'alarmRecord',
  idField: 'recordId',
  nameField: 'alarmTypeName',
  columns: [
    'alarmTypeName',
    'oldmanName',
    'place',
    'count',
    'firstAt',
    'stateName',
    'ackAt',
    'handlerName',
    'handleAt',
    'handleNote',
  ],
  filters: alarmFilters,
  // open first, then the most severe and the oldest (features/iot/server/records.ts); or newest first
  defaultSort: { field: 'status', order: 'asc' },
  sortable: ['recordId'] as string[],
} as const;

/** GET /pims/web-org/alarmRecord: the mattress alarms (床垫告警 › 历史记录). */
export const mattressAlarmRecordResource: ResourceDef = {
  ...alarmList,
  name: 'mattressAlarmRecord',
  title: '床垫告警记录',
  fields: alarmFields('mattressRecordType'),
  filters: [...alarmFilters],
  columns: [...alarmList.columns],
  api: { list: P.mattressAlarms },
  authority: { view: A.iotAlarm },
};

/** GET /loms/web-lo/pnt/alarm/record: the positioning alarms (定位告警 › 历史记录). */
export const pntAlarmRecordResource: ResourceDef = {
  ...alarmList,
  name: 'pntAlarmRecord',
  title: '定位告警记录',
  fields: alarmFields('locateAlarmType'),
  filters: [...alarmFilters],
  columns: [...alarmList.columns],
  api: { list: P.pntAlarms },
  authority: { view: A.iotLocateAlarm },
};

const callFields: FieldDef[] = [
  { name: 'callAt', label: '呼叫时间', type: 'datetime', computed: true },
  { name: 'oldmanName', label: '长者', type: 'text', readOnly: true },
  { name: 'place', label: '位置', type: 'text', computed: true },
  { name: 'model', label: '设备型号', type: 'text', readOnly: true },
  { name: 'callStatus', label: '呼叫状态', type: 'dict', dict: 'r10CallStatus', readOnly: true },
  { name: 'responseText', label: '响应用时', type: 'text', computed: true },
  { name: 'clearAt', label: '清除时间', type: 'datetime', computed: true },
  // the one thing a user sets on a call (PUT /ecms/web-org/callrecords)
  { name: 'dealType', label: '处理类型', type: 'ref', ref: 'callDealType', required: true },
];
const callList = {
  title: '呼叫记录',
  table: 'callRecord',
  idField: 'callId',
  nameField: 'oldmanName',
  fields: callFields,
  columns: ['callAt', 'oldmanName', 'place', 'model', 'callStatus', 'responseText', 'clearAt', 'dealType'],
  filters: [
    { field: 'oldmanName', kind: 'like', label: '长者姓名' },
    { field: 'callStatus', kind: 'eq' },
    { field: 'callAt', kind: 'range', label: '呼叫日期' },
  ],
  // calls are numbered as they come: newest first (the server orders by call time)
  defaultSort: { field: 'callId', order: 'desc' },
  authority: { view: A.iotCallRecord, update: A.iotCallRecord },
} satisfies Omit<ResourceDef, 'name' | 'api'>;

/** Every call (GET, PUT /ecms/web-org/callrecords: the list, and a call's deal type). */
export const callRecordResource: ResourceDef = {
  ...callList,
  name: 'callRecord',
  api: { list: P.calls, update: P.calls },
};
/** Calls of the bedside units R6 and R7 (GET /ecms/web-ec/callrecords/r6r7). */
export const r6r7CallRecordResource: ResourceDef = {
  ...callList,
  name: 'r6r7CallRecord',
  title: 'R6/R7 呼叫记录',
  api: { list: P.r6r7Calls },
};
/** Calls of the A10 buttons (GET /ecms/web-ec/a10CallRecord). */
export const a10CallRecordResource: ResourceDef = {
  ...callList,
  name: 'a10CallRecord',
  title: 'A10 呼叫记录',
  api: { list: P.a10Calls },
};
