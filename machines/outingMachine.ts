import { and, assign, setup, transition } from 'xstate';
import { LiveAuthority } from '../domain/resources/oldman.js';
import { isOutStatus, OutStatus, type OutStatusCode, withSeconds } from '../domain/resources/outing.js';
import { outStatuses } from '../domain/resources/statuses.js';
import { can } from './can.js';

/** The fields of an outing the workflow reads and writes; times are 'YYYY-MM-DD HH:mm:ss'. */
export interface OutingFields {
  /** null before registration. */
  outStatus: OutStatusCode | null;
  expectedOutTime: string | null;
  expectedReturnTime: string | null;
  actualOutTime: string | null;
  actualReturnTime: string | null;
  postponeCount: number;
}

/** `auditRequired`: the organisation's 审核配置 (checkConfig.outingCheck) when the plan is made. */
export type OutingEvent =
  | { type: 'outing.register'; auditRequired: boolean; expectedOutTime: string; expectedReturnTime: string }
  | { type: 'outing.edit'; auditRequired: boolean; expectedOutTime: string; expectedReturnTime: string }
  | { type: 'outing.pass' }
  | { type: 'outing.decline' }
  | { type: 'outing.affirm'; at: string }
  | { type: 'outing.postpone'; expectedReturnTime: string }
  | { type: 'outing.cancel' }
  | { type: 'outing.return'; at: string };
export type OutingEventType = OutingEvent['type'];

/**
 * Each event's Chinese name (row buttons, dialog titles, history, refusals) and the authority that
 * may send it; a step's dialog confirms with `confirm` (the step said as an action — not 确定 + its
 * name, 确定确认外出) and reports `done`.
 */
export const outingEvents: Record<
  OutingEventType,
  { label: string; authority: string; confirm: string; done: string }
> = {
  'outing.register': {
    label: '登记外出',
    authority: LiveAuthority.outingAdd,
    confirm: '保存',
    done: '已登记外出',
  },
  'outing.edit': { label: '编辑外出', authority: LiveAuthority.outingEdit, confirm: '保存', done: '已保存' },
  'outing.pass': {
    label: '审核通过',
    authority: LiveAuthority.outingAuditPass,
    confirm: '通过',
    done: '已审核通过',
  },
  'outing.decline': {
    label: '审核驳回',
    authority: LiveAuthority.outingAuditDecline,
    confirm: '驳回',
    done: '已驳回',
  },
  'outing.affirm': {
    label: '确认外出',
    authority: LiveAuthority.outingAffirm,
    confirm: '确认外出',
    done: '已确认外出',
  },
  'outing.postpone': {
    label: '延期',
    authority: LiveAuthority.outingPostpone,
    confirm: '确认延期',
    done: '已延期',
  },
  'outing.cancel': {
    label: '取消外出',
    authority: LiveAuthority.outingCancel,
    confirm: '取消外出',
    done: '外出登记已取消',
  },
  'outing.return': {
    label: '返院登记',
    authority: LiveAuthority.outingBack,
    confirm: '确认返院',
    done: '已登记返院',
  },
};
export const outingEventTypes = Object.keys(outingEvents) as OutingEventType[];

type Plan = Extract<OutingEvent, { type: 'outing.register' | 'outing.edit' }>;
const isPlan = (e: OutingEvent): e is Plan => e.type === 'outing.register' || e.type === 'outing.edit';
const planOf = (e: OutingEvent) =>
  isPlan(e) ? { expectedOutTime: e.expectedOutTime, expectedReturnTime: e.expectedReturnTime } : {};

/**
 * One outing of one elder (spec 001 §4 "Outing"; the order is ours, docs/decisions.md "Outings"):
 * 登记 → 待审核 (or straight to 待外出 when the home needs no audit) → 审核通过 → 待外出 →
 * 确认外出 → 外出中 (延期 any number of times) → 返院登记 → 已返院. 审核驳回 ends it (已驳回);
 * 取消 is possible until the elder has left (已取消). A plan edited after approval goes back to
 * 待审核 when the home audits outings. The console asks it which buttons a row shows; the server
 * checks each call with outingTransition before it writes.
 */
