import { z } from 'zod';
import { bodySchema, rowSchema } from '../../../domain/resource.js';
import {
  CONTRACTS,
  FORM_BASE,
  OLDMAN_TEMPLATE,
  TEMPLATE_DATA,
  templateDataResource,
} from '../../../domain/resources/contract.js';

/**
 * Contracts and documents beyond their CRUD (spec 000 §7 "Contracts and forms"): the print views,
 * the templates bound to an elder and their documents, the turnover of a shift.
 */
export const ContractPaths = {
  /** GET: a contract's print view. */
  download: `${CONTRACTS}/download/:contractId`,
  /** GET: the documents made between two times, by template (交接班). */
  turnOver: `${TEMPLATE_DATA}/turnOver`,
  /** GET: a template with its latest documents. */
  byTemplate: `${TEMPLATE_DATA}/:templateId`,
  /** POST binds templates to an elder; DELETE ?oldmanId&templateId unbinds one. */
  bindings: OLDMAN_TEMPLATE,
  unbound: `${OLDMAN_TEMPLATE}/none`,
  bindingSort: `${OLDMAN_TEMPLATE}/sort`,
  add: `${OLDMAN_TEMPLATE}/add`,
  edit: `${OLDMAN_TEMPLATE}/edit`,
  detail: `${OLDMAN_TEMPLATE}/detail`,
  list: `${OLDMAN_TEMPLATE}/list`,
  remove: `${OLDMAN_TEMPLATE}/delete/:templateId/:id`,
  templateSort: `${FORM_BASE}/template/sort`,
} as const;

const id = z.number().int();
export const contractId = z.coerce.number({ error: '编号无效' }).int('编号无效').positive('编号无效');
const time = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, `${label}格式不正确`)
    .optional();
const sort = z.coerce.number().int().min(0).max(9999);

export const turnOverQuery = z.object({ startTime: time('开始时间'), endTime: time('结束时间') });
const documentLine = z.looseObject({ dataId: id, templateId: id, title: z.string(), oldmanId: id });
export const turnOver = z.object({
  startTime: z.string(),
  endTime: z.string(),
  total: z.number().int(),
  groups: z.array(
    z.object({ templateId: id, title: z.string(), count: z.number().int(), items: z.array(documentLine) }),
  ),
});

export const templateParams = z.object({ templateId: contractId });
export const elderOptionalQuery = z.object({ oldmanId: contractId.optional() });
/** A template of the organisation with its type's family. */
export const ownTemplateRow = z.looseObject({
  templateId: id,
  templateName: z.string(),
  typeId: id,
  status: z.number().nullable(),
  isHome: z.number(),
  typeName: z.string(),
});
export const templateDocuments = z.object({ template: ownTemplateRow, records: z.array(documentLine) });

export const bindBody = z.object({
  oldmanId: contractId,
  templateIds: z.array(contractId, { error: '请选择模板' }).min(1, '请选择模板').max(100),
});
export const bound = z.object({ added: z.number().int() });
export const bindingQuery = z.object({ oldmanId: contractId, templateId: contractId });
export const elderQuery = z.object({ oldmanId: contractId });
export const unboundTemplates = z.array(
  z.object({
    templateId: id,
    templateName: z.string(),
    typeId: id,
    typeName: z.string(),
    isHome: z.number(),
  }),
);
export const bindingSortBody = z
  .array(z.object({ id: contractId, sort }), { error: '请提供排序' })
  .min(1, '请提供排序')
  .max(200);
export const templateSortBody = z
  .array(z.object({ templateId: contractId, sort }), { error: '请提供排序' })
  .min(1, '请提供排序')
  .max(500);

export const documentCreate = bodySchema(templateDataResource, 'create');
export const documentUpdate = bodySchema(templateDataResource, 'update');
export const documentSaved = z.object({ dataId: id });
export const documentRow = rowSchema(templateDataResource);
export const documentQuery = z.object({ id: contractId });
export const elderDocumentsQuery = z.object({ oldmanId: contractId, templateId: contractId.optional() });
export const elderDocuments = z.array(
  z.object({
    dataId: id,
    templateId: id,
    typeId: id,
    title: z.string(),
    remark: z.string().nullable(),
    createTime: z.string(),
    updateTime: z.string(),
  }),
);
export const documentParams = z.object({ templateId: contractId, id: contractId });
