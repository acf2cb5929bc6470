import { z } from 'zod';
import { Authority } from '../menus.js';
import { type FieldDef, fieldSchema, type ResourceDef } from '../resource.js';
import { LiveAuthority } from './oldman.js';
import { outStatuses } from './statuses.js';

/** Spec 001 §7 "Outings and visits": the registration calls and the audit calls. */
export const OUTING_BASE = '/pims/web-org/oldmanOut';
export const OUTING_AUDIT_BASE = '/pims/web-org/oldmanOutAudit';

/** The workflow calls of one outing (`:id` is the outId); `back` is ours (docs/decisions.md "Outings"). */
export const OutingPaths = {
  affirm: `${OUTING_BASE}/affirm/:id`,
  postpone: `${OUTING_BASE}/postpone/:id`,
  cancel: `${OUTING_BASE}/cancellation/:id`,
  back: `${OUTING_BASE}/back/:id`,
  pass: `${OUTING_AUDIT_BASE}/pass/:id`,
  decline: `${OUTING_AUDIT_BASE}/decline/:id`,
} as const;
export const outingPath = (path: string, outId: number) => path.replace(':id', String(outId));

/** outStatus values (dictionary outStatus; ./statuses.ts). */
export const OutStatus = outStatuses.code;
export type OutStatusCode = (typeof OutStatus)[keyof typeof OutStatus];
export const isOutStatus = (v: unknown): v is OutStatusCode => outStatuses.has(v);
/** An elder has at most one outing in these statuses (not yet back, declined or cancelled). */
export const openOutStatuses: readonly OutStatusCode[] = [
  OutStatus.pending,
  OutStatus.approved,
  OutStatus.out,
];

/** liveStatus values of the elders who may go out: 在住 (1) and 试住 (4). */
export const outgoingLiveStatuses = [1, 4] as const;

/**
 * Alarms that mean nothing while the elder is away from the home (docs/decisions.md "Outings"):
 * the mattress's out-of-bed alarm (type 1) and rail (fence) enter/exit alarms.
 */
export const alarmSuppressedWhileOut = (source: string, alarmType: string) =>
  (source === 'mattress' && alarmType === '1') || (source === 'pnt' && alarmType === 'railAlarm');

/** A typed datetime with seconds ('2026-03-01 09:30' → '2026-03-01 09:30:00'), so texts compare in order. */
export const withSeconds = (v: string) => (v.length === 16 ? `${v}:00` : v);

/** Out and not back after the expected return time: the overdue reminder and the 超时未返院 tag. */
export const isOverdue = (
  row: { outStatus?: unknown; expectedReturnTime?: unknown },
  nowLocal: string,
): boolean =>
  row.outStatus === OutStatus.out &&
  typeof row.expectedReturnTime === 'string' &&
  withSeconds(row.expectedReturnTime) < nowLocal;

const plan: FieldDef[] = [
  {
    name: 'oldmanId',
    label: '外出长者',
    type: 'ref',
    ref: 'oldman',
    required: true,
    hint: '在住或试住的长者',
  },
  { name: 'outReason', label: '外出事由', type: 'dict', dict: 'outReason', required: true },
  { name: 'outDesc', label: '事由说明', type: 'textarea', maxLength: 200, wide: true },
  { name: 'destination', label: '外出地点', type: 'text', required: true, maxLength: 100 },
  { name: 'expectedOutTime', label: '预计外出时间', type: 'datetime', required: true },
  { name: 'expectedReturnTime', label: '预计返院时间', type: 'datetime', required: true },
  { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
];

const companion: FieldDef[] = [
  { name: 'companionName', label: '陪同人', type: 'text', required: true, maxLength: 20 },
  { name: 'companionPhone', label: '陪同人电话', type: 'phone', required: true },
  { name: 'relation', label: '与长者关系', type: 'dict', dict: 'familyRelation' },
  { name: 'companionIdcard', label: '陪同人身份证号', type: 'idcard', hint: '选填' },
];

/** Set by the workflow calls only (readOnly): the engine never takes them from a form. */
const workflow: FieldDef[] = [
  { name: 'outStatus', label: '外出状态', type: 'dict', dict: 'outStatus', readOnly: true },
  { name: 'actualOutTime', label: '实际外出时间', type: 'datetime', readOnly: true },
  { name: 'actualReturnTime', label: '实际返院时间', type: 'datetime', readOnly: true },
  { name: 'postponeCount', label: '延期次数', type: 'int', readOnly: true },
  { name: 'returnRemark', label: '返院情况', type: 'textarea', maxLength: 200, readOnly: true, wide: true },
  { name: 'auditRequired', label: '需要审核', type: 'bool', readOnly: true, hidden: true },
  { name: 'auditUserName', label: '审核人', type: 'text', maxLength: 30, readOnly: true },
  { name: 'auditTime', label: '审核时间', type: 'datetime', readOnly: true },
  { name: 'auditOpinion', label: '审核意见', type: 'textarea', maxLength: 200, readOnly: true, wide: true },
];

const inSection = (section: string, fields: FieldDef[]) => fields.map((f) => ({ ...f, section }));

/** 外出登记 (/live/Outing/register): one outing of one elder, from registration to return. */
export const outingResource: ResourceDef = {
  name: 'outing',
  title: '外出登记',
  table: 'oldmanOut',
  idField: 'outId',
  nameField: 'oldmanName',
  fields: [
    ...inSection('plan', plan),
    ...inSection('companion', companion),
    ...inSection('workflow', workflow),
  ],
  sections: [
    { key: 'plan', title: '外出信息' },
    { key: 'companion', title: '陪同人信息' },
    { key: 'workflow', title: '审核与返院' },
  ],
  columns: [
    'oldmanId',
    'outStatus',
    'outReason',
    'destination',
    'expectedOutTime',
    'expectedReturnTime',
    'companionName',
    'companionPhone',
    'actualOutTime',
    'actualReturnTime',
  ],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'outStatus', kind: 'eq' },
    { field: 'outReason', kind: 'eq' },
    { field: 'expectedOutTime', kind: 'range', label: '外出日期' },
  ],
  search: ['companionName', 'companionPhone', 'destination'],
  defaultSort: { field: 'outId', order: 'desc' },
  sortable: ['expectedOutTime', 'expectedReturnTime', 'createTime'],
  api: {
    list: OUTING_BASE,
    get: `${OUTING_BASE}/:id`,
    create: OUTING_BASE,
    update: `${OUTING_BASE}/:id`,
  },
  authority: {
    view: LiveAuthority.outing,
    create: LiveAuthority.outingAdd,
    update: LiveAuthority.outingEdit,
  },
  deptScoped: true,
};

