import { dictLabel } from '../dictionaries.js';
import { formatYuan, joinedName, ownedName, type ResourceDef, restApi } from '../resource.js';
import { LiveAuthority } from './oldman.js';

/** Spec 000 §7 "Contracts and forms": every call lives under this prefix. */
export const FORM_BASE = '/api/form/org';
export const CONTRACTS = `${FORM_BASE}/files/contracts`;
export const contractDownloadUrl = (contractId: number) => `${CONTRACTS}/download/${contractId}`;
export const TEMPLATE_DATA = `${FORM_BASE}/templateData`;
export const OLDMAN_TEMPLATE = `${FORM_BASE}/oldManTemplate`;
export const TEMPLATE_LIST = `${FORM_BASE}/template/list`;

/** contractStatus (domain/dictionaries.ts): 0 草稿, 1 生效, 2 终止. */
export const ContractStatus = { draft: 0, effective: 1, ended: 2 } as const;

/** Allowed status changes: a draft is signed or dropped, a signed contract only ends. */
const contractMoves: Record<number, readonly number[]> = {
  [ContractStatus.draft]: [ContractStatus.draft, ContractStatus.effective, ContractStatus.ended],
  [ContractStatus.effective]: [ContractStatus.effective, ContractStatus.ended],
  [ContractStatus.ended]: [ContractStatus.ended],
};
export const contractMoveAllowed = (from: number, to: number) => contractMoves[from]?.includes(to) ?? false;

/** What a signed (non-draft) contract still lets one change: its status and the remark. */
export const contractAlwaysEditable = ['contractStatus', 'remark'] as const;

export const contractResource: ResourceDef = {
  name: 'contract',
  title: '合同',
  table: 'contract',
  idField: 'contractId',
  nameField: 'contractNo',
  // the number the server gives it; before that, whose it is
  recordName: (row) => joinedName(row.contractNo) || ownedName(row.oldmanName, '合同'),
  fields: [
    {
      name: 'contractNo',
      label: '合同编号',
      type: 'text',
      unique: true,
      maxLength: 32,
      hint: '留空则自动生成，如HT202611230001',
    },
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldmanAll', required: true },
    { name: 'templateId', label: '合同模板', type: 'ref', ref: 'template', required: true },
    { name: 'signDate', label: '签订日期', type: 'date', required: true },
    { name: 'startDate', label: '开始日期', type: 'date', required: true },
    { name: 'endDate', label: '结束日期', type: 'date', required: true },
    { name: 'amount', label: '合同金额（元）', type: 'money' },
    { name: 'contractStatus', label: '合同状态', type: 'dict', dict: 'contractStatus', hint: '默认草稿' },
    { name: 'signerName', label: '乙方签字人', type: 'text', maxLength: 20, hint: '家属姓名' },
    { name: 'signerPhone', label: '签字人电话', type: 'phone' },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 300, wide: true },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true },
    /** The template rendered with the elder's data when the contract was made (snapshot). */
    { name: 'content', label: '合同正文', type: 'textarea', readOnly: true, hidden: true },
  ],
  // fits a 1280-wide window with the four row buttons; the template shows in 查看
  columns: ['contractNo', 'oldmanId', 'startDate', 'endDate', 'amount', 'contractStatus'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'contractStatus', kind: 'eq' },
    { field: 'signDate', kind: 'range' },
  ],
  search: ['contractNo', 'signerName', 'signerPhone'],
  defaultSort: { field: 'contractId', order: 'desc' },
  sortable: ['contractNo', 'signDate', 'startDate', 'endDate', 'amount', 'createTime'],
  api: restApi(CONTRACTS),
  authority: {
    view: LiveAuthority.contract,
    create: LiveAuthority.contractAdd,
    update: LiveAuthority.contractEdit,
    remove: LiveAuthority.contractDelete,
  },
  deptScoped: true,
};

/** A document: one template filled in for one elder, its rendered text kept as made. */
export const templateDataResource: ResourceDef = {
  name: 'templateData',
  title: '文书',
  table: 'templateData',
  idField: 'dataId',
  nameField: 'title',
  fields: [
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldmanAll', required: true },
    { name: 'templateId', label: '模板', type: 'ref', ref: 'template', required: true },
    { name: 'typeId', label: '模板类型', type: 'ref', ref: 'templateType', readOnly: true },
    { name: 'title', label: '文书名称', type: 'text', readOnly: true, maxLength: 64 },
    /** For form (report) templates: JSON {"values": {label: text}}; documents need none. */
    { name: 'formValues', label: '填写内容', type: 'textarea', maxLength: 20_000, hidden: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 300, wide: true },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true },
    { name: 'content', label: '文书正文', type: 'textarea', readOnly: true, hidden: true },
  ],
  columns: ['title', 'oldmanId', 'typeId', 'remark', 'createTime'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'typeId', kind: 'eq' },
    { field: 'createTime', kind: 'range', label: '填写日期' },
  ],
  search: ['title', 'remark'],
  defaultSort: { field: 'dataId', order: 'desc' },
  sortable: ['createTime'],
  api: {
    list: TEMPLATE_DATA,
    create: TEMPLATE_DATA,
    update: `${TEMPLATE_DATA}/:id`,
    remove: `${TEMPLATE_DATA}/:id`,
  },
  authority: {
    view: LiveAuthority.contract,
    create: LiveAuthority.contractAdd,
    update: LiveAuthority.contractEdit,
    remove: LiveAuthority.contractDelete,
  },
  deptScoped: true,
};

