import { sql } from 'kysely';
import { localDateTime, nowStamp, today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { Authority } from '../../../domain/menus.js';
import {
  ContractStatus,
  contractAlwaysEditable,
  contractMoveAllowed,
  contractResource,
  oldmanTemplateResource,
  renderTemplate,
  templateDataResource,
} from '../../../domain/resources/contract.js';
import { institutionDocuments, TemplateFamily } from '../../../domain/resources/documents.js';
import { LiveAuthority, oldmanResource } from '../../../domain/resources/oldman.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { sendPrintPage } from '../../../server/http/printPage.js';
import { type AnyRoute, route, SENT } from '../../../server/http/route.js';
import { idsOf, noQuery, noResult, printPage } from '../../../server/http/schemas.js';
import {
  type Ctx,
  insertRow,
  loadRow,
  type ResourceHooks,
  type Row,
  updateRow,
} from '../../../server/resources/engine.js';
import {
  bindBody,
  bindingQuery,
  bindingSortBody,
  bound,
  documentCreate,
  documentParams,
  documentQuery,
  documentRow,
  documentSaved,
  documentUpdate,
  elderDocuments,
  elderDocumentsQuery,
  elderOptionalQuery,
  elderQuery,
  ContractPaths as P,
  templateDocuments,
  templateParams,
  templateSortBody,
  turnOver,
  turnOverQuery,
  unboundTemplates,
} from '../api/contract.js';
import {
  differs,
  documentHooks,
  documentRoutes,
  ownTemplate,
  placeholderValues,
  type ServerDocumentFamily,
} from './documents.js';
import { oldmanHooks } from './oldman.js';

/** The elder (own organisation and data department) with bed path and age, or a refusal. */
const elderOf = (ctx: Ctx, oldmanId: number) => loadRow(ctx, oldmanResource, oldmanId, oldmanHooks);

/** HT + day + a four-digit number of the day within the organisation: HT202611230001. */
async function nextContractNo(ctx: Ctx) {
  const prefix = `HT${today().replaceAll('-', '')}`;
  const last = await sql<{
    contractNo: string;
  }>`select contractNo from contract where orgId = ${ctx.user.orgId}
    and contractNo like ${`${prefix}%`} and length(contractNo) = ${prefix.length + 4}
    order by contractNo desc limit 1`.execute(ctx.db);
  const seq = Number(last.rows[0]?.contractNo.slice(prefix.length) ?? 0) + 1;
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

const statusName = (s: unknown) => dictLabel('contractStatus', s as number) || String(s);

export const contractHooks: ResourceHooks = {
  async prepare(ctx, row, existing) {
    const merged: Row = {
      ...existing,
      ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)),
    };
    if (existing) {
      const from = Number(existing.contractStatus);
      const to = Number(merged.contractStatus);
      if (!contractMoveAllowed(from, to))
        throw new ApiFailure(Code.conflict, `合同状态不能从“${statusName(from)}”改为“${statusName(to)}”`);
      // A signed contract is what both parties signed: only its status and remark move on.
      const locked = Object.keys(row).filter(
        (k) => !(contractAlwaysEditable as readonly string[]).includes(k) && k !== 'deptId',
      );
      if (from !== ContractStatus.draft && locked.some((k) => differs(row[k], existing[k])))
        throw new ApiFailure(Code.conflict, '已生效或已终止的合同只能修改状态和备注');
    } else {
      row.contractStatus ??= ContractStatus.draft;
      merged.contractStatus = row.contractStatus;
    }
    if (String(merged.endDate) <= String(merged.startDate))
      throw new ApiFailure(Code.invalidInput, '合同结束日期须晚于开始日期');
    const elder = await elderOf(ctx, Number(merged.oldmanId));
    row.deptId = Number(elder.deptId);
    const template = await ownTemplate(ctx, Number(merged.templateId));
    if (template.isHome === TemplateFamily.form)
      throw new ApiFailure(Code.invalidInput, '合同模板须为文书模板');
    if (!existing && template.status !== 1) throw new ApiFailure(Code.invalidInput, '该合同模板已停用');
    if (!existing && !row.contractNo) row.contractNo = await nextContractNo(ctx);
    if (existing && !row.contractNo) delete row.contractNo;
    merged.contractNo = row.contractNo ?? existing?.contractNo;
    // Rendered once and kept: a later template edit never changes a contract. A draft follows
    // its own edits; a signed one cannot change what it was rendered from (checked above).
    if (!existing || Number(existing.contractStatus) === ContractStatus.draft)
      row.content = renderTemplate(template.content, await placeholderValues(ctx, elder, merged));
  },
  beforeRemove(_ctx, row) {
    if (Number(row.contractStatus) !== ContractStatus.draft)
      throw new ApiFailure(Code.conflict, '只能删除草稿状态的合同，已生效的合同请改为终止');
  },
};

