import { z } from 'zod';

/**
 * 政府监管 (spec 001 §2 "Government, base /government"; §7 "Government inspection"): paths, screens,
 * authority codes and the checklist, shared by the console, the server and inspectionMachine.
 */
export const GovernmentPaths = {
  inspect: '/pims/web-pi/inspect/inspect',
  inspectOne: '/pims/web-pi/inspect/inspect/:id',
  /** The checklist an inspection is filled in by (docs/decisions.md "Government inspection"). */
  issue: '/pims/web-pi/inspect/inspect/issue',
  record: '/pims/web-pi/inspect/inspectRecord',
  recordOne: '/pims/web-pi/inspect/inspectRecord/:id',
  /** Photos of a problem and of its rectification. */
  file: '/spvs/web-sp/file',
} as const;

export const GovernmentScreens = {
  inspect: '/government/inspect',
  inspectAdd: '/government/inspectAdd',
  sixty: '/government/inspect/detail/sixty',
  register: '/government/inspect/detail/register',
  rectify: '/government/rectify',
} as const;

export const GovernmentAuthority = {
  group: 'government',
  inspect: 'government:inspect',
  inspectAdd: 'government:inspect:add',
  rectify: 'government:rectify',
  rectifyAssign: 'government:rectify:assign',
  rectifySubmit: 'government:rectify:submit',
} as const;

/** How many photos a problem or a rectification carries at most. */
export const MAX_PHOTOS = 6;
/** A stored upload's address (server/uploads.ts). */
const photoPath = z.string().regex(/^\/files\/[\w./-]+$/, '照片须为上传后的文件地址');
export const photoList = z.array(photoPath).max(MAX_PHOTOS, `照片最多${MAX_PHOTOS}张`);

/** One item of the checklist: its number (1…60), the GB 38600-2019 clause group, the text. */
export const checklistItem = z.object({
  itemNo: z.number().int(),
  category: z.string(),
  itemName: z.string(),
});
export type ChecklistItem = z.infer<typeof checklistItem>;

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字`);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) => z.string({ error: `请选择${label}` }).regex(DAY, `${label}格式应为YYYY-MM-DD`);

/** One item's result in a new inspection: passed, or a problem that is registered for rectification. */
export const itemResult = z.object({
  itemNo: z.coerce.number({ error: '检查项目无效' }).int('检查项目无效'),
  passed: z.boolean({ error: '请选择是否合格' }),
  problem: z.string().trim().max(300, '问题描述不能超过300个字').optional(),
  issuePhotos: photoList.optional(),
});

/** POST GovernmentPaths.inspect: the inspection and every checklist item's result. */
export const inspectBody = z.object({
  inspectDate: day('检查日期'),
  inspectUnit: text('检查单位', 50),
  inspectorName: text('检查人员', 50),
  remark: z.string().trim().max(500, '备注不能超过500个字').optional(),
  deptId: z.coerce.number().int().positive('请选择部门').optional(),
  results: z.array(itemResult).min(1, '请填写检查结果'),
});
export type InspectBody = z.infer<typeof inspectBody>;

/** A failed item needs its problem described: the one message of the console and the server. */
export const problemMissingMessage = (itemNo: number, itemName: string) =>
  `请填写第${itemNo}项“${itemName}”的问题描述`;

/**
 * What a new inspection's form must fix before it is sent (issue #42 point 4): the head's own checks
 * (inspectBody) under their fields, and each failed item without a problem under that item, in the
 * order of the page, so 保存 can bring the first one into view.
 */
export function inspectErrors(
  body: InspectBody,
  items: readonly { itemNo: number; itemName: string }[],
): { head: Record<string, string>; items: Record<number, string> } {
  const head: Record<string, string> = {};
  const checked = inspectBody.safeParse(body);
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0]);
      if (field !== 'results') head[field] ??= issue.message;
    }
  const names = new Map(items.map((i) => [i.itemNo, i.itemName]));
  const missing: Record<number, string> = {};
  for (const r of body.results)
    if (!r.passed && !r.problem?.trim())
      missing[r.itemNo] = problemMissingMessage(r.itemNo, names.get(r.itemNo) ?? '');
  return { head, items: missing };
}

/** PUT GovernmentPaths.recordOne: 下发整改 (with a deadline) or 提交整改 (with photos). */
export const recordEventBody = z.discriminatedUnion(
  'event',
  [
    z.object({
      event: z.literal('inspection.assign'),
      rectifyUserName: text('整改责任人', 30),
      rectifyDeadline: day('整改期限'),
    }),
    z.object({
      event: z.literal('inspection.rectify'),
      rectifyContent: text('整改情况', 500),
      rectifyPhotos: photoList.min(1, '请上传整改照片'),
    }),
  ],
  { error: '整改操作无效' },
);
export type RecordEventBody = z.infer<typeof recordEventBody>;

export const checklistAnswer = z.array(checklistItem);
export const inspectSaved = z.object({ inspectId: z.number().int(), issueCount: z.number().int() });
export const recordSaved = z.object({ inspectRecordId: z.number().int(), recordStatus: z.number().int() });
