import {
  templateContent,
  templateFileCreate,
  templateFileRename,
  templateFileSaved,
  templateFilesAnswer,
  templateInput,
  templateParams,
  templateQuery,
  templateSaved,
  templateTypeCreate,
  templateTypeOrder,
  templateTypeQuery,
  templateTypeSaved,
  templateTypesAnswer,
  templateTypesQuery,
  templateTypeUpdate,
  templateWithFiles,
} from '../../../domain/api/settings.js';
import { FormTemplatePaths } from '../../../domain/api/settingsPaths.js';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery, noResult } from '../../../server/http/schemas.js';

const AUTH = Authority.templateDocument;

async function ownType(db: Db, orgId: number, typeId: number) {
  const row = await db
    .selectFrom('templateType')
    .selectAll()
    .where('typeId', '=', typeId)
    .where('orgId', '=', orgId)
    .executeTakeFirst();
  if (!row) throw new ApiFailure(Code.notFound, '模板类型不存在');
  return row;
}
async function refuseTakenName(db: Db, orgId: number, isHome: number, name: string, except?: number) {
  let q = db
    .selectFrom('templateType')
    .select('typeId')
    .where('orgId', '=', orgId)
    .where('typeName', '=', name)
    .where('isHome', '=', isHome);
  if (except !== undefined) q = q.where('typeId', '!=', except);
  if (await q.executeTakeFirst()) throw new ApiFailure(Code.conflict, '该模板类型已存在');
}
async function ownTemplate(db: Db, orgId: number, templateId: number) {
  const row = await db
    .selectFrom('template')
    .selectAll()
    .where('templateId', '=', templateId)
    .where('orgId', '=', orgId)
    .executeTakeFirst();
  if (!row) throw new ApiFailure(Code.notFound, '模板不存在');
  return row;
}

/**
 * Form and document templates (spec 000 §7 /api/form/org/...): types with sort, templates, their
 * files. The templates of a type are listed by the engine (features/system/resources.ts).
 */