/** Binds a template to an elder unless it already is; the new one goes last. */
async function bind(ctx: Ctx, oldmanId: number, templateId: number, deptId: number) {
  const found = await sql`select id from oldmanTemplate where orgId = ${ctx.user.orgId}
    and oldmanId = ${oldmanId} and templateId = ${templateId}`.execute(ctx.db);
  if (found.rows.length) return false;
  const last = await sql<{ sort: number | null }>`select max(sort) as sort from oldmanTemplate
    where orgId = ${ctx.user.orgId} and oldmanId = ${oldmanId}`.execute(ctx.db);
  const sort = (last.rows[0]?.sort ?? -1) + 1;
  const now = nowStamp();
  await sql`insert into oldmanTemplate (orgId, deptId, oldmanId, templateId, sort, createTime, updateTime, createBy)
    values (${ctx.user.orgId}, ${deptId}, ${oldmanId}, ${templateId}, ${sort}, ${now}, ${now}, ${ctx.user.userId})`.execute(
    ctx.db,
  );
  return true;
}

/** Institution documents: for elders with a profile; making one binds its template to the elder. */
const institution: ServerDocumentFamily = { family: institutionDocuments, elder: elderOf, filled: bind };
export const templateDataHooks = documentHooks(institution);

/** Binding rows carry their template's name and type, and how many documents the elder has of it. */
export const oldmanTemplateHooks: ResourceHooks = {
  async decorate(db, rows) {
    for (const row of rows) {
      const info = await sql<{ typeId: number; typeName: string; docs: number; lastTime: string | null }>`
        select t.typeId, ty.typeName,
          (select count(*) from templateData d where d.oldmanId = ${Number(row.oldmanId)} and d.templateId = t.templateId) as docs,
          (select max(createTime) from templateData d where d.oldmanId = ${Number(row.oldmanId)} and d.templateId = t.templateId) as lastTime
        from template t join templateType ty on ty.typeId = t.typeId where t.templateId = ${Number(row.templateId)}`.execute(
        db,
      );
      Object.assign(row, info.rows[0] ?? {});
    }
  },
};

/** Pickers need names and order, not each template's whole text. */
export const templateListHooks: ResourceHooks = {
  decorate(_db, rows) {
    for (const row of rows) delete row.content;
  },
};

