import { z } from 'zod';
import { bodySchema, pageSchema, rowSchema } from '../resource.js';
import {
  familyResource,
  OLDMAN_BASE,
  type OldmanSection,
  oldmanResource,
  PROFILE,
} from '../resources/oldman.js';

/**
 * The elder profile's calls beyond its CRUD (spec 001 §7 "Residence", §3 profile sections): their
 * paths, request and answer schemas, shared by the server and the console's 长者档案 screens.
 */
export const OldmanPaths = {
  /** GET one section of a profile (`:id` the oldmanId); PUT `sectionSave` saves it. */
  section: (s: OldmanSection) => `${PROFILE}/:id/${s}`,
  sectionSave: (s: OldmanSection) => `${PROFILE}/${s}`,
  whole: `${PROFILE}/:id/oldman`,
  family: `${PROFILE}/:id/family`,
  modifyRecord: `${PROFILE}/:id/modifyRecord`,
  liveRecord: `${PROFILE}/:id/liveRecord`,
  byIdCard: `${PROFILE}/getOldmanByIdCard/:idcard`,
  head: `${PROFILE}/:id/head`,
  importTemplate: `${PROFILE}/importTemplate`,
  import: `${PROFILE}/import`,
  files: `${OLDMAN_BASE}/file`,
  file: `${OLDMAN_BASE}/file/:id`,
  invite: `${PROFILE}/sendInvitationInfo`,
  invitations: `${PROFILE}/invitationFamily`,
  /** Spec 000 §3 "sales worker saleId/saleName". */
  sale: '/pims/web-pi/personnel/sale',
  /** Building → floor → room → bed of the user's data departments, each bed with its elder. */
  roomBed: '/pims/web-pi/common/org/roomBed',
  menus: '/pims/web-org/setting/oldmanMenus',
} as const;

const id = z.number().int();
const recordId = (label: string) =>
  z.coerce
    .number({ error: `${label}无效` })
    .int(`${label}无效`)
    .positive(`${label}无效`);

/** A profile (GET proFile/{id}/oldman) or one of its sections, with bed path and age. */
export const oldmanRow = rowSchema(oldmanResource);
export const oldmanSaved = z.object({ oldmanId: id });
/** GET proFile/{id}/family, live/{oldmanId}/family. */
export const familyRows = z.array(rowSchema(familyResource));

const familyMember = bodySchema(familyResource, 'create');
const familyId = recordId('家属');
/**
 * PUT proFile/{id}/family (spec 001 §3's family section saved like the others): the elder's family
 * members, whole — one with familyId is that member changed, one without is added, a member left out
 * is removed. A row as GET answers it may be sent back: its other columns are dropped, and the
 * department is the elder's (familyHooks), never the caller's.
 */
export const familySetBody = z
  .array(
    familyMember
      .omit({ deptId: true })
      .extend({ familyId: familyId.optional(), oldmanId: recordId('长者').optional() }),
    { error: '请提交家属列表' },
  )
  .max(50, '家属不能超过50人')
  .refine((members) => {
    const ids = members.flatMap((m) => (m.familyId === undefined ? [] : [m.familyId]));
    return new Set(ids).size === ids.length;
  }, '同一家属不能提交两次');

/** GET proFile/{id}/modifyRecord: what each section edit changed, newest first. */
export const modifyRecords = z.array(
  z.looseObject({
    modifyId: id,
    oldmanId: id,
    section: z.string(),
    changes: z.array(
      z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() }),
    ),
    userName: z.string(),
    createTime: z.string(),
    /** Where the change came from (采纳建议 names the assessment); '' for a plain edit. */
    note: z.string(),
  }),
);

export const idCardParams = z.object({
  idcard: z
    .string()
    .regex(/^[\dXx]{15,18}$/, '身份证号格式不正确')
    .transform((v) => v.toUpperCase()),
});
/** GET proFile/getOldmanByIdCard/{idcard}: the elder with that number, or null. */
export const elderByIdCard = z
  .object({ oldmanId: id, oldmanName: z.string(), oldmanIdcard: z.string(), oldmanStatus: id, deptId: id })
  .nullable();

