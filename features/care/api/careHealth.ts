import { z } from 'zod';

/**
 * The calls of 护理计划's vital signs and meals (spec 001 §7 "Care configuration"), written once for
 * the server's routes and the console's requests, and the screens of that part (spec 001 §2
 * "Care plan", base /careplan).
 */
const SIGN = '/pims/web-yh/piOldmanSign';
const DISH = '/pims/web-org/piDish';
const PLAN = '/pims/web-org/piDishPlan';
const NEXT = '/pims/web-org/piDishPlanNext';

export const CareHealthPaths = {
  signs: SIGN,
  sign: `${SIGN}/:ids`,
  /** Ours: one elder's hand-entered signs beside the mattress telemetry (个人健康). */
  signSeries: `${SIGN}/series/:oldmanId`,
  /** Ours: 录入体征, several kinds of one elder at one time in one call (only the filled kinds). */
  signBatch: `${SIGN}/batch`,
  biometric: '/passport/web-rbac/biometric',
  dishes: DISH,
  dish: `${DISH}/:id`,
  dishCategorySort: '/pims/web-org/piDishCategory/sort',
  plans: PLAN,
  plan: `${PLAN}/:id`,
  /** A week's menu as days × time cycles (the 食谱详情 grid). */
  weekPlan: `${PLAN}/plans`,
  timeCycles: `${PLAN}/timeCycles`,
  entries: NEXT,
  entry: `${NEXT}/:id`,
  entrySort: `${NEXT}/sort`,
  /** Ours: the next week's plan, copied forward from this one. */
  copyForward: `${NEXT}/copy/:planId`,
} as const;

export const CareHealthScreens = {
  bloodPressure: '/careplan/bloodPressure',
  bloodOxygen: '/careplan/bloodOxygen',
  bloodSugar: '/careplan/bloodSugar',
  heartRate: '/careplan/heartRate',
  temperature: '/careplan/temperature',
  weight: '/careplan/weight',
  dish: '/careplan/dish',
  dishPlan: '/careplan/dishPlan',
  dishPlanUpdate: '/careplan/dishPlanUpdate',
  dishPlanDetail: '/careplan/dishPlanDetail',
  nursingForm: '/careplan/nursingForm',
  medicalForm: '/careplan/medicalForm',
  assessForm: '/careplan/assessForm',
  configuration: '/careplan/configuration',
  goodsOldman: '/careplan/goods/oldman',
} as const;

/** A kind of reading's screen (careplan:sign:bloodPressure) and its 录入 button (careplan:signEdit:…). */
export const signCode = (kind: string) => `careplan:sign:${kind}`;
export const signEditCode = (kind: string) => `careplan:signEdit:${kind}`;
const KINDS = ['bloodPressure', 'bloodOxygen', 'bloodSugar', 'heartRate', 'temperature', 'weight'];

export const CareHealthAuthority = {
  /** The gate of the records' calls: any of the five lists, any 录入 button; each reading then needs its own kind's code (features/care/server/health.ts). */
  signs: KINDS.map(signCode).join('|'),
  signsEdit: KINDS.map(signEditCode).join('|'),
  dish: 'careplan:dish',
  dishEdit: 'careplan:dish:edit',
  dishPlan: 'careplan:dishPlan',
  dishPlanEdit: 'careplan:dishPlan:edit',
  forms: 'careplan:forms',
} as const;

/** 体征类型 (dictionary signType). */
export const SignType = {
  bloodPressure: 1,
  bloodOxygen: 2,
  bloodSugar: 3,
  heartRate: 4,
  temperature: 5,
  /** kg, one decimal (issue #37 point 3: the archive's whole-kilogram field kept no history). */
  weight: 6,
} as const;
export type SignKind = keyof typeof SignType;
export const signKinds = Object.keys(SignType) as SignKind[];