/**
 * 外出审核 (/live/Outing/audit): the same records seen from the audit queue, only those that
 * need an audit; not in allResources (the table is outingResource's).
 */
export const outingAuditResource: ResourceDef = {
  ...outingResource,
  name: 'outingAudit',
  title: '外出审核',
  columns: [
    'oldmanId',
    'outStatus',
    'outReason',
    'destination',
    'expectedOutTime',
    'expectedReturnTime',
    'companionName',
    'auditUserName',
    'auditTime',
  ],
  api: { list: OUTING_AUDIT_BASE, get: `${OUTING_AUDIT_BASE}/:id` },
  authority: { view: LiveAuthority.outingAudit },
};

const f = (name: string) => outingResource.fields.find((x) => x.name === name) as FieldDef;
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string({ error: `${label}必须是文字` })
      .trim()
      .max(max, `${label}不能超过${max}个字`)
      .optional(),
  );
const optionalTime = (label: string) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    (fieldSchema({ name: 'time', label, type: 'datetime' }) as z.ZodType<string>).optional(),
  );
const requiredTime = (label: string) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .unknown()
      .refine((v) => v !== undefined, `请填写${label}`)
      .pipe(
        fieldSchema({ name: 'time', label, type: 'datetime' }) as z.ZodType<
          string,
          object | string | number | null
        >,
      ),
  );

/** Bodies of the workflow calls; a time left out is the moment of the call. */
export const affirmSchema = z.object({
  actualOutTime: optionalTime(f('actualOutTime').label),
  note: optionalText('备注', 200),
});
export const postponeSchema = z.object({
  expectedReturnTime: requiredTime('新的预计返院时间'),
  reason: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string({ error: '请填写延期原因' }).trim().min(1, '请填写延期原因').max(200, '延期原因不能超过200个字'),
  ),
});
export const cancelSchema = z.object({ reason: optionalText('取消原因', 200) });
export const backSchema = z.object({
  actualReturnTime: optionalTime(f('actualReturnTime').label),
  returnRemark: optionalText(f('returnRemark').label, 200),
});
export const passSchema = z.object({ auditOpinion: optionalText('审核意见', 200) });
export const declineSchema = z.object({
  auditOpinion: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: '驳回时请填写审核意见' })
      .trim()
      .min(1, '驳回时请填写审核意见')
      .max(200, '审核意见不能超过200个字'),
  ),
});

/** One row of an outing's history (GET …/{outId} answers them as `records`, oldest first). */
export interface OutingRecord {
  recordId: number;
  eventType: string;
  eventName: string;
  fromStatus: number | null;
  toStatus: number | null;
  expectedReturnTime: string | null;
  eventTime: string | null;
  note: string;
  userName: string;
  createTime: string;
}

/**
 * Who is told live that an elder left or came back (push `outing.presence`): those who see outings,
 * the position map or the mattress monitors (where 外出中 shows), in the elder's data department.
 */
export const OUTING_PRESENCE_AUDIENCE = [
  LiveAuthority.outing,
  Authority.iotPosition,
  Authority.iotFence,
  Authority.iotMonitor,
].join('|');

/** The overdue-reminder history row's event type (not an outingMachine event: nothing changes). */
export const OVERDUE_EVENT = 'overdue';