export function contractRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.download,
      auth: LiveAuthority.contract,
      summary: '打印合同',
      params: idsOf('contractId'),
      query: noQuery,
      response: printPage,
      async handler(ctx) {
        const contract = await loadRow(ctx, contractResource, ctx.params.contractId);
        await sendPrintPage(ctx, {
          title: `${String(contract.templateName ?? '合同')}（${String(contract.contractNo)}）`,
          body: String(contract.content ?? ''),
          fileName: `${String(contract.contractNo)}.html`,
        });
        return SENT;
      },
    }),
    ...documentRoutes(institution),
    route({
      method: 'GET',
      url: P.turnOver,
      auth: LiveAuthority.contract,
      summary: '交接班期间新增的文书',
      query: turnOverQuery,
      response: turnOver,
      async handler(ctx) {
        const endTime = ctx.query.endTime ?? nowStamp();
        const startTime = ctx.query.startTime ?? localDateTime(Date.now() - 24 * 3600_000);
        const rows =
          await sql<Row>`select d.dataId, d.templateId, d.title, d.oldmanId, o.oldmanName, d.remark,
            d.createTime, d.createBy, e.empName as createName
          from templateData d join oldman o on o.oldmanId = d.oldmanId
          left join users u on u.userId = d.createBy left join emp e on e.empId = u.empId
          where d.orgId = ${ctx.user.orgId} and ${inReadDepts('d.deptId', ctx.user)}
            and d.createTime >= ${startTime} and d.createTime <= ${endTime}
          order by d.templateId, d.createTime`.execute(ctx.db);
        const groups = new Map<number, { templateId: number; title: string; count: number; items: Row[] }>();
        for (const r of rows.rows) {
          const key = Number(r.templateId);
          const g = groups.get(key) ?? { templateId: key, title: String(r.title), count: 0, items: [] };
          g.count += 1;
          g.items.push(r);
          groups.set(key, g);
        }
        return { startTime, endTime, total: rows.rows.length, groups: [...groups.values()] };
      },
    }),
    route({
      method: 'GET',
      url: P.byTemplate,
      auth: LiveAuthority.contract,
      summary: '模板的文书',
      params: templateParams,
      query: elderOptionalQuery,
      response: templateDocuments,
      async handler(ctx) {
        const template = await ownTemplate(ctx, ctx.params.templateId);
        if (ctx.query.oldmanId) await elderOf(ctx, ctx.query.oldmanId);
        const records =
          await sql<Row>`select d.*, o.oldmanName from templateData d join oldman o on o.oldmanId = d.oldmanId
          where d.orgId = ${ctx.user.orgId} and d.templateId = ${template.templateId} and ${inReadDepts('d.deptId', ctx.user)}
          ${ctx.query.oldmanId ? sql`and d.oldmanId = ${ctx.query.oldmanId}` : sql``}
          order by d.dataId desc limit 200`.execute(ctx.db);
        return { template, records: records.rows };
      },
    }),
    route({
      method: 'POST',
      url: P.bindings,
      auth: LiveAuthority.contractAdd,
      body: bindBody,
      response: bound,
      log: { type: 'ADD', name: '为长者添加模板' },
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.body.oldmanId);
        let added = 0;
        for (const templateId of ctx.body.templateIds) {
          const template = await ownTemplate(ctx, templateId);
          if (!institutionDocuments.templateFamilies.includes(template.isHome))
            throw new ApiFailure(Code.invalidInput, institutionDocuments.wrongTemplate);
          if (await bind(ctx, ctx.body.oldmanId, templateId, Number(elder.deptId))) added += 1;
        }
        ctx.describe(`为长者添加模板：${String(elder.oldmanName)}，${added}个`);
        return { added };
      },
    }),
    route({
      method: 'DELETE',
      url: P.bindings,
      auth: LiveAuthority.contractDelete,
      query: bindingQuery,
      response: noResult,
      log: { type: 'DELETE', name: '移除长者模板' },
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.query.oldmanId);
        const docs = await sql`select 1 from templateData where oldmanId = ${ctx.query.oldmanId}
          and templateId = ${ctx.query.templateId} limit 1`.execute(ctx.db);
        if (docs.rows.length) throw new ApiFailure(Code.conflict, '该长者已有此模板的文书，请先删除文书');
        const gone = await sql`delete from oldmanTemplate where orgId = ${ctx.user.orgId}
          and oldmanId = ${ctx.query.oldmanId} and templateId = ${ctx.query.templateId}`.execute(ctx.db);
        if (!Number(gone.numAffectedRows ?? 0)) throw new ApiFailure(Code.notFound, '该长者未添加此模板');
        ctx.describe(`移除长者模板：${String(elder.oldmanName)}`);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: P.unbound,
      auth: LiveAuthority.contract,
      summary: '长者未绑定的文书模板',
      query: elderQuery,
      response: unboundTemplates,
      async handler(ctx) {
        await elderOf(ctx, ctx.query.oldmanId);
        const rows = await sql<Row>`select t.templateId, t.templateName, t.typeId, ty.typeName, ty.isHome
          from template t join templateType ty on ty.typeId = t.typeId
          where t.orgId = ${ctx.user.orgId} and t.status = 1
            and ty.isHome in (${sql.join([...institutionDocuments.templateFamilies])}) and t.templateId not in
            (select templateId from oldmanTemplate where oldmanId = ${ctx.query.oldmanId})
          order by ty.sort, t.sort, t.templateId`.execute(ctx.db);
        return rows.rows;
      },
    }),
    route({
      method: 'PUT',
      url: P.bindingSort,
      auth: LiveAuthority.contractEdit,
      body: bindingSortBody,
      response: noResult,
      log: { type: 'UPDATE', name: '长者模板排序' },
      async handler(ctx) {
        for (const item of ctx.body) await loadRow(ctx, oldmanTemplateResource, item.id);
        for (const item of ctx.body)
          await sql`update oldmanTemplate set sort = ${item.sort}, updateTime = ${nowStamp()} where id = ${item.id}`.execute(
            ctx.db,
          );
        return null;
      },
    }),
    route({
      method: 'POST',
      url: P.add,
      auth: LiveAuthority.contractAdd,
      log: { type: 'ADD', name: '新增文书' },
      body: documentCreate,
      response: documentSaved,
      async handler(ctx) {
        return { dataId: await insertRow(ctx, templateDataResource, templateDataHooks, ctx.body) };
      },
    }),
    route({
      method: 'PUT',
      url: P.edit,
      auth: LiveAuthority.contractEdit,
      log: { type: 'UPDATE', name: '修改文书' },
      body: documentUpdate,
      response: documentSaved,
      async handler(ctx) {
        const body = ctx.body as Row;
        const existing = await loadRow(ctx, templateDataResource, Number(body.dataId));
        await updateRow(ctx, templateDataResource, templateDataHooks, existing, body);
        return { dataId: Number(body.dataId) };
      },
    }),
    route({
      method: 'GET',
      url: P.detail,
      auth: LiveAuthority.contract,
      summary: '文书详情',
      query: documentQuery,
      response: documentRow,
      handler: (ctx) => loadRow(ctx, templateDataResource, ctx.query.id),
    }),
    route({
      method: 'GET',
      url: P.list,
      auth: LiveAuthority.contract,
      summary: '长者的文书',
      query: elderDocumentsQuery,
      response: elderDocuments,
      async handler(ctx) {
        await elderOf(ctx, ctx.query.oldmanId);
        const rows =
          await sql<Row>`select d.dataId, d.templateId, d.typeId, d.title, d.remark, d.createTime, d.updateTime
          from templateData d where d.orgId = ${ctx.user.orgId} and d.oldmanId = ${ctx.query.oldmanId}
          ${ctx.query.templateId ? sql`and d.templateId = ${ctx.query.templateId}` : sql``}
          order by d.dataId desc`.execute(ctx.db);
        return rows.rows;
      },
    }),
    route({
      method: 'DELETE',
      url: P.remove,
      auth: LiveAuthority.contractDelete,
      params: documentParams,
      response: noResult,
      log: { type: 'DELETE', name: '删除文书' },
      async handler(ctx) {
        const row = await loadRow(ctx, templateDataResource, ctx.params.id);
        if (Number(row.templateId) !== ctx.params.templateId)
          throw new ApiFailure(Code.notFound, '文书不存在');
        await sql`delete from templateData where dataId = ${ctx.params.id}`.execute(ctx.db);
        ctx.describe(`删除文书：${String(row.title)}（${String(row.oldmanName)}）`);
        return null;
      },
    }),
    route({
      method: 'PUT',
      url: P.templateSort,
      auth: Authority.templateDocument,
      body: templateSortBody,
      response: noResult,
      log: { type: 'UPDATE', name: '模板排序' },
      async handler(ctx) {
        for (const item of ctx.body) await ownTemplate(ctx, item.templateId);
        for (const item of ctx.body)
          await sql`update template set sort = ${item.sort} where templateId = ${item.templateId}`.execute(
            ctx.db,
          );
        // Templates never ordered would sort first (null); they go after the ordered ones instead.
        await sql`update template set sort = (select coalesce(max(sort), 0) from template where orgId = ${ctx.user.orgId}) + 1
          where orgId = ${ctx.user.orgId} and sort is null`.execute(ctx.db);
        return null;
      },
    }),
  ];
}