/** A reading as the checks read it: the numbers of its kind. */
export interface SignReading {
  signType: number;
  systolic?: number | null;
  diastolic?: number | null;
  /** SpO2, %. */
  bloodOxygen?: number | null;
  /** mmol/L, one decimal, as text on the wire. */
  bloodSugar?: string | null;
  heartRate?: number | null;
  /** ℃, one decimal, as text on the wire. */
  temperature?: string | null;
  /** kg, one decimal, as text on the wire. */
  weight?: string | null;
}

const DECIMAL = /^\d{1,3}(\.\d)?$/;

/** A one-decimal text read as a number; null when it is not one. */
export const decimalOf = (text: string | null | undefined): number | null =>
  text != null && DECIMAL.test(text.trim()) ? Number(text.trim()) : null;

/**
 * Values no living person shows (docs/decisions.md "Care: vital signs and meals"): outside them the
 * reading is a typing or device error and is refused.
 */
export const SignLimits = {
  systolic: { min: 40, max: 300 },
  diastolic: { min: 20, max: 200 },
  bloodOxygen: { min: 50, max: 100 },
  bloodSugar: { min: 1.1, max: 33.3 },
  heartRate: { min: 20, max: 250 },
  temperature: { min: 34, max: 43 },
  weight: { min: 20, max: 200 },
} as const;

/** What is wrong with a reading, in Chinese; null when it is plausible. */
export function signProblem(r: SignReading): string | null {
  const range = (label: string, v: number, lim: { min: number; max: number }, unit: string) =>
    v < lim.min || v > lim.max
      ? `${label}${v}${unit}不在可能范围（${lim.min}–${lim.max}${unit}），请核对后重新录入`
      : null;
  switch (r.signType) {
    case SignType.bloodPressure: {
      if (r.systolic == null) return '请填写收缩压';
      if (r.diastolic == null) return '请填写舒张压';
      return (
        range('收缩压', r.systolic, SignLimits.systolic, 'mmHg') ??
        range('舒张压', r.diastolic, SignLimits.diastolic, 'mmHg') ??
        (r.diastolic >= r.systolic ? '舒张压应低于收缩压，请核对后重新录入' : null)
      );
    }
    case SignType.bloodOxygen:
      if (r.bloodOxygen == null) return '请填写血氧饱和度';
      return range('血氧饱和度', r.bloodOxygen, SignLimits.bloodOxygen, '%');
    case SignType.bloodSugar: {
      if (r.bloodSugar == null) return '请填写血糖';
      const v = decimalOf(r.bloodSugar);
      if (v === null) return '血糖应为数字，最多一位小数（如 5.6）';
      return range('血糖', v, SignLimits.bloodSugar, 'mmol/L');
    }
    case SignType.heartRate:
      if (r.heartRate == null) return '请填写心率';
      return range('心率', r.heartRate, SignLimits.heartRate, '次/分');
    case SignType.temperature: {
      if (r.temperature == null) return '请填写体温';
      const v = decimalOf(r.temperature);
      if (v === null) return '体温应为数字，最多一位小数（如 36.5）';
      return range('体温', v, SignLimits.temperature, '℃');
    }
    case SignType.weight: {
      if (r.weight == null) return '请填写体重';
      const v = decimalOf(r.weight);
      if (v === null) return '体重应为数字，最多一位小数（如 52.5）';
      return range('体重', v, SignLimits.weight, 'kg');
    }
    default:
      return '体征类型无效';
  }
}

/** Alarm thresholds (docs/decisions.md "Care: vital signs and meals"). */
export const SignAlarm = {
  systolicHigh: 180,
  diastolicHigh: 110,
  systolicLow: 90,
  bloodOxygenLow: 90,
  bloodSugarLow: 3.9,
  bloodSugarHigh: 16.7,
  heartRateLow: 50,
  heartRateHigh: 120,
  temperatureHigh: 38.5,
  temperatureLow: 35,
} as const;

