import {
  dictionaryDiffAnswer,
  dictionaryDiffQuery,
  dictionaryParams,
  dictionarySaved,
  dictionaryValuesAnswer,
} from '../../../domain/api/settings.js';
import { DictionaryPaths } from '../../../domain/api/settingsPaths.js';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import { dictionaryInput } from '../../../domain/settings.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery, noResult } from '../../../server/http/schemas.js';

async function ownDictionary(db: Db, orgId: number, dictionaryId: number) {
  const row = await db
    .selectFrom('dictionary')
    .selectAll()
    .where('dictionaryId', '=', dictionaryId)
    .where('orgId', '=', orgId)
    .executeTakeFirst();
  if (!row) throw new ApiFailure(Code.notFound, '字典不存在');
  return row;
}

async function codeTaken(db: Db, orgId: number, code: string, except = 0) {
  const row = await db
    .selectFrom('dictionary')
    .select('dictionaryId')
    .where('orgId', '=', orgId)
    .where('dictionaryCode', '=', code)
    .where('dictionaryId', '!=', except)
    .executeTakeFirst();
  if (row) throw new ApiFailure(Code.conflict, '该字典编码已存在');
}

/**
 * Data dictionaries (spec 000 §7 "System settings" and the dictionary lookups). The list is the
 * engine's (features/system/resources.ts); a dictionary is saved with its values in one call.
 */
export function dictionaryRoutes(): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: DictionaryPaths.list,
      auth: Authority.dictionaryAdd,
      body: dictionaryInput,
      response: dictionarySaved,
      log: { type: 'ADD', name: '新增字典' },
      async handler({ db, user, body, describe }) {
        await codeTaken(db, user.orgId, body.dictionaryCode);
        const { values, ...dictionary } = body;
        const { dictionaryId } = await db
          .insertInto('dictionary')
          .values({ ...dictionary, orgId: user.orgId })
          .returning('dictionaryId')
          .executeTakeFirstOrThrow();
        if (values.length)
          await db
            .insertInto('dictionaryValue')
            .values(values.map((v) => ({ ...v, dictionaryId })))
            .execute();
        describe(`新增字典：${body.dictionaryName}`);
        return { dictionaryId };
      },
    }),
    route({
      method: 'GET',
      url: DictionaryPaths.values,
      auth: 'session',
      summary: '字典值',
      params: dictionaryParams,
      query: noQuery,
      response: dictionaryValuesAnswer,
      async handler({ db, user, params }) {
        await ownDictionary(db, user.orgId, params.dictionaryId);
        return db
          .selectFrom('dictionaryValue')
          .selectAll()
          .where('dictionaryId', '=', params.dictionaryId)
          .orderBy('sort')
          .orderBy('valueId')
          .execute();
      },
    }),
    route({
      method: 'PUT',
      url: DictionaryPaths.one,
      auth: Authority.dictionaryEdit,
      params: dictionaryParams,
      body: dictionaryInput,
      response: noResult,
      log: { type: 'UPDATE', name: '修改字典' },
      async handler({ db, user, params, body, describe }) {
        await ownDictionary(db, user.orgId, params.dictionaryId);
        await codeTaken(db, user.orgId, body.dictionaryCode, params.dictionaryId);
        const { values, ...dictionary } = body;
        await db
          .updateTable('dictionary')
          .set(dictionary)
          .where('dictionaryId', '=', params.dictionaryId)
          .execute();
        await db.deleteFrom('dictionaryValue').where('dictionaryId', '=', params.dictionaryId).execute();
        if (values.length)
          await db
            .insertInto('dictionaryValue')
            .values(values.map((v) => ({ ...v, dictionaryId: params.dictionaryId })))
            .execute();
        describe(`修改字典：${body.dictionaryName}`);
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: DictionaryPaths.one,
      auth: Authority.dictionaryDelete,
      params: dictionaryParams,
      response: noResult,
      log: { type: 'DELETE', name: '删除字典' },
      async handler({ db, user, params, describe }) {
        const row = await ownDictionary(db, user.orgId, params.dictionaryId);
        await db.deleteFrom('dictionary').where('dictionaryId', '=', params.dictionaryId).execute();
        describe(`删除字典：${row.dictionaryName}`);
        return null;
      },
    }),
    route({
      method: 'GET',
      url: DictionaryPaths.diff,
      auth: 'session',
      summary: '字典值（按字典编码）',
      query: dictionaryDiffQuery,
      response: dictionaryDiffAnswer,
      async handler({ db, user, query }) {
        return db
          .selectFrom('dictionaryValue')
          .innerJoin('dictionary', 'dictionary.dictionaryId', 'dictionaryValue.dictionaryId')
          .select([
            'dictionaryValue.valueId as dictionaryId',
            'dictionaryValue.valueName as dictionaryName',
            'dictionaryValue.valueCode',
          ])
          .where('dictionary.orgId', '=', user.orgId)
          .where('dictionary.dictionaryCode', '=', query.dictionaryCode)
          .orderBy('dictionaryValue.sort')
          .execute();
      },
    }),
  ];
}
