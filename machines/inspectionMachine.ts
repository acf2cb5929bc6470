import { assign, setup } from 'xstate';
import {
  RecordStatus,
  type RecordStatusCode,
  recordStatuses,
  recordStatusNames,
} from '../domain/statuses/government.js';
import { defineWorkflow } from './workflow.js';

/**
 * An inspection record (a problem found by an inspection, spec 001 §7 "Government inspection"):
 * registered (待整改) → 下发整改 with a person and a deadline → rectifying (整改中) → 提交整改 with
 * photos → rectified (已整改); a deadline passed while rectifying → overdue (已逾期), which is still
 * rectified afterwards, late. docs/decisions.md "Government inspection".
 */
export interface InspectionFields {
  recordStatus: RecordStatusCode;
  rectifyUserName: string | null;
  rectifyDeadline: string | null;
  rectifyContent: string | null;
  rectifyPhotos: string[];
  rectifyTime: string | null;
  /** 1 once the deadline passed before the rectification was submitted. */
  overdue: number;
}

export type InspectionEvent =
  /** `today` is the home's day ('YYYY-MM-DD'): a deadline before it is refused. */
  | { type: 'inspection.assign'; rectifyUserName: string; rectifyDeadline: string; today: string }
  | { type: 'inspection.rectify'; rectifyContent: string; rectifyPhotos: string[]; at: string }
  /** Sent by the server's periodic check on the day after the deadline. */
  | { type: 'inspection.expire'; today: string };

export const inspectionEvents: Record<InspectionEvent['type'], { label: string }> = {
  'inspection.assign': { label: '下发整改' },
  'inspection.rectify': { label: '提交整改' },
  'inspection.expire': { label: '逾期' },
};

/** The recordStatus codes' labels (domain/statuses/government.ts). */
export const stateLabels: Record<string, string> = recordStatuses.labels;

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  deadlineAhead: '期限不早于今天',
  deadlinePassed: '已过整改期限',
  withPhotos: '附整改照片',
};

export const newInspectionRecord: InspectionFields = {
  recordStatus: RecordStatus.registered,
  rectifyUserName: null,
  rectifyDeadline: null,
  rectifyContent: null,
  rectifyPhotos: [],
  rectifyTime: null,
  overdue: 0,
};

export const inspectionMachine = setup({
  types: {} as { context: InspectionFields; events: InspectionEvent; input: InspectionFields },
  guards: {
    deadlineAhead: ({ event }) => event.type === 'inspection.assign' && event.rectifyDeadline >= event.today,
    deadlinePassed: ({ context, event }) =>
      event.type === 'inspection.expire' &&
      context.rectifyDeadline !== null &&
      event.today > context.rectifyDeadline,
    withPhotos: ({ event }) => event.type === 'inspection.rectify' && event.rectifyPhotos.length > 0,
  },
  actions: {
    assignRectification: assign(({ event }) =>
      event.type === 'inspection.assign'
        ? {
            recordStatus: RecordStatus.rectifying,
            rectifyUserName: event.rectifyUserName,
            rectifyDeadline: event.rectifyDeadline,
          }
        : {},
    ),
    recordRectification: assign(({ context, event }) =>
      event.type === 'inspection.rectify'
        ? {
            recordStatus: RecordStatus.rectified,
            rectifyContent: event.rectifyContent,
            rectifyPhotos: event.rectifyPhotos,
            rectifyTime: event.at,
            overdue: context.overdue === 1 || event.at.slice(0, 10) > String(context.rectifyDeadline) ? 1 : 0,
          }
        : {},
    ),
    markOverdue: assign({ recordStatus: RecordStatus.overdue, overdue: 1 }),
  },
}).createMachine({
  id: 'inspection',
  context: ({ input }) => input,
  initial: 'registered',
  states: {
    registered: {
      on: {
        'inspection.assign': {
          guard: 'deadlineAhead',
          target: 'rectifying',
          actions: 'assignRectification',
        },
      },
    },
    rectifying: {
      on: {
        'inspection.rectify': { guard: 'withPhotos', target: 'rectified', actions: 'recordRectification' },
        'inspection.expire': { guard: 'deadlinePassed', target: 'overdue', actions: 'markOverdue' },
      },
    },
    overdue: {
      on: {
        'inspection.rectify': { guard: 'withPhotos', target: 'rectified', actions: 'recordRectification' },
      },
    },
    rectified: { type: 'final' },
  },
});

const photosOf = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v.startsWith('[')) return (JSON.parse(v) as unknown[]).map(String);
  return [];
};

/** A stored record's machine fields. */
export const inspectionFieldsOf = (row: Record<string, unknown>): InspectionFields => ({
  recordStatus: (Number(row.recordStatus ?? RecordStatus.registered) as RecordStatusCode) || 1,
  rectifyUserName: (row.rectifyUserName as string | null) ?? null,
  rectifyDeadline: (row.rectifyDeadline as string | null) ?? null,
  rectifyContent: (row.rectifyContent as string | null) ?? null,
  rectifyPhotos: photosOf(row.rectifyPhotos),
  rectifyTime: (row.rectifyTime as string | null) ?? null,
  overdue: Number(row.overdue ?? 0),
});

/** The server's check and the console's greyed buttons (machines/workflow.ts). */
export const inspectionWorkflow = defineWorkflow({
  machine: inspectionMachine,
  stateOf: (row) => recordStatuses.keyOf(inspectionFieldsOf(row).recordStatus) ?? 'registered',
  contextOf: (row) => ({ ...inspectionFieldsOf(row) }),
  fieldsOf: (context) => ({ ...context }),
  stateName: (row) => recordStatusNames[inspectionFieldsOf(row).recordStatus] ?? '未知',
  initialFields: { recordStatus: RecordStatus.registered, overdue: 0 },
});
