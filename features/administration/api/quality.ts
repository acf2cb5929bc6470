import { z } from 'zod';

/**
 * 护理质量 records (spec 001 §2 lists the shiftExchange, adverseEvent, complaint and training records
 * screens without calls): our own paths under /pims/web-org/quality (docs/decisions.md
 * "Administration: care-quality records (issue #15)").
 */
const Q = '/pims/web-org/quality';

export const QualityPaths = {
  /** 交接班: list/create/update, one, remove, 接班确认. */
  handover: `${Q}/handover`,
  handoverOne: `${Q}/handover/:id`,
  handoverRemove: `${Q}/handover/:ids`,
  handoverConfirm: `${Q}/handover/:id/confirm`,
  /** Who may be 接班人: staff with an enabled account (only the receiver confirms). */
  handoverReceivers: `${Q}/handover/receivers`,
  /**
   * What the shift hands over (issue #37): the shift now and the giver (or those of ?handoverId=),
   * the department's open alarms, abnormal vital signs, unfinished or refused care tasks, elders out.
   */
  handoverGather: `${Q}/handover/gather`,
  /** One gathered line into the elder's note (made, or appended to). */
  handoverTake: `${Q}/handover/:id/take`,
  /** 已知晓: the receiver acknowledges one elder's note. */
  handoverItemAck: `${Q}/handoverItem/:id/ack`,
  /** 交接班的长者交代 (one elder of one handover). */
  handoverItem: `${Q}/handoverItem`,
  handoverItemRemove: `${Q}/handoverItem/:ids`,
  /** 不良事件 and its workflow steps. */
  adverseEvent: `${Q}/adverseEvent`,
  adverseEventOne: `${Q}/adverseEvent/:id`,
  adverseEventRemove: `${Q}/adverseEvent/:ids`,
  adverseInvestigate: `${Q}/adverseEvent/:id/investigate`,
  adverseRectify: `${Q}/adverseEvent/:id/rectify`,
  adverseClose: `${Q}/adverseEvent/:id/close`,
  /** 不良事件的调查、整改与回访记录. */
  adverseFollow: `${Q}/adverseFollow`,
  adverseFollowRemove: `${Q}/adverseFollow/:ids`,
  /** 投诉 and its workflow steps. */
  complaint: `${Q}/complaint`,
  complaintOne: `${Q}/complaint/:id`,
  complaintRemove: `${Q}/complaint/:ids`,
  complaintHandle: `${Q}/complaint/:id/handle`,
  complaintReply: `${Q}/complaint/:id/reply`,
  complaintClose: `${Q}/complaint/:id/close`,
  /** Ours: a complaint's 处理记录, one row per step (受理, 开始处理, 答复, 办结), written by the steps. */
  complaintFollow: `${Q}/complaintFollow`,
  /** 培训记录 and its attendees. */
  training: `${Q}/training`,
  trainingOne: `${Q}/training/:id`,
  trainingRemove: `${Q}/training/:ids`,
  trainingAttendee: `${Q}/trainingAttendee`,
  trainingAttendeeRemove: `${Q}/trainingAttendee/:ids`,
} as const;

/** Authority codes (screen, screen:button) of the four screens. */
export const QualityAuthority = {
  handover: 'shiftExchange',
  handoverAdd: 'shiftExchange:add',
  handoverEdit: 'shiftExchange:edit',
  handoverDelete: 'shiftExchange:delete',
  handoverConfirm: 'shiftExchange:confirm',
  adverse: 'adverseEvent',
  adverseAdd: 'adverseEvent:add',
  adverseEdit: 'adverseEvent:edit',
  adverseDelete: 'adverseEvent:delete',
  /** 开始调查, 调查与整改记录, 提交原因分析与整改措施. */
  adverseInvestigate: 'adverseEvent:investigate',
  adverseClose: 'adverseEvent:close',
  complaint: 'complaint',
  complaintAdd: 'complaint:add',
  complaintEdit: 'complaint:edit',
  complaintDelete: 'complaint:delete',
  /** 开始处理, 答复. */
  complaintHandle: 'complaint:handle',
  complaintClose: 'complaint:close',
  training: 'training',
  trainingAdd: 'training:add',
  trainingEdit: 'training:edit',
  trainingDelete: 'training:delete',
} as const;

/** 伤害程度 (dictionary adverseSeverity) from which an event is serious: 重度伤害, 死亡. */
export const SERIOUS_SEVERITY = 4;
export const isSerious = (severity: unknown) => Number(severity) >= SERIOUS_SEVERITY;
/** The alarm a serious event raises in 告警中心 (source pnt, like 巡更异常). */
export const ADVERSE_ALARM_TYPE = 'adverse.serious';

/** 长者费用 (spec 001 §2 administration `cost/oldman`, no calls): a read view over the billing data. */
export const OldmanCostPaths = { list: '/pims/web-org/administration/oldmanCost' } as const;
export const OLDMAN_COST_AUTHORITY = 'costOldman';

/** One line 交接班 gathers for the shift (GET handover/gather). */
export const gatheredItem = z.object({
  kind: z.enum(['alarm', 'vital', 'task', 'outing']),
  oldmanId: z.number().int().nullable(),
  oldmanName: z.string().nullable(),
  bedName: z.string().nullable(),
  time: z.string(),
  text: z.string(),
});

/** What the shift gathered, with the shift itself (新增 starts from it). */
export const gatherAnswer = z.object({
  handoverDate: z.string(),
  fromShift: z.number().int(),
  toShift: z.number().int(),
  deptId: z.number().int(),
  handedBy: z.number().int().nullable(),
  from: z.string(),
  to: z.string(),
  alarms: z.array(gatheredItem),
  vitals: z.array(gatheredItem),
  tasks: z.array(gatheredItem),
  outings: z.array(gatheredItem),
});

export const gatherQuery = z.object({
  handoverId: z.coerce.number().int().positive().optional(),
  deptId: z.coerce.number().int().positive().optional(),
});

export type HandoverGather = z.infer<typeof gatherAnswer>;
export type GatheredLine = z.infer<typeof gatheredItem>;
