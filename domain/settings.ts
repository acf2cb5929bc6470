import { z } from 'zod';
import { LOG_BUFFER_SIZE } from './http.js';
import { pagingShape } from './resource.js';

/** The one paging schema (domain/resource.ts pagingShape). */
export const pageQuery = z.object(pagingShape);

export const dictionaryValueInput = z.object({
  valueCode: z.string().trim().min(1, '请输入值编码').max(32),
  valueName: z.string().trim().min(1, '请输入值名称').max(64),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});
export const dictionaryInput = z
  .object({
    dictionaryCode: z
      .string()
      .trim()
      .min(1, '请输入字典编码')
      .max(32)
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '字典编码须以字母开头，仅含字母、数字和下划线'),
    dictionaryName: z.string().trim().min(1, '请输入字典名称').max(64),
    remark: z.string().max(200).default(''),
    sort: z.coerce.number().int().min(0).max(9999).default(0),
    values: z.array(dictionaryValueInput).max(500).default([]),
  })
  .refine((d) => new Set(d.values.map((v) => v.valueCode)).size === d.values.length, {
    message: '字典值编码不能重复',
    path: ['values'],
  });

export const onOff = z.enum(['OPEN', 'CLOSE']);
export const iconConfigInput = z.object({
  systemIcon: z.string().max(500).default(''),
  systemName: z.string().trim().min(1, '请输入系统名称').max(32),
  windowIcon: z.string().max(500).default(''),
  windowName: z.string().trim().min(1, '请输入窗口名称').max(64),
  menuOpenStatus: onOff,
  waterMark: onOff,
});
export const themeInput = z.object({
  systemThemeColor: z.string().regex(/^#[0-9A-Fa-f]{6}$/, '颜色格式应为 #RRGGBB'),
});
export const serverConfigInput = z.object({
  serverName: z.string().trim().min(1, '请输入服务器名称').max(64),
  apiBaseUrl: z.string().max(200).default(''),
  pushUrl: z.string().max(200),
  mqttUrl: z.string().max(200),
  fileMaxMb: z.coerce.number().int().min(1).max(1024),
  keepLogDays: z.coerce.number().int().min(7).max(3650),
});
export const mattressConfigInput = z.object({
  setId: z.coerce.number().int().positive().default(1),
  setContent: z.object({
    alarmRemind: z.object({
      status: z.coerce.number().int().min(0).max(1),
      position: z.array(z.string().max(32)).max(20),
    }),
    alarmVoice: z.object({
      status: z.coerce.number().int().min(0).max(1),
      times: z.coerce.number().int().min(1).max(20),
    }),
  }),
});
/** One post of the console's log: at most its buffer (spec 000 §9, 12 entries) and FRONT_LOG_POST_BYTES of text. */
export const FRONT_LOG_POST_BYTES = 16 * 1024;
const frontLogEntry = z.object({
  type: z.string().max(16),
  message: z.string().max(4000),
  pageUrl: z.string().max(1000).default(''),
  ajaxUrl: z.string().max(1000).default(''),
  parms: z.string().max(4000).default(''),
  datetime: z.string().max(40).default(''),
  ts: z.coerce.number().int().default(0),
});
const utf8 = new TextEncoder();
/** The text an entry stores, in UTF-8 bytes (what it costs on disk). */
export const frontLogBytes = (e: z.output<typeof frontLogEntry>) =>
  utf8.encode(e.type + e.message + e.pageUrl + e.ajaxUrl + e.parms + e.datetime).length;
export const frontLogInput = z.object({
  logList: z
    .array(frontLogEntry)
    .min(1)
    .max(LOG_BUFFER_SIZE)
    .refine((list) => list.reduce((n, e) => n + frontLogBytes(e), 0) <= FRONT_LOG_POST_BYTES, '日志内容过长'),
});
