import { z } from 'zod';
import { pageSchema } from '../pageSchema.js';
import { remindItem } from '../reminders.js';

/**
 * Spec 000 §7 "Startup and config" and "System settings": where each call is and what it answers.
 * The server registers these paths and the console calls them; `:name` is filled with pathWith.
 */
export {
  ConfigPaths,
  DictionaryPaths,
  FormTemplatePaths,
  PackagePaths,
  ShellPaths,
  SystemLogPaths,
  VersionPaths,
} from './settingsPaths.js';

// ── configuration entries (domain/configEntries.ts) as the GETs answer them ─────────────────────

export const pwdConfigAnswer = z.looseObject({
  minLength: z.number().int(),
  requireLetterAndDigit: z.boolean(),
});
export const loginConfigAnswer = z.looseObject({
  idleMinutes: z.number(),
  absoluteHours: z.number(),
  maxFailures: z.number().int(),
});
export const photoCodeConfigAnswer = z.looseObject({ mode: z.string(), afterFailures: z.number().int() });
export const themeAnswer = z.looseObject({ systemThemeColor: z.string() });
export const iconConfigAnswer = z.looseObject({
  systemIcon: z.string(),
  systemName: z.string(),
  windowIcon: z.string(),
  windowName: z.string(),
  menuOpenStatus: z.string(),
  waterMark: z.string(),
});
/** The main first URL ('' for the welcome view). */
export const loginPageConfigAnswer = z.string();
export const recordNumAnswer = z.looseObject({ recordNum: z.string(), recordNumDesc: z.string() });
/** Spec 000 §3 "Preload config". */
export const preloadAnswer = recordNumAnswer.extend({
  pwdConfig: pwdConfigAnswer,
  photoCodeConfig: photoCodeConfigAnswer,
  loginIcon: z.string(),
  loginBackground: z.string(),
  loginIconName: z.string(),
});
export const userIsPassAnswer = z.object({ isPass: z.boolean() });
export const serverConfigsAnswer = z.looseObject({
  serverName: z.string(),
  apiBaseUrl: z.string(),
  pushUrl: z.string(),
  mqttUrl: z.string(),
  fileMaxMb: z.number().int(),
  keepLogDays: z.number().int(),
});
export const mattressConfigAnswer = z.looseObject({
  setId: z.number().int().nullable(),
  setContent: z.looseObject({
    alarmRemind: z.looseObject({ status: z.number().int(), position: z.array(z.string()) }),
    alarmVoice: z.looseObject({ status: z.number().int(), times: z.number().int() }),
  }),
});
export const templateSettingAnswer = z.looseObject({
  contractTemplateId: z.number().int().nullable(),
  printHeader: z.string(),
});
export const settingAnswer = z.looseObject({
  elderNoPrefix: z.string(),
  autoBill: z.number().int(),
  billDay: z.number().int(),
});
export const checkConfigAnswer = z.looseObject({
  outingCheck: z.number().int(),
  settleCheck: z.number().int(),
  contractCheck: z.number().int(),
});

// ── notices, reminders, version notes ──────────────────────────────────────────────────────────

export const noticeRow = z.looseObject({
  noticeId: z.number().int(),
  title: z.string(),
  content: z.string(),
  createTime: z.string(),
});
export const noticesAnswer = pageSchema(noticeRow);
export const broadcastBody = z.object({
  title: z.string().trim().min(1, '请输入标题').max(64),
  content: z.string().trim().min(1, '请输入内容').max(2000),
});
export const broadcastAnswer = z.object({ noticeId: z.number().int() });
export const remindsAnswer = pageSchema(remindItem);

export const versionRecordRow = z.looseObject({
  recordId: z.number().int(),
  version: z.string(),
  content: z.string(),
  publishTime: z.string(),
});
export const versionParams = z.object({ recordId: z.coerce.number().int().positive() });
export const newestVersionAnswer = z.object({ isShow: z.boolean(), record: versionRecordRow.nullable() });
export const popsUpAnswer = z.boolean();

// ── dictionaries ───────────────────────────────────────────────────────────────────────────────