/** Why a plausible reading calls for a nurse (the alarm's content); null when it is within thresholds. */
export function signAlarmText(r: SignReading): string | null {
  const A = SignAlarm;
  switch (r.signType) {
    case SignType.bloodPressure: {
      const s = r.systolic ?? 0;
      const d = r.diastolic ?? 0;
      if (s >= A.systolicHigh || d >= A.diastolicHigh)
        return `血压${s}/${d}mmHg，达到或超过${A.systolicHigh}/${A.diastolicHigh}mmHg`;
      if (s < A.systolicLow) return `血压${s}/${d}mmHg，收缩压低于${A.systolicLow}mmHg`;
      return null;
    }
    case SignType.bloodOxygen:
      return (r.bloodOxygen ?? 100) < A.bloodOxygenLow
        ? `血氧饱和度${r.bloodOxygen}%，低于${A.bloodOxygenLow}%`
        : null;
    case SignType.bloodSugar: {
      const v = decimalOf(r.bloodSugar) ?? 5;
      if (v < A.bloodSugarLow) return `血糖${v}mmol/L，低于${A.bloodSugarLow}mmol/L`;
      if (v >= A.bloodSugarHigh) return `血糖${v}mmol/L，达到或超过${A.bloodSugarHigh}mmol/L`;
      return null;
    }
    case SignType.heartRate: {
      const v = r.heartRate ?? 70;
      if (v < A.heartRateLow) return `心率${v}次/分，低于${A.heartRateLow}次/分`;
      if (v > A.heartRateHigh) return `心率${v}次/分，高于${A.heartRateHigh}次/分`;
      return null;
    }
    case SignType.temperature: {
      const v = decimalOf(r.temperature) ?? 36.5;
      if (v >= A.temperatureHigh) return `体温${v}℃，达到或超过${A.temperatureHigh}℃`;
      if (v < A.temperatureLow) return `体温${v}℃，低于${A.temperatureLow}℃`;
      return null;
    }
    default:
      return null;
  }
}

