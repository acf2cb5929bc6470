import { today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import {
  formFieldsOf,
  type PlaceholderValues,
  placeholderValuesOf,
  renderFormValues,
  renderTemplate,
} from '../../../domain/resources/contract.js';
import { type DocumentFamily, TemplateFamily } from '../../../domain/resources/documents.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { orgNameOf, sendPrintPage } from '../../../server/http/printPage.js';
import { type AnyRoute, route, SENT } from '../../../server/http/route.js';
import { idsOf, noQuery, printPage } from '../../../server/http/schemas.js';
import { type Ctx, loadRow, type ResourceHooks, type Row } from '../../../server/resources/engine.js';

/**
 * Documents (templateData) of either family (domain/resources/documents.ts): a template filled in
 * for one elder and kept as rendered. The family says whose elders, which templates and which
 * authority; everything else is the same for the institution and home care.
 */
export interface ServerDocumentFamily {
  family: DocumentFamily;
  /** The elder (own organisation and data department) as the placeholders read it, or a refusal. */
  elder(ctx: Ctx, oldmanId: number): Promise<Row>;
  /** After a document was made or re-filled (the institution binds the template to the elder). */
  filled?(ctx: Ctx, oldmanId: number, templateId: number, deptId: number): Promise<unknown>;
}

export const differs = (a: unknown, b: unknown) =>
  (a ?? null) !== (b ?? null) && String(a ?? '') !== String(b ?? '');

/** A template of the organisation with its type's family, or 10001 模板不存在. */
export async function ownTemplate(ctx: Ctx, templateId: number) {
  const row = await ctx.db
    .selectFrom('template')
    .innerJoin('templateType', 'templateType.typeId', 'template.typeId')
    .select([
      'template.templateId',
      'template.templateName',
      'template.typeId',
      'template.content',
      'template.status',
      'templateType.isHome',
      'templateType.typeName',
    ])
    .where('template.templateId', '=', templateId)
    .where('template.orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!row) throw new ApiFailure(Code.invalidInput, '模板不存在');
  return row;
}

/** What the placeholders of a template stand for, for one elder and (for a contract) its terms. */
export async function placeholderValues(ctx: Ctx, elder: Row, terms: Row = {}): Promise<PlaceholderValues> {
  return placeholderValuesOf(elder, terms, await orgNameOf(ctx), today());
}

/** A filled form's answers: every required field answered, choices among the options. */
function checkedFormValues(raw: unknown, fields: NonNullable<ReturnType<typeof formFieldsOf>>) {
  let values: Record<string, string> = {};
  if (typeof raw === 'string' && raw.trim()) {
    try {
      const parsed = (JSON.parse(raw) as { values?: unknown }).values;
      if (parsed && typeof parsed === 'object') values = parsed as Record<string, string>;
    } catch {
      throw new ApiFailure(Code.invalidInput, '填写内容格式不正确');
    }
  }
  const clean: Record<string, string> = {};
  for (const f of fields) {
    const v = String(values[f.label] ?? '').trim();
    if (f.required && !v) throw new ApiFailure(Code.invalidInput, `请填写${f.label}`);
    if (v && f.kind === 'number' && !/^-?\d+(\.\d+)?$/.test(v))
      throw new ApiFailure(Code.invalidInput, `${f.label}必须是数字`);
    if (v && f.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v))
      throw new ApiFailure(Code.invalidInput, `${f.label}格式应为YYYY-MM-DD`);
    if (v && f.kind === 'select' && !f.options.includes(v))
      throw new ApiFailure(Code.invalidInput, `${f.label}取值无效`);
    if (v) clean[f.label] = v;
  }
  return clean;
}

/**
 * A document takes its elder's department and its template's name and type; it is rendered when
 * made and again only when its elder, template or form answers change.
 */
export function documentHooks({ family, elder: elderOf, filled }: ServerDocumentFamily): ResourceHooks {
  return {
    async prepare(ctx, row, existing) {
      const oldmanId = Number(row.oldmanId ?? existing?.oldmanId);
      const templateId = Number(row.templateId ?? existing?.templateId);
      const elder = await elderOf(ctx, oldmanId);
      const template = await ownTemplate(ctx, templateId);
      if (!family.templateFamilies.includes(template.isHome))
        throw new ApiFailure(Code.invalidInput, family.wrongTemplate);
      if (!existing && template.status !== 1) throw new ApiFailure(Code.invalidInput, '该模板已停用');
      row.deptId = Number(elder.deptId);
      row.typeId = template.typeId;
      row.title = template.templateName;
      const changed =
        !existing ||
        differs(existing.oldmanId, oldmanId) ||
        differs(existing.templateId, templateId) ||
        (row.formValues !== undefined && differs(existing.formValues, row.formValues));
      if (!changed) return;
      if (template.isHome === TemplateFamily.form) {
        const fields = formFieldsOf(template.content) ?? [];
        const values = checkedFormValues(row.formValues ?? existing?.formValues, fields);
        row.formValues = JSON.stringify({ values });
        row.content = renderFormValues(template.templateName, fields, values);
      } else {
        row.formValues = null;
        row.content = renderTemplate(template.content, await placeholderValues(ctx, elder));
      }
      await filled?.(ctx, oldmanId, templateId, Number(elder.deptId));
    },
  };
}

/** The CRUD calls of a family's documents and the print view of one document. */
export function documentRoutes(server: ServerDocumentFamily): AnyRoute[] {
  const { def, printPath } = server.family;
  return [
    route({
      method: 'GET',
      url: printPath,
      auth: def.authority.view,
      summary: `${def.title}打印页`,
      params: idsOf('dataId'),
      query: noQuery,
      response: printPage,
      async handler(ctx) {
        const doc = await loadRow(ctx, def, ctx.params.dataId);
        await sendPrintPage(ctx, {
          title: `${String(doc.title)}（${String(doc.oldmanName ?? '')}）`,
          body: String(doc.content ?? ''),
          fileName: `${String(doc.title)}-${String(doc.oldmanName ?? doc.dataId)}.html`,
        });
        return SENT;
      },
    }),
  ];
}