export const dictionaryParams = z.object({ dictionaryId: z.coerce.number().int().positive() });
export const dictionaryValuesAnswer = z.array(
  z.looseObject({
    valueId: z.number().int(),
    dictionaryId: z.number().int(),
    valueCode: z.string(),
    valueName: z.string(),
    sort: z.number().int(),
  }),
);
export const dictionarySaved = z.object({ dictionaryId: z.number().int() });
export const dictionaryDiffQuery = z.object({ dictionaryCode: z.string().min(1).max(32) });
/** A dictionary's values as choices: the value's id and name under the dictionary's names. */
export const dictionaryDiffAnswer = z.array(
  z.object({ dictionaryId: z.number().int(), dictionaryName: z.string(), valueCode: z.string() }),
);

// ── installation packages ──────────────────────────────────────────────────────────────────────

export const packageParams = z.object({ packageId: z.coerce.number().int().positive() });
/** What may change after upload: the description, not the file (upload a new package for that). */
export const packageFields = z.object({
  packageName: z.string().trim().min(1, '请输入安装包名称').max(64),
  version: z.string().trim().min(1, '请输入版本号').max(32),
  deviceType: z.string().trim().min(1, '请选择设备类型').max(32),
  remark: z.string().max(200).default(''),
});
export const packageRow = z.looseObject({
  packageId: z.number().int(),
  packageName: z.string(),
  version: z.string(),
  deviceType: z.string(),
  remark: z.string(),
  fileName: z.string(),
  urlPath: z.string(),
  fileSizeB: z.number().int(),
  createTime: z.string(),
});
export const packageSaved = z.object({ packageId: z.number().int() });
/** Bytes of every package of the institution. */
export const packageSumAnswer = z.number();

// ── form and document templates ────────────────────────────────────────────────────────────────

const id = z.coerce.number().int().positive();
/**
 * templateType.isHome tells the template families apart (docs/decisions.md): 0 institution
 * documents, 1 home-care documents, 2 form (report) templates of /systemSetting/templateReportSet.
 */
const family = z.coerce.number().int().min(0).max(2);
const typeName = z.string().trim().min(1, '请输入类型名称').max(32);
const sort = z.coerce.number().int().min(0).max(9999);
const flag = z.coerce.number().int().min(0).max(1);

export const templateTypesQuery = z.object({ isHome: family.optional() });
export const templateTypeCreate = z.object({ typeName, sort: sort.optional(), isHome: family.default(0) });
export const templateTypeUpdate = z.object({ typeId: id, typeName, sort: sort.optional() });
export const templateTypeQuery = z.object({ typeId: id });
export const templateTypeOrder = z
  .array(z.object({ typeId: id, sort }))
  .min(1)
  .max(200);
export const templateTypeRow = z.looseObject({
  typeId: z.number().int(),
  typeName: z.string(),
  sort: z.number().int(),
  isHome: z.number().int(),
});
export const templateTypesAnswer = z.array(templateTypeRow);
export const templateTypeSaved = z.object({ typeId: z.number().int() });

export const templateInput = z.object({
  templateId: id.optional(),
  typeId: id,
  templateName: z.string().trim().min(1, '请输入模板名称').max(64),
  // Left out on an update they keep their value; a new template starts empty and enabled.
  content: z.string().max(200_000).optional(),
  status: flag.optional(),
});
export const templateContent = z.object({ templateId: id, content: z.string().max(200_000) });
export const templateParams = z.object({ templateId: id });
export const templateQuery = z.object({ templateId: id });
export const templateSaved = z.object({ templateId: z.number().int() });
export const templateRow = z.looseObject({
  templateId: z.number().int(),
  typeId: z.number().int(),
  templateName: z.string(),
  content: z.string(),
  status: z.number().int(),
  updateTime: z.string(),
});
export const templateFileRow = z.looseObject({
  fileId: z.number().int(),
  templateId: z.number().int(),
  fileName: z.string(),
  urlPath: z.string(),
});
export const templateFilesAnswer = z.array(templateFileRow);
export const templateFileCreate = z.object({
  templateId: id,
  fileName: z.string().trim().min(1).max(128),
  urlPath: z.string().regex(/^\/files\/[\w\-./]+$/, '文件地址无效'),
});
export const templateFileRename = z.object({ fileId: id, fileName: z.string().trim().min(1).max(128) });
export const templateFileSaved = z.object({ fileId: z.number().int() });
export const templateWithFiles = templateRow.extend({ files: z.array(templateFileRow) });
