import { z } from 'zod';

/** Spec 001 §7 "Assessments" (/pims/web-pi/assessment) and the lookup path of spec 000 §7. */
const BASE = '/pims/web-pi/assessment';
export const AssessmentPaths = {
  list: BASE,
  one: `${BASE}/:assessmentId`,
  unbind: `${BASE}/unbind`,
  export: `${BASE}/export/:assessmentId`,
  issue: `${BASE}/getAssessmentIssue/:token`,
  /** Interim saves: 简易 `easy`, 2013 `submit`, 2023 `normal-2023/submit`, 增强版 `normal-2023-plus/submit`. */
  easy: `${BASE}/easy`,
  submit: `${BASE}/submit`,
  finalSubmit: `${BASE}/finalSubmit`,
  submit2023: `${BASE}/normal-2023/submit`,
  finalSubmit2023: `${BASE}/normal-2023/finalSubmit`,
  submit2023plus: `${BASE}/normal-2023-plus/submit`,
  /** `{token}`: a kind's interim save by its token (easy, normal, normal-2023, normal-2023-plus). */
  byToken: `${BASE}/:token`,
  /** Ours: the final submit of a kind the spec names no path for (easy, normal-2023-plus). */
  finalByToken: `${BASE}/:token/finalSubmit`,
  /**
   * Ours: 采纳建议. GET what adopting would change (the elder's levels now and suggested, the earliest
   * day it may take effect, or why it cannot be adopted); PUT adopts it from a day.
   */
  adoptPreview: `${BASE}/adopt/:assessmentId`,
  adopt: `${BASE}/adopt`,
  /** Spec 000 §7 reads the causes here; spec 001 §7 at assessmentCausle. */
  causeAlias: `${BASE}/getIssueValue/assessmentCausle`,
} as const;

export const assessmentPath = (path: string, values: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, k: string) => String(values[k] ?? `:${k}`));

/** The body of an interim save or a final submit: a new record (no id) or the draft's id. */
export const assessmentBody = z.object({
  assessmentId: z.coerce.number({ error: '评估编号无效' }).int().positive('评估编号无效').optional(),
  oldmanId: z.coerce.number({ error: '请选择长者' }).int('请选择长者').positive('请选择长者'),
  causeId: z.coerce.number({ error: '请选择评估原因' }).int('请选择评估原因').positive('请选择评估原因'),
  assessDate: z
    .string({ error: '请填写评估日期' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, '评估日期格式应为YYYY-MM-DD'),
  answers: z.record(
    z.string().max(20, '评估项编号无效'),
    z.number({ error: '评估答案必须是数字' }).int('评估答案必须是整数'),
    { error: '评估答案无效' },
  ),
  remark: z.string().trim().max(200, '评估意见不能超过200个字').optional(),
});
export type AssessmentBody = z.output<typeof assessmentBody>;

/** PUT /{assessmentId}: a draft's base facts (the answers change through the saves). */
export const assessmentEditBody = assessmentBody.pick({ causeId: true, assessDate: true, remark: true });

export const unbindBody = z.object({
  assessmentId: z.coerce.number({ error: '评估编号无效' }).int().positive('评估编号无效'),
});

const day = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为YYYY-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label}不是有效的日期`);

/** PUT adopt: the submitted assessment whose suggestion becomes the elder's level, from which day. */
export const adoptBody = z.object({
  assessmentId: z.coerce.number({ error: '评估编号无效' }).int().positive('评估编号无效'),
  effectiveDate: day('生效日期'),
});

/** A profile's two levels: 护理等级 (a care level's name) and 能力等级 (dictionary selfCareAbility). */
const levels = z.object({ nursingLevel: z.string(), selfCareAbility: z.number().int().nullable() });

/** GET adopt/{assessmentId}: what 采纳建议 would change, and from when it may. */
export const adoptPreview = z.object({
  assessmentId: z.number().int(),
  oldmanId: z.number().int(),
  oldmanName: z.string(),
  scaleName: z.string(),
  assessDate: z.string(),
  gradeName: z.string().nullable(),
  /** The elder's levels now, and what the assessment suggests. */
  current: levels,
  suggested: levels,
  /** The first and last day it may take effect (the last is today); null when it cannot be adopted. */
  earliestDate: z.string().nullable(),
  latestDate: z.string(),
  /** Why it cannot be adopted (already adopted, a newer assessment, a screening…); null when it can. */
  refusal: z.string().nullable(),
});
export type AdoptPreview = z.infer<typeof adoptPreview>;

/** PUT adopt: the elder's levels from the day on. */
export const adoptAnswer = z.object({
  assessmentId: z.number().int(),
  oldmanId: z.number().int(),
  effectiveDate: z.string(),
  nursingLevel: z.string(),
  selfCareAbility: z.number().int().nullable(),
});

export const tokenParams = z.object({
  token: z.enum(['easy', 'normal', 'normal-2023', 'normal-2023-plus'], { error: '评估类型无效' }),
});

const option = z.object({ value: z.number(), label: z.string() });
const item = z.object({
  code: z.string(),
  name: z.string(),
  desc: z.string().optional(),
  options: z.array(option),
});
/** getAssessmentIssue/{token}: the instrument as data. */
export const scaleAnswer = z.object({
  type: z.number().int(),
  token: z.string(),
  name: z.string(),
  standard: z.string(),
  maxScore: z.number().int(),
  levels: z.array(z.object({ code: z.number().int(), name: z.string() })),
  sections: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      scored: z.boolean(),
      lowerIsBetter: z.boolean().optional(),
      rule: z.string().optional(),
      items: z.array(item),
    }),
  ),
});

/** The grade the server computed, stored with a submitted record. */
export const gradeResult = z.object({
  total: z.number().int(),
  sections: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      score: z.number().int(),
      level: z.number().int().optional(),
    }),
  ),
  preliminary: z.number().int(),
  final: z.number().int(),
  reasons: z.array(z.string()),
});

/** What a save or a submit answers. */
export const savedAnswer = z.object({
  assessmentId: z.number().int(),
  status: z.number().int(),
  totalScore: z.number().int().nullable(),
  gradeName: z.string().nullable(),
  suggestLevelName: z.string().nullable(),
});

/** GET getIssueValue/assessmentCausle: the causes, every one (as the spec's lookup list reads them). */
export const assessCauseListAnswer = z.array(
  z.object({
    causeId: z.number().int(),
    causeName: z.string(),
    sort: z.number().nullable(),
    remark: z.string().nullable(),
  }),
);