export const headSchema = z.object({
  headImage: z
    .string({ error: '请上传头像' })
    .trim()
    .regex(/^\/files\/[\w./-]+$/, '头像须为上传后的图片地址'),
});

/** GET proFile/{id}/liveRecord: the residence history as stored. */
export const liveRecordRows = z.array(
  z.looseObject({
    recordId: id,
    eventType: z.string(),
    eventName: z.string(),
    changeDate: z.string(),
    createTime: z.string(),
  }),
);

export const elderQuery = z.object({ oldmanId: recordId('长者') });
/** POST oldmans/file: an uploaded file kept with the profile. */
export const fileBody = z.object({
  oldmanId: recordId('长者'),
  fileName: z
    .string({ error: '请填写文件名称' })
    .trim()
    .min(1, '请填写文件名称')
    .max(100, '文件名称不能超过100个字'),
  urlPath: z
    .string({ error: '请上传文件' })
    .trim()
    .regex(/^\/files\/[\w./-]+$/, '文件须为上传后的地址'),
  fileSizeB: z.coerce
    .number()
    .int()
    .min(0)
    .max(50 * 1024 * 1024)
    .default(0),
});
export const elderFile = z.looseObject({
  fileId: id,
  oldmanId: id,
  fileName: z.string(),
  urlPath: z.string(),
  fileSizeB: z.number(),
  createTime: z.string(),
});
export type ElderFile = z.infer<typeof elderFile>;

/** GET personnel/sale: the organisation's staff in service, as one page. */
export const salePage = pageSchema(
  z.object({ saleId: id, saleName: z.string(), phoneNum: z.string().nullable() }),
);

const node = { id, name: z.string() };
const bedNode = z.object({
  ...node,
  type: z.literal('bed'),
  children: z.array(z.unknown()).max(0),
  bedStatus: id,
  oldmanId: id.nullable(),
  oldmanName: z.string().nullable(),
});
const roomNode = z.object({ ...node, type: z.literal('room'), children: z.array(bedNode) });
const floorNode = z.object({ ...node, type: z.literal('floor'), children: z.array(roomNode) });
/** GET common/org/roomBed. */
export const roomBedTree = z.array(
  z.object({ ...node, type: z.literal('building'), children: z.array(floorNode) }),
);

export const inviteBody = z.object({ oldmanId: recordId('长者'), familyId: recordId('家属') });
export const invited = z.object({ phone: z.string(), expiresAt: z.number() });
/** GET proFile/invitationFamily: an elder's invitations and where each stands. */
export const invitations = z.array(
  z.object({
    invitationId: id,
    familyId: id,
    familyName: z.string(),
    phone: z.string(),
    expiresAt: z.number(),
    acceptedAt: z.number().nullable(),
    createTime: z.string(),
    state: z.enum(['已接受', '已过期', '待接受']),
  }),
);

/** The profile sections the console shows, in order (setting/oldmanMenus). */
export const MENU_KEYS = [
  'base',
  'extra',
  'health',
  'live',
  'family',
  'files',
  'modify',
  'liveRecord',
] as const;
export const menusBody = z.object({
  menus: z
    .array(z.enum(MENU_KEYS, { error: '档案菜单取值无效' }), { error: '请选择档案菜单' })
    .min(1, '至少显示一个档案菜单')
    .refine((m) => new Set(m).size === m.length, '档案菜单不能重复'),
});
export const menus = z.object({ menus: z.array(z.enum(MENU_KEYS)) });

/** GET proFile/importTemplate?format=, like every file the console downloads. */
export const fileFormatQuery = z.object({
  format: z.enum(['xlsx', 'csv'], { error: '下载格式只能是xlsx或csv' }).default('xlsx'),
});
/** POST proFile/import and oldmanBase/import: every row checked, the right ones imported per mode. */
export const importResult = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  imported: z.number().int(),
  problems: z.array(
    z.object({
      /** Row number as the spreadsheet shows it (the header is row 1). */
      row: z.number().int(),
      oldmanName: z.string(),
      reason: z.string(),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResult>;
export type ImportProblem = ImportResult['problems'][number];
