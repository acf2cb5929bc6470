import { z } from 'zod';

/**
 * Spec 001 §7 "Drugs (/pims/web-org/drug)": dict, keep, keep/stock, keep/stock/record, take, use,
 * use/keep, use/useIds (issue #16, drugs per elder). The spec gives the paths, not the methods:
 * docs/decisions.md "Drugs: custody per elder" says what each one does.
 */
const DRUG = '/pims/web-org/drug';

export const DrugApi = {
  /** 药品目录: the institution's drugs (CRUD). */
  dict: `${DRUG}/dict`,
  dictOne: `${DRUG}/dict/:id`,
  /** GET: every drug unpaged, for choosing one. */
  dictNoPage: `${DRUG}/dict/noPage`,
  /** 代管药品: GET the custody records, POST one received from the family (代管登记). */
  keep: `${DRUG}/keep`,
  keepOne: `${DRUG}/keep/:id`,
  /** GET: what each elder has in custody, per drug (the sum over the open custody records). */
  keepStock: `${DRUG}/keep/stock`,
  /** GET: every movement of the custody ledger (received, dose, returned, destroyed). */
  keepStockRecord: `${DRUG}/keep/stock/record`,
  /** GET: proves every custody record's rest = the sum of its movements (our path). */
  keepReconcile: `${DRUG}/keep/stock/reconcile`,
  /** 取药 (退还家属 / 销毁): GET the take-outs, POST one. */
  take: `${DRUG}/take`,
  /** 用药记录: GET the doses, POST one dose from a custody record. */
  use: `${DRUG}/use`,
  /** GET ?oldmanId=: the elder's custody records that still hold units (what a dose may draw on). */
  useKeep: `${DRUG}/use/keep`,
  /** POST: one round of doses (several custody records) at once, all or none; answers the new useIds. */
  useIds: `${DRUG}/use/useIds`,
  /** 用药设置: the elder's medication schedule (CRUD; our path, the spec names the screen only). */
  set: `${DRUG}/set`,
  setOne: `${DRUG}/set/:id`,
  /** GET 今日用药: a day's due doses from 用药设置, per floor (ours: the spec has no medication round). */
  round: `${DRUG}/round`,
  /** PUT: one due dose given (服药, writes its 用药记录), refused (拒服) or held (暂停) with its reason. */
  roundDose: `${DRUG}/round/dose`,
} as const;

/** Authority codes (spec 000 §6 style: screen:button). */
export const DrugAuthority = {
  drugList: 'drug:drugList',
  deposited: 'drug:depositedList',
  keepAdd: 'drug:depositedList:add',
  use: 'drug:depositedList:use',
  take: 'drug:depositedList:take',
  set: 'drug:set',
  drugGet: 'drug:drugGetList',
  useList: 'drug:useList',
  stock: 'drug:stock',
  stockRecord: 'drug:stockRecord',
  /** 今日用药: the medication round of the user's departments. */
  round: 'drug:round',
  /** 服药 / 拒服 / 暂停 a due dose at the bedside. */
  roundDo: 'drug:round:do',
} as const;

/** keepType: the kind of a custody ledger movement (spec 001 §3 "drug: keepType"). */
export const KeepType = { receive: 1, use: 2, giveBack: 3, destroy: 4 } as const;
export const keepTypeNames: Record<number, string> = { 1: '接收登记', 2: '用药', 3: '退还家属', 4: '销毁' };

/** takeType: where a take-out goes. */
export const TakeType = { giveBack: 1, destroy: 2 } as const;

/** Most units one custody record, dose or take-out may hold. */
export const MAX_DRUG_QUANTITY = 10_000;
/** Most doses in one round (use/useIds). */
export const MAX_ROUND = 100;

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int(`${label}无效`)
    .positive(`请选择${label}`);

export const doseQuantity = z.coerce
  .number({ error: '用量必须是整数' })
  .int('用量必须是整数')
  .min(1, '用量至少为1')
  .max(MAX_DRUG_QUANTITY, `用量不能超过${MAX_DRUG_QUANTITY}`);

/** POST use/useIds: a round of doses, at most one per custody record. */
export const roundBody = z.object({
  doses: z
    .array(z.object({ keepId: positiveId('代管药品'), quantity: doseQuantity }), {
      error: '请选择要发放的药品',
    })
    .min(1, '请选择要发放的药品')
    .max(MAX_ROUND, `一次最多发放${MAX_ROUND}条`)
    .refine((ds) => new Set(ds.map((d) => d.keepId)).size === ds.length, '同一代管药品不能重复发放'),
  remark: z.string().trim().max(100, '备注不能超过100个字').optional(),
});
export type RoundBody = z.infer<typeof roundBody>;

export const roundAnswer = z.object({ useIds: z.number().int().array() });

/**
 * POST use: one dose, from 用药记录 › 新增 (the elder, then one of the elder's open custody records)
 * or from a custody record's 用药 (its keepId preset). The elder, when sent, must be the record's.
 */
export const useBody = z.object({
  oldmanId: positiveId('长者').optional(),
  keepId: positiveId('代管药品'),
  quantity: z
    .unknown()
    .refine((v) => v != null && String(v).trim() !== '', '请填写用量')
    .pipe(doseQuantity),
  useTime: z
    .string({ error: '用药时间格式不正确' })
    .trim()
    .regex(/^$|^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, '用药时间格式不正确')
    .nullish(),
  remark: z.string({ error: '备注必须是文字' }).trim().max(100, '备注不能超过100个字').nullish(),
});
export type UseBody = z.infer<typeof useBody>;