/** One hand-entered reading on the personal chart: its time and value(s). */
export const signPoint = z.object({
  measureTime: z.string(),
  signType: z.number().int(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  value: z.number().nullable(),
});
export const signSeriesAnswer = z.object({ list: z.array(signPoint) });
export const signSeriesQuery = z.object({
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式应为YYYY-MM-DD'),
  end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期格式应为YYYY-MM-DD'),
});

/** A time cycle of a day's meals, with its serving hours. */
export const timeCycle = z.object({
  timeCycle: z.number().int(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
});
export const timeCycles = [
  { timeCycle: 1, name: '早餐', start: '06:30', end: '08:00' },
  { timeCycle: 2, name: '上午加餐', start: '09:30', end: '10:00' },
  { timeCycle: 3, name: '午餐', start: '11:00', end: '12:30' },
  { timeCycle: 4, name: '下午加餐', start: '15:00', end: '15:30' },
  { timeCycle: 5, name: '晚餐', start: '17:00', end: '18:30' },
] as const;

/** A week's menu: each day with its time cycles' dishes, in their order. */
export const weekPlanAnswer = z.object({
  planId: z.number().int().nullable(),
  planName: z.string().nullable(),
  weekStart: z.string(),
  days: z.array(
    z.object({
      weekday: z.number().int(),
      date: z.string(),
      cycles: z.array(
        z.object({
          timeCycle: z.number().int(),
          name: z.string(),
          dishes: z.array(
            z.object({ nextId: z.number().int(), dishId: z.number().int(), dishName: z.string() }),
          ),
        }),
      ),
    }),
  ),
});
export type WeekPlan = z.output<typeof weekPlanAnswer>;
export const weekPlanQuery = z.object({
  planId: z.coerce.number({ error: '食谱编号无效' }).int().positive('食谱编号无效').optional(),
  weekStart: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '周开始日期格式应为YYYY-MM-DD')
    .optional(),
});

export const sortBody = (key: string, label: string) =>
  z.object({
    [key]: z
      .array(
        z.coerce
          .number({ error: `${label}无效` })
          .int()
          .positive(`${label}无效`),
      )
      .min(1, `请提供${label}顺序`)
      .max(1000, `${label}太多`),
  });

/** The Monday of the week a day falls in. */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

/** A day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const biometricAnswer = z.object({
  enabled: z.number().int(),
  methods: z.array(z.object({ code: z.string(), name: z.string(), enabled: z.number().int() })),
  note: z.string(),
});

/** The template types the care form screens are filled from (seeded with one template each). */
export const CareFormTypes = {
  nursing: '护理记录单',
  medical: '医疗记录单',
  assess: '评估表单',
  goods: '长者物品登记',
} as const;

/** 体征名称 of each kind, as the forms and the messages say it. */
export const signKindLabels: Record<SignKind, string> = {
  bloodPressure: '血压',
  bloodOxygen: '血氧',
  bloodSugar: '血糖',
  heartRate: '心率',
  temperature: '体温',
  weight: '体重',
};

/** The values each kind of reading carries (the first is the one that says the kind was filled). */
export const signKindValues: Record<SignKind, readonly string[]> = {
  bloodPressure: ['systolic', 'diastolic'],
  bloodOxygen: ['bloodOxygen'],
  bloodSugar: ['bloodSugar', 'glucoseTiming'],
  heartRate: ['heartRate'],
  temperature: ['temperature'],
  weight: ['weight'],
};

const wholeValue = (label: string) =>
  z.coerce
    .number({ error: `${label}应为整数` })
    .int(`${label}应为整数`)
    .nullable()
    .optional();
const decimalValue = (label: string) =>
  z
    .string({ error: `${label}应为数字` })
    .trim()
    .max(5, `${label}应为数字，最多一位小数`)
    .nullable()
    .optional();

/**
 * The values of one or more kinds measured at one time (录入体征, a measuring task's 完成): a kind is
 * entered when any of its values is; each entered kind is then checked by signProblem like a
 * reading of its own list.
 */
export const signValuesShape = {
  systolic: wholeValue('收缩压'),
  diastolic: wholeValue('舒张压'),
  bloodOxygen: wholeValue('血氧饱和度'),
  bloodSugar: decimalValue('血糖'),
  glucoseTiming: z.coerce.number().int().min(1).max(3).nullable().optional(),
  heartRate: wholeValue('心率'),
  temperature: decimalValue('体温'),
  weight: decimalValue('体重'),
};
export const signValues = z.object(signValuesShape);
export type SignValues = z.output<typeof signValues>;

/** The kinds whose values are filled in (an empty text counts as not filled). */
export function filledKinds(values: SignValues): SignKind[] {
  const filled = (name: string) => {
    const v = (values as Record<string, unknown>)[name];
    return v !== undefined && v !== null && v !== '';
  };
  return signKinds.filter((k) =>
    (signKindValues[k] as string[]).filter((n) => n !== 'glucoseTiming').some(filled),
  );
}

/** POST piOldmanSign/batch: one elder's readings of one time, several kinds at once. */
export const signBatchBody = z.object({
  oldmanId: z.coerce.number({ error: '请选择长者' }).int().positive('请选择长者'),
  measureTime: z
    .string({ error: '请填写测量时间' })
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, '测量时间格式应为YYYY-MM-DD HH:mm'),
  recorder: z.string().trim().max(20, '测量人不能超过20个字').nullable().optional(),
  remark: z.string().trim().max(100, '备注不能超过100个字').nullable().optional(),
  ...signValuesShape,
});
export const signBatchAnswer = z.object({ signIds: z.array(z.number().int()), abnormal: z.number().int() });

/**
 * The kind a care project measures, from its name (测量血压, 测体温, 血糖监测, 称体重 …): its task
 * asks for that value when done (issue #37 point 3). Null for a project that measures nothing.
 */
export function measuredKind(projectName: string | null | undefined): SignKind | null {
  const name = projectName ?? '';
  if (!/测|量|监测|称/.test(name)) return null;
  if (name.includes('血压')) return 'bloodPressure';
  if (name.includes('血氧')) return 'bloodOxygen';
  if (name.includes('血糖')) return 'bloodSugar';
  if (name.includes('体温')) return 'temperature';
  if (name.includes('体重')) return 'weight';
  if (name.includes('心率') || name.includes('脉搏')) return 'heartRate';
  return null;
}
