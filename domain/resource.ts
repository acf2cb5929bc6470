import { z } from 'zod';
import type { Workflow } from '../machines/workflow.js';
import { type DictEntry, type StaticDictName, staticDictionaries } from './dictionaries.js';
import { idCardMessage } from './idCard.js';

/**
 * Resource definitions (docs/architecture.md rule 1): one description of a business record gives the
 * server its table, validation and CRUD routes, and the console its list, form and detail.
 */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'int'
  /** Integer fen on the wire and in the database, shown as yuan. */
  | 'money'
  | 'date'
  | 'datetime'
  /** A value of a static dictionary of domain/dictionaries.ts. */
  | 'dict'
  /** The id of a row of a lookup (domain/lookups.ts): bed, room, dept, elder, … */
  | 'ref'
  | 'idcard'
  | 'phone'
  /** A 6-digit administrative division code from the region tree rooted at 000000. */
  | 'region'
  /** A path returned by the upload route. */
  | 'image'
  | 'bool'
  /** A structured value (a fence's vertices) validated by the field's `schema`, stored as JSON text. */
  | 'json';

export interface FieldDef {
  name: string;
  label: string;
  /**
   * A default a new record's form takes when it opens (never when its page first loaded): 'now' the
   * time, 'today' the day, 'me' the signed-in person's name (测量人, 记录人). What the caller passes wins.
   */
  atOpen?: 'now' | 'today' | 'me';
  type: FieldType;
  required?: boolean;
  /** Longest text; defaults 50 for text, 500 for textarea. */
  maxLength?: number;
  /** An image field's upload API (spec 000 §5: common, homecare or scale); common by default. */
  uploadApi?: string;
  min?: number;
  max?: number;
  dict?: StaticDictName;
  /** Lookup name for 'ref' fields. */
  ref?: string;
  /** Form section key (see ResourceDef.sections). */
  section?: string;
  /** Set by the server (derived or changed only by a workflow); shown, never accepted from input. */
  readOnly?: boolean;
  /** Unique within the organisation. */
  unique?: boolean;
  /** Shown in the form as placeholder/help. */
  hint?: string;
  /** Whole form row (textarea, images). */
  wide?: boolean;
  /** Hidden from the form (e.g. set by a dedicated screen), still listed. */
  hidden?: boolean;
  /**
   * Computed by the server for each row (an amount due, a bed path, an overdue flag): listed,
   * exported and shown in details, never stored or accepted. Implies readOnly.
   */
  computed?: boolean;
  /** The value's schema of a 'json' field, with Chinese messages (domain zod schemas). */
  schema?: z.ZodType;
}

export type FilterKind =
  /** Equality on one value. */
  | 'eq'
  /** Substring match. */
  | 'like'
  /** `${name}Start` and `${name}End` inclusive bounds (dates). */
  | 'range'
  /** Comma-separated values, param name given by `param`. */
  | 'in'
  /** One month 'YYYY-MM' of a date or date-time field (账单月份). */
  | 'month';

export interface FilterDef {
  field: string;
  kind: FilterKind;
  /** Query parameter name; defaults to the field name. */
  param?: string;
  label?: string;
  /** A parameter the server takes that the filter bar does not offer (a dialog's choices, the type chosen in a side panel). */
  hidden?: boolean;
  /** What the filter holds when the screen opens (and after 重置): 'thisMonth' for a month filter. */
  initial?: 'thisMonth';
}

export interface ResourceApi {
  /** GET: paged list. */
  list?: string;
  /** GET with `:id`. */
  get?: string;
  /** POST: body without id. */
  create?: string;
  /** PUT: body with the id field (or `:id` in the path). */
  update?: string;
  /**
   * PUT with `:id` as well, where the spec's wording reads both ways (`/levels` PUT and `/levels/{levelId}`):
   * the same change, the record named in the path. The console uses `update`.
   */
  updateAt?: string;
  /** DELETE with `:ids` (comma-separated) or `:id`. */
  remove?: string;
  /** Body of DELETE form-encoded rather than in the path: not used; the spec puts ids in paths. */
}

/**
 * The spec's usual REST shape of a resource at `base`, written once: list, create and update on the
 * base, get and remove by id. `remove: 'ids'` takes several comma-separated ids, `false` leaves an
 * action out.
 */
export function restApi(
  base: string,
  options: { get?: boolean; create?: boolean; update?: boolean; remove?: 'id' | 'ids' | false } = {},
): ResourceApi {
  const { get = true, create = true, update = true, remove = 'id' } = options;
  return {
    list: base,
    ...(get ? { get: `${base}/:id` } : {}),
    ...(create ? { create: base } : {}),
    ...(update ? { update: base } : {}),
    ...(remove ? { remove: `${base}/:${remove}` } : {}),
  };
}