/** The choice of one open custody record: 阿司匹林肠溶片（100mg×30片）现余24片，有效期至2027-10-01. */
export const keepChoiceLabel = (k: {
  drugName: string;
  drugSpec: string;
  restQuantity: number;
  unit: string;
  expiryDate: string;
}) =>
  `${k.drugName}${k.drugSpec ? `（${k.drugSpec}）` : ''} 现余${k.restQuantity}${k.unit}${k.expiryDate ? `，有效期至${k.expiryDate}` : ''}`;

export const useKeepQuery = z.object({ oldmanId: positiveId('长者') });

/** One open custody record as a choice for a dose. */
export const useKeepRow = z.object({
  keepId: z.number().int(),
  drugId: z.number().int(),
  drugName: z.string(),
  drugSpec: z.string(),
  unit: z.string(),
  restQuantity: z.number().int(),
  expiryDate: z.string(),
});

export const drugOption = z.object({
  drugId: z.number().int(),
  drugName: z.string(),
  drugSpec: z.string(),
  unit: z.string(),
});

export const keepReconcileAnswer = z.object({
  balanced: z.boolean(),
  checked: z.number().int(),
  mismatches: z.object({ keepId: z.number().int(), rest: z.number().int(), moved: z.number().int() }).array(),
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const roundDay = z.string({ error: '日期格式应为YYYY-MM-DD' }).regex(DAY, '日期格式应为YYYY-MM-DD');

/**
 * The times of the day a schedule without its own 服药时间 gives its doses at, by 每日次数 (the usual
 * ward times: 用药设置 may name its own).
 */
export const DEFAULT_DOSE_TIMES: Record<number, readonly string[]> = {
  1: ['08:00'],
  2: ['08:00', '18:00'],
  3: ['08:00', '12:00', '18:00'],
  4: ['08:00', '12:00', '16:00', '20:00'],
  5: ['06:00', '09:00', '12:00', '16:00', '20:00'],
  6: ['06:00', '09:00', '12:00', '15:00', '18:00', '21:00'],
};

/** A schedule's dose times: its own 服药时间, or the usual ones for its 每日次数. */
export function doseTimesOf(useTimes: string | null | undefined, timesPerDay: number): string[] {
  const own = String(useTimes ?? '')
    .split(/[,，、\s]+/)
    .filter(Boolean);
  return own.length ? own : [...(DEFAULT_DOSE_TIMES[timesPerDay] ?? DEFAULT_DOSE_TIMES[1] ?? [])];
}

/** GET round: the day (today when left out), one floor or one building. */
export const roundQuery = z.object({
  roundDate: roundDay.optional(),
  floorId: z.coerce.number({ error: '楼层无效' }).int().positive('楼层无效').optional(),
  buildingId: z.coerce.number({ error: '楼栋无效' }).int().positive('楼栋无效').optional(),
});

/** One due dose of the round as the nurse's screen shows it. */
export const roundDose = z.object({
  setId: z.number().int(),
  slot: z.string(),
  roundDate: z.string(),
  oldmanId: z.number().int(),
  oldmanName: z.string(),
  drugId: z.number().int(),
  drugName: z.string(),
  drugSpec: z.string(),
  unit: z.string(),
  /** 每次用量 of the schedule (what the dose should be). */
  dose: z.number().int(),
  /** What the elder has in usable custody of this drug now (open, not expired). */
  restQuantity: z.number().int(),
  doseState: z.number().int(),
  /** What was given (服药 only). */
  quantity: z.number().int().nullable(),
  /** 服药 of a quantity other than the schedule's 每次用量 (the setting's at the time). */
  differs: z.boolean(),
  plannedQuantity: z.number().int().nullable(),
  reason: z.string().nullable(),
  doneTime: z.string().nullable(),
  doneByName: z.string().nullable(),
  buildingId: z.number().int().nullable(),
  floorId: z.number().int().nullable(),
  floorName: z.string().nullable(),
  roomName: z.string().nullable(),
  bedName: z.string().nullable(),
});
export type RoundDose = z.infer<typeof roundDose>;

export const roundAnswerSchema = z.object({
  roundDate: z.string(),
  floors: z.array(
    z.object({
      floorId: z.number().int(),
      floorName: z.string(),
      buildingId: z.number().int().nullable(),
      pending: z.number().int(),
      total: z.number().int(),
    }),
  ),
  list: z.array(roundDose),
});
export type RoundAnswer = z.infer<typeof roundAnswerSchema>;

/** PUT round/dose: 服药 (with the quantity when it differs), 拒服 or 暂停 (each with its reason). */
export const roundDoseBody = z
  .object({
    setId: positiveId('用药设置'),
    roundDate: roundDay.optional(),
    slot: z.string({ error: '服药时间格式不正确' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, '服药时间格式不正确'),
    event: z.enum(['dose.give', 'dose.refuse', 'dose.hold'], { error: '操作无效' }),
    /** 服药 only: what was given, the schedule's 每次用量 when left out. */
    quantity: doseQuantity.optional(),
    reason: z.string({ error: '原因必须是文字' }).trim().max(100, '原因不能超过100个字').optional(),
    remark: z.string({ error: '备注必须是文字' }).trim().max(50, '备注不能超过50个字').optional(),
  })
  .refine((b) => b.event === 'dose.give' || Boolean(b.reason), {
    message: '请填写原因',
    path: ['reason'],
  })
  .refine((b) => b.event === 'dose.give' || b.quantity === undefined, {
    message: '拒服或暂停不能填写用量',
    path: ['quantity'],
  });
export type RoundDoseBody = z.infer<typeof roundDoseBody>;

export const roundDoseAnswer = z.object({
  doseId: z.number().int(),
  doseState: z.number().int(),
  useIds: z.number().int().array(),
  differs: z.boolean(),
  restQuantity: z.number().int(),
});
