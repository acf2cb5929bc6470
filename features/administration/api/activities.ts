import { z } from 'zod';

/**
 * Spec 001 §7 "Activities": piActivity, piActivityRegister and piActivitySign. The spec writes
 * no prefix; they sit under /pims/web-pi like the neighbouring photo albums (docs/decisions.md
 * "Administration: activities").
 */
const PI = '/pims/web-pi';
export const ActivityPaths = {
  activities: `${PI}/piActivity`,
  activity: `${PI}/piActivity/:id`,
  /** Spec 001 spells it cancle; the activity goes in the body. */
  cancel: `${PI}/piActivity/cancle`,
  statistic: `${PI}/piActivity/statistic`,
  /** GET: every registration; PUT: registers an elder. */
  registers: `${PI}/piActivityRegister`,
  /** One activity with its places. */
  registerSummary: `${PI}/piActivityRegister/:id`,
  /**
   * PUT: cancels an elder's registration before the start (our path, the spec names none: issue #42
   * point 6); the body names the activity and the elder, as 报名 does.
   */
  unregister: `${PI}/piActivityRegister/cancel`,
  /** The registered elders of one activity. */
  registersOf: `${PI}/piActivityRegister/registers/:id`,
  /** Every registration with its sign-in and sign-out. */
  signs: `${PI}/piActivitySign`,
  /** One activity with its sign figures. */
  signSummary: `${PI}/piActivitySign/:id`,
  signIn: `${PI}/piActivitySign/signIn`,
  signOut: `${PI}/piActivitySign/signOut`,
} as const;

/** Authority codes of the activity screens (spec 000 §6 style: screen:button). */
export const ActivityAuthority = {
  activity: 'administration:activity',
  add: 'administration:activity:add',
  remove: 'administration:activity:delete',
  cancel: 'administration:activity:cancel',
  statistics: 'administration:activityStatistics',
  register: 'administration:activityRegister',
  registerAdd: 'administration:activityRegister:add',
  sign: 'administration:activitySign',
  signDo: 'administration:activitySign:sign',
} as const;

/** Most places an activity may offer. */
export const MAX_CAPACITY = 500;

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label}无效` })
    .int(`${label}无效`)
    .positive(`${label}无效`);

/** PUT piActivity/cancle. */
export const cancelBody = z.object({
  activityId: positiveId('活动'),
  cancelReason: z.string().trim().max(200, '取消原因不能超过200个字').optional(),
});
/** PUT piActivityRegister, PUT piActivitySign/signIn and /signOut: one elder of one activity. */
export const elderOfActivityBody = z.object({ activityId: positiveId('活动'), oldmanId: positiveId('长者') });

export const activitySaved = z.object({ activityId: z.number().int() });
export const registerSaved = z.object({
  registerId: z.number().int(),
  registerCount: z.number().int(),
  placesLeft: z.number().int(),
});
export const signSaved = z.object({ registerId: z.number().int(), signStatus: z.number().int() });

/** An activity as the detail screens show it, with its figures. */
export const activitySummary = z.looseObject({
  activityId: z.number().int(),
  activityName: z.string(),
  activityState: z.number().int(),
  capacity: z.number().int(),
  registerCount: z.number().int(),
  placesLeft: z.number().int(),
  signInCount: z.number().int(),
  signOutCount: z.number().int(),
});
export type ActivitySummary = z.infer<typeof activitySummary>;

/** One registered elder (registers/{activityId}). */
export const registerRow = z.looseObject({
  registerId: z.number().int(),
  oldmanId: z.number().int(),
  oldmanName: z.string(),
  registerTime: z.string(),
  signStatus: z.number().int(),
});

/** GET piActivity/statistic: activities whose start falls in the period (default this year). */
export const statisticQuery = z.object({
  startTimeStart: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式应为YYYY-MM-DD')
    .optional(),
  startTimeEnd: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期格式应为YYYY-MM-DD')
    .optional(),
  activityType: z.string().max(8).optional(),
});
const figures = {
  activities: z.number().int(),
  registered: z.number().int(),
  signedIn: z.number().int(),
  signedOut: z.number().int(),
  /** Signed in of those registered to activities that have begun, percent with one decimal; null before any began. */
  attendanceRate: z.number().nullable(),
};
export const statisticAnswer = z.object({
  ...figures,
  cancelled: z.number().int(),
  byType: z.array(z.object({ activityType: z.string(), typeName: z.string(), ...figures })),
  byMonth: z.array(z.object({ month: z.string(), ...figures })),
});
export type ActivityStatistic = z.infer<typeof statisticAnswer>;

/** Percent with one decimal. */
export const rateOf = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