export const outingMachine = setup({
  types: {} as { context: OutingFields; events: OutingEvent; input: OutingFields },
  guards: {
    /** The plan returns after it leaves. */
    planInOrder: ({ event }) => isPlan(event) && event.expectedOutTime < event.expectedReturnTime,
    auditRequired: ({ event }) => isPlan(event) && event.auditRequired,
    /** Leaving after the planned return makes no sense: edit (or cancel) the plan first. */
    leavesBeforeReturn: ({ context, event }) =>
      event.type === 'outing.affirm' &&
      context.expectedReturnTime !== null &&
      event.at < context.expectedReturnTime,
    /** A postponement moves the return later, never earlier. */
    returnsLater: ({ context, event }) =>
      event.type === 'outing.postpone' &&
      context.expectedReturnTime !== null &&
      event.expectedReturnTime > context.expectedReturnTime &&
      (context.actualOutTime === null || event.expectedReturnTime > context.actualOutTime),
    backAfterLeaving: ({ context, event }) =>
      event.type === 'outing.return' && context.actualOutTime !== null && event.at >= context.actualOutTime,
  },
  actions: {
    plan: assign(({ event }) => planOf(event)),
    leave: assign(({ event }) => (event.type === 'outing.affirm' ? { actualOutTime: event.at } : {})),
    postpone: assign(({ context, event }) =>
      event.type === 'outing.postpone'
        ? { expectedReturnTime: event.expectedReturnTime, postponeCount: context.postponeCount + 1 }
        : {},
    ),
    comeBack: assign(({ event }) => (event.type === 'outing.return' ? { actualReturnTime: event.at } : {})),
  },
}).createMachine({
  id: 'outing',
  context: ({ input }) => ({ ...input }),
  initial: 'unregistered',
  states: {
    unregistered: {
      description: '未登记',
      on: {
        'outing.register': [
          { guard: and(['planInOrder', 'auditRequired']), target: 'pending', actions: 'plan' },
          { guard: 'planInOrder', target: 'approved', actions: 'plan' },
        ],
      },
    },
    pending: {
      description: outStatuses.labels.pending,
      entry: assign({ outStatus: OutStatus.pending }),
      on: {
        'outing.pass': { target: 'approved' },
        'outing.decline': { target: 'declined' },
        'outing.cancel': { target: 'cancelled' },
        'outing.edit': { guard: 'planInOrder', actions: 'plan' },
      },
    },
    approved: {
      description: outStatuses.labels.approved,
      entry: assign({ outStatus: OutStatus.approved }),
      on: {
        'outing.affirm': { guard: 'leavesBeforeReturn', target: 'out', actions: 'leave' },
        'outing.cancel': { target: 'cancelled' },
        'outing.edit': [
          { guard: and(['planInOrder', 'auditRequired']), target: 'pending', actions: 'plan' },
          { guard: 'planInOrder', actions: 'plan' },
        ],
      },
    },
    out: {
      description: outStatuses.labels.out,
      entry: assign({ outStatus: OutStatus.out }),
      on: {
        'outing.postpone': { guard: 'returnsLater', actions: 'postpone' },
        'outing.return': { guard: 'backAfterLeaving', target: 'returned', actions: 'comeBack' },
      },
    },
    declined: {
      description: outStatuses.labels.declined,
      type: 'final',
      entry: assign({ outStatus: OutStatus.declined }),
    },
    returned: {
      description: outStatuses.labels.returned,
      type: 'final',
      entry: assign({ outStatus: OutStatus.returned }),
    },
    cancelled: {
      description: outStatuses.labels.cancelled,
      type: 'final',
      entry: assign({ outStatus: OutStatus.cancelled }),
    },
  },
});
export type OutingMachine = typeof outingMachine;

/** Each state's Chinese name, from the machine's own descriptions (the paths CLI prints them). */
export const outingStateLabels: Record<string, string> = Object.fromEntries(
  Object.entries(outingMachine.root.states).map(([key, node]) => [key, node.description ?? key]),
);

const timeOf = (v: unknown) => (v === null || v === undefined || v === '' ? null : withSeconds(String(v)));
/** The workflow fields of a stored row (server) or a listed one (console); null for an unknown status. */
export function outingFieldsOf(row: Record<string, unknown>): OutingFields | null {
  const status = Number(row.outStatus);
  if (!isOutStatus(status)) return null;
  return {
    outStatus: status,
    expectedOutTime: timeOf(row.expectedOutTime),
    expectedReturnTime: timeOf(row.expectedReturnTime),
    actualOutTime: timeOf(row.actualOutTime),
    actualReturnTime: timeOf(row.actualReturnTime),
    postponeCount: Number(row.postponeCount ?? 0),
  };
}

/** An outing not yet registered: what POST starts from. */
export const unregistered: OutingFields = {
  outStatus: null,
  expectedOutTime: null,
  expectedReturnTime: null,
  actualOutTime: null,
  actualReturnTime: null,
  postponeCount: 0,
};

/** The snapshot a stored outing is in. */
export function outingSnapshot(fields: OutingFields) {
  const value = fields.outStatus === null ? 'unregistered' : (outStatuses.keyOf(fields.outStatus) as string);
  return outingMachine.resolveState({ value, context: { ...fields } });
}

/** What a stored outing offers, in the machine's order (the dialog then asks for the details). */
export const offeredOutingEvents = (fields: OutingFields): OutingEventType[] => {
  const { value } = outingSnapshot(fields);
  return outingEventTypes.filter((type) => can(outingMachine, value, type));
};

const statusName = (fields: OutingFields) =>
  fields.outStatus === null ? '未登记' : outStatuses.labelOf(fields.outStatus);

/** Why the machine refuses an event it offers: the times given are out of order. */
const timeRefusal: Partial<Record<OutingEventType, string>> = {
  'outing.register': '预计返院时间须晚于预计外出时间',
  'outing.edit': '预计返院时间须晚于预计外出时间',
  'outing.affirm': '外出时间须早于预计返院时间，如需晚些外出请先修改预计返院时间',
  'outing.postpone': '新的预计返院时间须晚于原预计返院时间',
  'outing.return': '返院时间不能早于外出时间',
};

export type OutingResult = { ok: true; next: OutingFields } | { ok: false; reason: string };

/** The server's check (docs/architecture.md rule 2): the fields after the event, or why not in Chinese. */
export function outingTransition(fields: OutingFields, event: OutingEvent): OutingResult {
  const snapshot = outingSnapshot(fields);
  if (!snapshot.can(event)) {
    const offered = offeredOutingEvents(fields).includes(event.type);
    const reason = offered
      ? (timeRefusal[event.type] ?? '时间不正确')
      : `当前状态为${statusName(fields)}，不能${outingEvents[event.type].label}`;
    return { ok: false, reason };
  }
  const [next] = transition(outingMachine, snapshot, event);
  const { outStatus, expectedOutTime, expectedReturnTime, actualOutTime, actualReturnTime, postponeCount } =
    next.context;
  return {
    ok: true,
    next: { outStatus, expectedOutTime, expectedReturnTime, actualOutTime, actualReturnTime, postponeCount },
  };
}

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  planInOrder: '预计返回晚于外出',
  auditRequired: '需要审核',
  leavesBeforeReturn: '外出早于预计返回',
  returnsLater: '返回时间推后',
  backAfterLeaving: '返回不早于外出',
};