/** Which templates apply to an elder (the documents the elder's file must hold), in order. */
export const oldmanTemplateResource: ResourceDef = {
  name: 'oldmanTemplate',
  title: '长者模板',
  table: 'oldmanTemplate',
  idField: 'id',
  nameField: 'templateId',
  fields: [
    { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldmanAll', required: true },
    { name: 'templateId', label: '模板', type: 'ref', ref: 'template', required: true },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true },
  ],
  columns: ['templateId', 'sort', 'createTime'],
  filters: [
    { field: 'oldmanId', kind: 'eq' },
    { field: 'templateId', kind: 'eq' },
  ],
  defaultSort: { field: 'sort', order: 'asc' },
  api: { list: OLDMAN_TEMPLATE },
  authority: { view: LiveAuthority.contract },
  deptScoped: true,
};

/**
 * The templates for pickers (template/list), ordered by template/sort. The table belongs to
 * the template settings (migration 0002); this definition only adds the sort column it orders by.
 */
export const templateListResource: ResourceDef = {
  name: 'templateList',
  title: '模板',
  table: 'template',
  idField: 'templateId',
  nameField: 'templateName',
  fields: [
    { name: 'templateName', label: '模板名称', type: 'text', maxLength: 64 },
    { name: 'typeId', label: '模板类型', type: 'ref', ref: 'templateType' },
    { name: 'status', label: '启用', type: 'bool' },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
  ],
  columns: ['templateName', 'typeId', 'status', 'sort'],
  filters: [
    { field: 'typeId', kind: 'eq' },
    { field: 'status', kind: 'eq' },
    { field: 'templateName', kind: 'like' },
  ],
  defaultSort: { field: 'sort', order: 'asc' },
  sortable: ['templateName'],
  api: { list: TEMPLATE_LIST },
  authority: { view: 'session' },
};

export const contractResources: ResourceDef[] = [
  contractResource,
  templateDataResource,
  oldmanTemplateResource,
  templateListResource,
];

/** The placeholders a document template may use ({{name}}), with what each stands for. */
export const templatePlaceholders = {
  orgName: '机构名称',
  oldmanName: '长者姓名',
  oldmanIdCard: '身份证号',
  sex: '性别',
  birthday: '出生日期',
  age: '年龄',
  phone: '长者电话',
  address: '现居住地址',
  bedName: '床位',
  checkInDate: '入住日期',
  nursingLevel: '护理等级',
  contractNo: '合同编号',
  signDate: '签订日期',
  startDate: '开始日期',
  endDate: '结束日期',
  amount: '合同金额（元）',
  signerName: '乙方签字人',
  signerPhone: '签字人电话',
  today: '今天',
} as const;
export type PlaceholderValues = Partial<Record<keyof typeof templatePlaceholders, string>>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * What the placeholders stand for: the elder's profile row (with bedName and age as the profile
 * answer carries them), a contract's terms (amount in fen) and the organisation's name.
 */
export function placeholderValuesOf(
  elder: Record<string, unknown>,
  terms: Record<string, unknown>,
  orgName: string,
  today: string,
): PlaceholderValues {
  return {
    orgName,
    oldmanName: text(elder.oldmanName),
    oldmanIdCard: text(elder.oldmanIdcard),
    sex: dictLabel('gender', elder.sex as number),
    birthday: text(elder.birthday),
    age: text(elder.age),
    phone: text(elder.phone),
    address: text(elder.address),
    bedName: text(elder.bedName),
    checkInDate: text(elder.checkInDate),
    nursingLevel: text(elder.nursingLevel),
    contractNo: text(terms.contractNo),
    signDate: text(terms.signDate),
    startDate: text(terms.startDate),
    endDate: text(terms.endDate),
    amount:
      terms.amount === null || terms.amount === undefined || terms.amount === ''
        ? ''
        : formatYuan(Number(terms.amount)),
    signerName: text(terms.signerName),
    signerPhone: text(terms.signerPhone),
    today,
  };
}

/** A blank line to be filled in by hand on paper when a value is not known. */
const BLANK = '<u>&emsp;&emsp;&emsp;&emsp;</u>';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * Fills a template's HTML: each known {{placeholder}} becomes its escaped value (or a blank line);
 * an unknown one stays as written so its author sees the typo.
 */
export function renderTemplate(content: string, values: PlaceholderValues): string {
  return content.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => {
    if (!(key in templatePlaceholders)) return whole;
    const value = values[key as keyof typeof templatePlaceholders];
    return value ? escapeHtml(value) : BLANK;
  });
}

/** A form (report) template's fields, as the template settings store them (JSON content). */
export interface FormFieldSpec {
  label: string;
  kind: string;
  required: boolean;
  options: string[];
}
export function formFieldsOf(content: string): FormFieldSpec[] | null {
  try {
    const raw = (JSON.parse(content) as { fields?: unknown }).fields;
    if (!Array.isArray(raw)) return null;
    return raw.map((f: Partial<FormFieldSpec>) => ({
      label: String(f?.label ?? ''),
      kind: String(f?.kind ?? 'text'),
      required: f?.required === true,
      options: Array.isArray(f?.options) ? f.options.map(String) : [],
    }));
  } catch {
    return null;
  }
}

/** A filled form shown as a two-column table (label, answer) under the template's name. */
export function renderFormValues(title: string, fields: FormFieldSpec[], values: Record<string, string>) {
  const rows = fields
    .map((f) => `<tr><th>${escapeHtml(f.label)}</th><td>${escapeHtml(values[f.label] ?? '')}</td></tr>`)
    .join('');
  return `<h2>${escapeHtml(title)}</h2><table class="form-values">${rows}</table>`;
}
