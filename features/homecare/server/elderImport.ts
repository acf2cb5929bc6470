import { sql } from 'kysely';
import { importResult } from '../../../domain/api/oldman.js';
import { HomecareAuthority as A } from '../../../domain/statuses/homecare.js';
import { holdsDept } from '../../../server/http/deptScope.js';
import { type AnyRoute, route, SENT } from '../../../server/http/route.js';
import { tableFile, uploadBody } from '../../../server/http/schemas.js';
import { sendTable } from '../../../server/resources/export.js';
import { downloadQuery, HomecarePaths } from '../api.js';
import { homeOldmanResource as def } from '../resources/elders.js';
import { homeOldmanHooks } from './elders.js';
import { importRows, readUpload, templateHeader } from './importRows.js';

/** The columns of the home-elder import file, in template order. */
const IMPORT_FIELDS = [
  'oldmanName',
  'oldmanIdcard',
  'phone',
  'deptId',
  'areaId',
  'address',
  'nursingLevel',
  'selfCareAbility',
  'livingAlone',
  'serviceNeeds',
  'remark',
] as const;

/** oldmanBase/import (xlsx/csv, modes check | all | valid) and download (its template). */
export function homecareImportRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: HomecarePaths.download,
      auth: A.archivesAdd,
      summary: '下载居家长者导入模板',
      query: downloadQuery,
      response: tableFile,
      async handler(ctx) {
        const { format } = ctx.query;
        const example = [
          '沈阿婆',
          '110105194203110025',
          '13805710001',
          '护理一部',
          '西湖街道',
          '文三路 12 号',
        ];
        await sendTable(ctx.reply, format, '居家档案导入模板', [
          templateHeader({ def, fields: IMPORT_FIELDS }),
          [...example, ...IMPORT_FIELDS.slice(example.length).map(() => '')],
        ]);
        return SENT;
      },
    }),
    route({
      method: 'POST',
      url: HomecarePaths.import,
      auth: A.archivesAdd,
      body: uploadBody,
      response: importResult,
      log: { type: 'IMPORT', name: '导入居家档案' },
      async handler(ctx) {
        const { fileName, mode, table } = await readUpload(ctx);
        const depts = await ctx.db
          .selectFrom('dept')
          .select(['deptId', 'deptName'])
          .where('orgId', '=', ctx.user.orgId)
          .execute();
        const deptByName = new Map(depts.map((d) => [d.deptName, d.deptId]));
        const areas = await sql<{ areaId: number; areaName: string }>`select areaId, areaName from homeArea
          where orgId = ${ctx.user.orgId}`.execute(ctx.db);
        const areaByName = new Map(areas.rows.map((a) => [a.areaName, a.areaId]));
        const result = await importRows(
          ctx,
          {
            def,
            fields: IMPORT_FIELDS,
            hooks: homeOldmanHooks,
            uniqueField: 'oldmanIdcard',
            resolveRef(field, cell) {
              if (field.name === 'areaId') return areaByName.get(cell) ?? `${field.label}“${cell}”不存在`;
              const deptId = deptByName.get(cell);
              if (deptId === undefined) return `${field.label}“${cell}”不存在`;
              if (!holdsDept(ctx.user, deptId)) return `无权导入到${field.label}“${cell}”`;
              return deptId;
            },
          },
          table,
          mode,
        );
        ctx.describe(
          mode === 'check'
            ? `检查导入文件 ${fileName}：${result.total}条，${result.problems.length}条有误`
            : `导入居家档案 ${fileName}：导入${result.imported}条，${result.problems.length}条有误`,
        );
        return result;
      },
    }),
  ];
}