/** The authority codes of a list screen and its 新增/编辑/删除 buttons, from the screen's code. */
export const crudAuthority = (code: string) => ({
  view: code,
  create: `${code}:add`,
  update: `${code}:edit`,
  remove: `${code}:delete`,
});

export interface ResourceDef {
  /** Stable key, also the storage key of per-page settings. */
  name: string;
  /** Chinese name of one record, used in messages ("长者档案不存在"). */
  title: string;
  table: string;
  /**
   * The table is made and changed by the numbered migrations (server/db/migrations.ts), not from
   * this definition: the engine reads it as it is and adds no column or index to it.
   */
  migratedTable?: boolean;
  idField: string;
  fields: FieldDef[];
  sections?: { key: string; title: string }[];
  /** List columns by field name (ref fields show their name). */
  columns: string[];
  filters?: FilterDef[];
  /** Free-text search over these fields (param `keyword`). */
  search?: string[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** Fields the user may sort by. */
  sortable?: string[];
  api: ResourceApi;
  /** Authority expressions per action (domain/authorityExpr). */
  authority: { view: string; create?: string; update?: string; remove?: string };
  /** Rows carry deptId and are visible only in the user's data departments. */
  deptScoped?: boolean;
  /**
   * Indexes for the reads a list's sort and filters do not make (a user's unread rows, say): each a
   * list of columns, in order.
   */
  indexes?: readonly (readonly string[])[];
  /**
   * The field a person knows one record by: operation logs, confirmations (确定删除…“翻身拍背”吗？)
   * and the row's accessible name. A ref field names the record by its ref's name (projectId →
   * projectName), never by the id; a number is no name.
   */
  nameField: string;
  /**
   * What a person calls one record when no one field says it (the elder and the thing: 张三的阿司匹林),
   * from the row as the list answers it (with its refs' names). Blank falls back to `nameField`.
   */
  recordName?(row: Record<string, unknown>): string;
  /** Money or number columns totalled over every row the filters select (the list's 合计). */
  sums?: string[];
  /**
   * List columns kept at the left while the others scroll sideways: what a row is known by (the
   * elder's name), so a clerk never loses which row a far column belongs to.
   */
  frozen?: readonly string[];
  /**
   * A view on records kept elsewhere (another resource's table, or rows a module's list hook reads
   * from several tables): the engine serves its routes but makes no table for it.
   */
  derived?: boolean;
  /**
   * State changes of a record that go through its workflow machine (machines/workflow.ts): the
   * server offers each on its path only where the machine takes the event from the record's state,
   * and the console greys the row's button with the same answer.
   */
  actions?: ActionDef[];
  /** The workflow machine of `actions` (machines/workflow.ts): the server's check and the console's greyed button. */
  workflow?: Workflow;
  /**
   * Why a stored record cannot be changed (编辑) or deleted (删除) now, or null when it can. The
   * server refuses with the reason; the list greys the row's button and shows the reason on it: one
   * answer for both. A rule reads the row as the list answers it (with its decorated fields).
   */
  rowRules?: {
    edit?(row: Record<string, unknown>): string | null;
    remove?(row: Record<string, unknown>): string | null;
  };
}

export interface ActionDef {
  /** The workflow machine's event (namespaced lowercase: 'tool.retire'). */
  event: string;
  /** The button and the log: 退役. */
  label: string;
  /** PUT, with `:id`. */
  path: string;
  /** Authority expression of the action (domain/authorityExpr). */
  authority: string;
  /** The question before it is done; `确定${label}${title}“名称”吗？` (the record's name) when left out. */
  confirm?: string;
}

export const isStaticDict = (name: string): name is StaticDictName => name in staticDictionaries;

const dictOf = (f: FieldDef): DictEntry[] => (f.dict ? staticDictionaries[f.dict] : []);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;
const realDate = (s: string) => {
  const [y, m, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};
const MOBILE = /^1[3-9]\d{9}$/;
const LANDLINE = /^0\d{2,3}-?\d{7,8}$/;

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;
/** An optional field sent blank is cleared (null); one left out is left alone. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** The zod schema of one field's value, with Chinese messages that name the field. */
export function fieldSchema(f: FieldDef): z.ZodType {
  const L = f.label;
  switch (f.type) {
    case 'text':
    case 'textarea':
    case 'image': {
      const max = f.maxLength ?? (f.type === 'textarea' ? 500 : f.type === 'image' ? 300 : 50);
      let s = z
        .string({ error: `${L}必须是文字` })
        .trim()
        .max(max, `${L}不能超过${max}个字`);
      if (f.type === 'image') s = s.regex(/^\/files\/[\w./-]+$/, `${L}须为上传后的文件地址`);
      return s;
    }
    case 'int':
    case 'money': {
      let s = z.coerce.number({ error: `${L}必须是数字` }).int(`${L}必须是整数`);
      s = s.min(f.min ?? 0, `${L}不能小于${f.type === 'money' ? (f.min ?? 0) / 100 : (f.min ?? 0)}`);
      const max = f.max ?? (f.type === 'money' ? 100_000_000_00 : 1_000_000_000);
      return s.max(max, `${L}不能大于${f.type === 'money' ? max / 100 : max}`);
    }
    case 'bool':
      return z.coerce.number({ error: `${L}取值无效` }).refine((v) => v === 0 || v === 1, `${L}取值无效`);
    case 'date':
      return z
        .string({ error: `${L}必须是日期` })
        .regex(DATE, `${L}格式应为YYYY-MM-DD`)
        .refine(realDate, `${L}不是有效日期`);
    case 'datetime':
      return z
        .string({ error: `${L}必须是时间` })
        .regex(DATETIME, `${L}格式应为YYYY-MM-DD HH:mm:ss`)
        .refine(realDate, `${L}不是有效日期`);
    case 'dict': {
      // a value keeps its entry's own type: a dict may mix codes (1 离床) and names (communicationOffline)
      const values = new Map(dictOf(f).map((e) => [String(e.value), e.value]));
      const base = z.union([z.string(), z.number()], { error: `${L}取值无效` });
      return base
        .refine((v) => values.has(String(v)), `${L}取值无效`)
        .transform((v) => values.get(String(v)) ?? v);
    }
    case 'ref':
      return z.coerce
        .number({ error: `请选择${L}` })
        .int(`${L}无效`)
        .positive(`请选择${L}`);
    case 'idcard':
      return z
        .string({ error: `${L}必须是文字` })
        .trim()
        .toUpperCase()
        .superRefine((v, ctx) => {
          const problem = idCardMessage(v, L);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        });
    case 'phone':
      return z
        .string({ error: `${L}必须是文字` })
        .trim()
        .refine((v) => MOBILE.test(v) || LANDLINE.test(v), `${L}格式不正确`);
    case 'region':
      return z.string({ error: `${L}取值无效` }).regex(/^\d{6}$/, `${L}取值无效`);
    case 'json':
      return f.schema ?? z.unknown();
  }
}

export type Mode = 'create' | 'update';

/**
 * The body schema of a create or an update. An update replaces every writable field it covers
 * (the whole record, or the fields of `only`, e.g. one form section) and carries the id, so a
 * required field cannot be blanked. Unknown keys are dropped; an empty optional field is null.
 */
export function bodySchema(def: ResourceDef, mode: Mode, only?: readonly string[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields) {
    if (f.readOnly || f.computed || (only && !only.includes(f.name))) continue;
    const value = fieldSchema(f);
    shape[f.name] = f.required
      ? z.preprocess(
          blankToUndefined,
          z
            .unknown()
            .refine((v) => v !== undefined, `请填写${f.label}`)
            .pipe(value as z.ZodType<unknown, object | string | number | null>),
        )
      : z.preprocess(blankToNull, value.nullable().optional());
  }
  if (def.deptScoped && !def.fields.some((f) => f.name === 'deptId'))
    shape.deptId = z.coerce.number({ error: '请选择部门' }).int().positive('请选择部门').optional();
  if (mode === 'update')
    shape[def.idField] = z.coerce.number({ error: '缺少编号' }).int().positive('缺少编号');
  return z.object(shape);
}

export const fieldOf = (def: ResourceDef, name: string): FieldDef | undefined =>
  def.fields.find((f) => f.name === name);

/** Columns every resource table has besides its fields. */
export const standardColumnLabels: Record<string, string> = {
  createTime: '创建时间',
  updateTime: '更新时间',
};

/** The field behind a list column: a defined field, or a standard column as a read-only date-time. */
export function columnField(def: ResourceDef, name: string): FieldDef | undefined {
  const label = standardColumnLabels[name];
  return fieldOf(def, name) ?? (label ? { name, label, type: 'datetime', readOnly: true } : undefined);
}

/** The header of a list column: the field's label, or a standard column's. */
export const columnLabel = (def: ResourceDef, name: string) =>
  fieldOf(def, name)?.label ?? standardColumnLabels[name] ?? name;

/** A row's value as a part of a record's name: '' when blank; a date-time to the minute. */
const namePart = (v: unknown) => {
  if (v === undefined || v === null) return '';
  const text = String(v).trim();
  return DATETIME_VALUE.test(text) ? text.replace('T', ' ').slice(0, 16) : text;
};
const DATETIME_VALUE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** A record of a person called by both (张三的阿司匹林), or by whichever is there. */
export const ownedName = (owner: unknown, thing: unknown) => {
  const [o, t] = [namePart(owner), namePart(thing)];
  return o && t ? `${o}的${t}` : o || t;
};

/** A record called by several parts (张三 2024-05-01 08:00), blanks left out. */
export const joinedName = (...parts: unknown[]) => parts.map(namePart).filter(Boolean).join(' ');

/** A ref field's display column in list rows: bedId → bedName, deptId → deptName. */
export const refNameKey = (field: string) =>
  field.endsWith('Id') ? `${field.slice(0, -2)}Name` : `${field}Name`;

/** Yuan text for integer fen, e.g. 123456 → "1234.56": what inputs hold and files carry. */
export const fenToYuan = (fen: number) =>
  `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/**
 * Money as people read it, with thousands separators: 32040000 → "320,400.00". Every screen, print
 * page and message shows money with it; inputs and exported files keep fenToYuan's plain digits.
 */
export function formatYuan(fen: number): string {
  const plain = fenToYuan(Math.round(fen));
  const [whole = '0', cents = '00'] = plain.replace('-', '').split('.');
  return `${plain.startsWith('-') ? '-' : ''}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}

/** Integer fen for a yuan text with at most two decimals; null when it is not one. */
export function yuanToFen(yuan: string): number | null {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -fen : fen;
}

/**
 * The one paging of every list (docs/architecture.md, "API conventions"): pageNum from 1, pageSize up to
 * 1000 (spec 000 §9 defaults the console to 10 or 20), pageHelper=0 for every row unpaged.
 */
export const pagingShape = {
  pageNum: z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').default(1),
  pageSize: z.coerce
    .number({ error: '每页条数无效' })
    .int('每页条数无效')
    .min(1, '每页条数无效')
    .max(1000, '每页最多1000条')
    .default(10),
  pageHelper: z.coerce.number({ error: '分页参数无效' }).int('分页参数无效').optional(),
};

/** The common list query: paging, sort, keyword and each filter's parameter(s). */
export function listQuerySchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {
    ...pagingShape,
    sortField: z
      .enum([def.defaultSort.field, ...(def.sortable ?? [])] as [string, ...string[]], {
        error: '排序字段无效',
      })
      .optional(),
    sortOrder: z.enum(['asc', 'desc'], { error: '排序方向无效' }).optional(),
    keyword: z.string().trim().max(50, '关键字不能超过50个字').optional(),
  };
  for (const filter of def.filters ?? []) {
    const f = fieldOf(def, filter.field);
    const param = filter.param ?? filter.field;
    const label = filter.label ?? f?.label ?? filter.field;
    if (filter.kind === 'range') {
      const bound = z.preprocess(
        blankToUndefined,
        z.string().regex(DATE, `${label}格式应为YYYY-MM-DD`).optional(),
      );
      shape[`${param}Start`] = bound;
      shape[`${param}End`] = bound;
    } else if (filter.kind === 'in') {
      shape[param] = z.preprocess(
        blankToUndefined,
        z
          .string()
          .regex(/^[\w-]+(,[\w-]+)*$/, `${label}取值无效`)
          .optional(),
      );
    } else if (filter.kind === 'month') {
      shape[param] = z.preprocess(
        blankToUndefined,
        z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label}格式应为YYYY-MM`)
          .optional(),
      );
    } else if (filter.kind === 'like') {
      shape[param] = z.preprocess(
        blankToUndefined,
        z.string().trim().max(50, `${label}不能超过50个字`).optional(),
      );
    } else if (!f && filter.field === def.idField) {
      // the record's own id (a template picked by its id): a whole number, as the column holds
      shape[param] = z.preprocess(
        blankToUndefined,
        z.coerce
          .number({ error: `${label}取值无效` })
          .int(`${label}取值无效`)
          .positive(`${label}取值无效`)
          .optional(),
      );
    } else {
      shape[param] = z.preprocess(blankToUndefined, (f ? fieldSchema(f) : z.string().max(50)).optional());
    }
  }
  return z.object(shape);
}

export { pageSchema } from './pageSchema.js';

const storedValue = (f: FieldDef): z.ZodType => {
  switch (f.type) {
    case 'int':
    case 'money':
    case 'bool':
    case 'ref':
      return z.number();
    case 'dict':
      return z.union([z.number(), z.string()]);
    case 'json':
      return f.schema ?? z.unknown();
    default:
      return z.string();
  }
};

/**
 * A stored row as the engine answers it: the id, every field (null when empty), the standard
 * columns, the names of its refs (bedId → bedName); a module's decorate may add more.
 */
export function rowSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { [def.idField]: z.number().int() };
  for (const f of def.fields) {
    shape[f.name] = storedValue(f).nullable().optional();
    if (f.type === 'ref') shape[refNameKey(f.name)] = z.string().nullable().optional();
  }
  if (def.deptScoped) shape.deptId ??= z.number().nullable().optional();
  Object.assign(shape, {
    createTime: z.string().optional(),
    updateTime: z.string().optional(),
  });
  return z.looseObject(shape).meta({ description: def.title });
}