export function formTemplateRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: FormTemplatePaths.types,
      auth: 'session',
      summary: '模板类型',
      query: templateTypesQuery,
      response: templateTypesAnswer,
      handler({ db, user, query }) {
        let q = db.selectFrom('templateType').selectAll().where('orgId', '=', user.orgId);
        if (query.isHome !== undefined) q = q.where('isHome', '=', query.isHome);
        return q.orderBy('sort').orderBy('typeId').execute();
      },
    }),
    route({
      method: 'POST',
      url: FormTemplatePaths.types,
      auth: AUTH,
      body: templateTypeCreate,
      response: templateTypeSaved,
      log: { type: 'ADD', name: '新增模板类型' },
      async handler({ db, user, body, describe }) {
        await refuseTakenName(db, user.orgId, body.isHome, body.typeName);
        // Without a sort the new type goes last, not first.
        const last = await db
          .selectFrom('templateType')
          .select((eb) => eb.fn.max('sort').as('sort'))
          .where('orgId', '=', user.orgId)
          .where('isHome', '=', body.isHome)
          .executeTakeFirst();
        describe(`新增模板类型：${body.typeName}`);
        return db
          .insertInto('templateType')
          .values({ ...body, sort: body.sort ?? (last?.sort ?? -1) + 1, orgId: user.orgId })
          .returning('typeId')
          .executeTakeFirstOrThrow();
      },
    }),
    route({
      method: 'PUT',
      url: FormTemplatePaths.types,
      auth: AUTH,
      body: templateTypeUpdate,
      response: noResult,
      log: { type: 'UPDATE', name: '修改模板类型' },
      async handler({ db, user, body, describe }) {
        const row = await ownType(db, user.orgId, body.typeId);
        // A rename to a name the family already has would break the unique index (a 500).
        await refuseTakenName(db, user.orgId, row.isHome, body.typeName, body.typeId);
        await db
          .updateTable('templateType')
          .set({ typeName: body.typeName, sort: body.sort ?? row.sort })
          .where('typeId', '=', body.typeId)
          .execute();
        describe(`修改模板类型：${row.typeName} → ${body.typeName}`);
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: FormTemplatePaths.types,
      auth: AUTH,
      query: templateTypeQuery,
      response: noResult,
      log: { type: 'DELETE', name: '删除模板类型' },
      async handler({ db, user, query, describe }) {
        const row = await ownType(db, user.orgId, query.typeId);
        const used = await db
          .selectFrom('template')
          .select('templateId')
          .where('typeId', '=', query.typeId)
          .executeTakeFirst();
        if (used) throw new ApiFailure(Code.conflict, '该类型下仍有模板，不能删除');
        await db.deleteFrom('templateType').where('typeId', '=', query.typeId).execute();
        describe(`删除模板类型：${row.typeName}`);
        return null;
      },
    }),
    route({
      method: 'PUT',
      url: FormTemplatePaths.typeSort,
      auth: AUTH,
      body: templateTypeOrder,
      response: noResult,
      log: { type: 'UPDATE', name: '模板类型排序' },
      async handler({ db, user, body }) {
        for (const item of body) await ownType(db, user.orgId, item.typeId);
        for (const item of body)
          await db
            .updateTable('templateType')
            .set({ sort: item.sort })
            .where('typeId', '=', item.typeId)
            .execute();
        return null;
      },
    }),
    route({
      method: 'PUT',
      url: FormTemplatePaths.templates,
      auth: AUTH,
      body: templateInput,
      response: templateSaved,
      log: { type: 'UPDATE', name: '保存模板' },
      async handler({ db, user, body, describe }) {
        const type = await ownType(db, user.orgId, body.typeId);
        const { templateId, ...values } = body;
        const updateTime = nowStamp();
        describe(`保存模板：${body.templateName}`);
        if (templateId) {
          const current = await ownTemplate(db, user.orgId, templateId);
          const from = await ownType(db, user.orgId, current.typeId);
          if (from.isHome !== type.isHome)
            throw new ApiFailure(Code.invalidInput, '不能移到其他类别的模板类型');
          await db
            .updateTable('template')
            .set({ ...values, updateTime })
            .where('templateId', '=', templateId)
            .execute();
          return { templateId };
        }
        return db
          .insertInto('template')
          .values({
            ...values,
            content: values.content ?? '',
            status: values.status ?? 1,
            orgId: user.orgId,
            updateTime,
          })
          .returning('templateId')
          .executeTakeFirstOrThrow();
      },
    }),
    route({
      method: 'PUT',
      url: FormTemplatePaths.content,
      auth: AUTH,
      body: templateContent,
      response: noResult,
      log: { type: 'UPDATE', name: '编辑模板内容' },
      async handler({ db, user, body }) {
        await ownTemplate(db, user.orgId, body.templateId);
        await db
          .updateTable('template')
          .set({ content: body.content, updateTime: nowStamp() })
          .where('templateId', '=', body.templateId)
          .execute();
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: FormTemplatePaths.template,
      auth: AUTH,
      params: templateParams,
      response: noResult,
      log: { type: 'DELETE', name: '删除模板' },
      async handler({ db, user, params, describe }) {
        const row = await ownTemplate(db, user.orgId, params.templateId);
        await db.deleteFrom('template').where('templateId', '=', params.templateId).execute();
        describe(`删除模板：${row.templateName}`);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: FormTemplatePaths.files,
      auth: 'session',
      summary: '模板附件',
      query: templateQuery,
      response: templateFilesAnswer,
      async handler({ db, user, query }) {
        await ownTemplate(db, user.orgId, query.templateId);
        return db.selectFrom('templateFile').selectAll().where('templateId', '=', query.templateId).execute();
      },
    }),
    route({
      method: 'POST',
      url: FormTemplatePaths.files,
      auth: AUTH,
      body: templateFileCreate,
      response: templateFileSaved,
      log: { type: 'ADD', name: '添加模板文件' },
      async handler({ db, user, body }) {
        await ownTemplate(db, user.orgId, body.templateId);
        return db.insertInto('templateFile').values(body).returning('fileId').executeTakeFirstOrThrow();
      },
    }),
    route({
      method: 'PUT',
      url: FormTemplatePaths.files,
      auth: AUTH,
      body: templateFileRename,
      response: noResult,
      log: { type: 'UPDATE', name: '重命名模板文件' },
      async handler({ db, user, body }) {
        const row = await db
          .selectFrom('templateFile')
          .innerJoin('template', 'template.templateId', 'templateFile.templateId')
          .select('templateFile.fileId')
          .where('templateFile.fileId', '=', body.fileId)
          .where('template.orgId', '=', user.orgId)
          .executeTakeFirst();
        if (!row) throw new ApiFailure(Code.notFound, '模板文件不存在');
        await db
          .updateTable('templateFile')
          .set({ fileName: body.fileName })
          .where('fileId', '=', body.fileId)
          .execute();
        return null;
      },
    }),
    route({
      method: 'POST',
      url: FormTemplatePaths.copy,
      auth: AUTH,
      body: templateQuery,
      response: templateSaved,
      log: { type: 'ADD', name: '复制模板' },
      async handler({ db, user, body }) {
        const source = await ownTemplate(db, user.orgId, body.templateId);
        const { templateId: _id, ...rest } = source;
        const copy = await db
          .insertInto('template')
          .values({
            ...rest,
            templateName: `${source.templateName}（副本）`,
            updateTime: nowStamp(),
          })
          .returning('templateId')
          .executeTakeFirstOrThrow();
        const files = await db
          .selectFrom('templateFile')
          .select(['fileName', 'urlPath'])
          .where('templateId', '=', body.templateId)
          .execute();
        if (files.length)
          await db
            .insertInto('templateFile')
            .values(files.map((f) => ({ ...f, templateId: copy.templateId })))
            .execute();
        return copy;
      },
    }),
    route({
      method: 'GET',
      url: FormTemplatePaths.withFiles,
      auth: 'session',
      summary: '模板及附件',
      params: templateParams,
      query: noQuery,
      response: templateWithFiles,
      async handler({ db, user, params }) {
        const template = await ownTemplate(db, user.orgId, params.templateId);
        const files = await db
          .selectFrom('templateFile')
          .selectAll()
          .where('templateId', '=', params.templateId)
          .execute();
        return { ...template, files };
      },
    }),
    route({
      method: 'DELETE',
      url: FormTemplatePaths.withFiles,
      auth: AUTH,
      params: templateParams,
      response: noResult,
      log: { type: 'DELETE', name: '删除模板文件' },
      async handler({ db, user, params }) {
        await ownTemplate(db, user.orgId, params.templateId);
        await db.deleteFrom('templateFile').where('templateId', '=', params.templateId).execute();
        return null;
      },
    }),
  ];
}
