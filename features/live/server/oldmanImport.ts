import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import {
  fileFormatQuery,
  type ImportProblem,
  type ImportResult,
  importResult,
  OldmanPaths as P,
} from '../../../domain/api/oldman.js';
import { Code } from '../../../domain/codes.js';
import { staticDictionaries } from '../../../domain/dictionaries.js';
import { bodySchema, type FieldDef } from '../../../domain/resource.js';
import { LiveAuthority, oldmanResource } from '../../../domain/resources/oldman.js';
import { holdsDept } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route, SENT } from '../../../server/http/route.js';
import { tableFile, uploadBody } from '../../../server/http/schemas.js';
import { insertRow, type Row } from '../../../server/resources/engine.js';
import { readTable, sendTable } from '../../../server/resources/export.js';
import { oldmanHooks } from './oldman.js';

const def = oldmanResource;

/** The columns of the import file, in template order (labels as in the form). */
export const IMPORT_FIELDS = [
  'oldmanName',
  'oldmanIdcard',
  'deptId',
  'phone',
  'ethnicGroup',
  'maritalStatus',
  'education',
  'nursingLevel',
  'selfCareAbility',
  'bloodType',
  'medicalInsurance',
  'economicSource',
  'address',
  'allergies',
] as const;
const fields = IMPORT_FIELDS.map((name) => def.fields.find((f) => f.name === name) as FieldDef);
const schema = bodySchema(def, 'create', IMPORT_FIELDS);
export const MAX_IMPORT_ROWS = 5000;
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** 'check' only reports; 'all' imports only when every row is right; 'valid' imports the right rows. */
const modeSchema = z.enum(['check', 'all', 'valid'], { error: '导入方式只能是 check、all 或 valid' });

export function oldmanImportRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.importTemplate,
      auth: LiveAuthority.archivesImport,
      summary: '下载长者导入模板',
      query: fileFormatQuery,
      response: tableFile,
      async handler(ctx) {
        const { format } = ctx.query;
        const example = [
          '张桂兰',
          '110105194103080025',
          '护理一部',
          '13800001234',
          '汉族',
          '丧偶',
          '小学',
          '半护理',
        ];
        await sendTable(ctx.reply, format, '长者档案导入模板', [
          fields.map((f) => (f.required ? `${f.label}*` : f.label)),
          [...example, ...fields.slice(example.length).map(() => '')],
        ]);
        return SENT;
      },
    }),
    route({
      method: 'POST',
      url: P.import,
      auth: LiveAuthority.archivesImport,
      log: { type: 'IMPORT', name: '导入长者档案' },
      body: uploadBody,
      response: importResult,
      async handler(ctx): Promise<ImportResult> {
        if (!ctx.req.isMultipart())
          throw new ApiFailure(Code.uploadRejected, '请以 multipart/form-data 上传文件');
        const part: MultipartFile | undefined = await ctx.req.file({
          limits: { fileSize: MAX_IMPORT_BYTES },
        });
        if (!part) throw new ApiFailure(Code.uploadRejected, '请选择要导入的文件');
        if (!/\.(xlsx|csv)$/i.test(part.filename)) {
          part.file.resume();
          throw new ApiFailure(Code.uploadRejected, '导入文件要求是 xlsx/csv 格式');
        }
        const data = await part.toBuffer().catch(() => {
          throw new ApiFailure(Code.uploadRejected, '导入文件不能超过10MB');
        });
        const modeField = part.fields.mode as { value?: unknown } | undefined;
        const parsedMode = modeSchema.safeParse(modeField?.value ?? 'check');
        if (!parsedMode.success) throw new ApiFailure(Code.invalidInput, parsedMode.error.issues[0]?.message);
        const mode = parsedMode.data;
        const table = await readTable(part.filename, data).catch(() => {
          throw new ApiFailure(Code.uploadRejected, '无法读取导入文件，请使用导入模板');
        });
        const [header, ...body] = table;
        const columns = (header ?? []).map((h) => h.replace(/\*$/, '').trim());
        const index = fields.map((f) => columns.indexOf(f.label));
        const missing = fields.filter((f, i) => f.required && index[i] === -1).map((f) => f.label);
        if (missing.length) throw new ApiFailure(Code.invalidInput, `导入文件缺少列：${missing.join('、')}`);
        const rows = body
          .map((cells, i) => ({ cells, line: i + 2 }))
          .filter(({ cells }) => cells.some((c) => c !== ''));
        if (rows.length > MAX_IMPORT_ROWS)
          throw new ApiFailure(Code.invalidInput, `一次最多导入${MAX_IMPORT_ROWS}条，文件有${rows.length}条`);

        const depts = await ctx.db
          .selectFrom('dept')
          .select(['deptId', 'deptName'])
          .where('orgId', '=', ctx.user.orgId)
          .execute();
        const deptByName = new Map(depts.map((d) => [d.deptName, d.deptId]));
        const existing = new Set(
          (
            await ctx.db
              .selectFrom('oldman')
              .select('oldmanIdcard')
              .where('orgId', '=', ctx.user.orgId)
              .execute()
          ).map((r) => r.oldmanIdcard),
        );
        const seen = new Map<string, number>();
        const problems: ImportProblem[] = [];
        const good: Row[] = [];
        for (const { cells, line } of rows) {
          const raw: Row = {};
          const reasons: string[] = [];
          fields.forEach((f, i) => {
            const at = index[i] ?? -1;
            const cell = at >= 0 ? (cells[at] ?? '').trim() : '';
            if (cell === '') return;
            if (f.type === 'ref') {
              const deptId = deptByName.get(cell);
              if (deptId === undefined) reasons.push(`${f.label}“${cell}”不存在`);
              else if (!holdsDept(ctx.user, deptId)) reasons.push(`无权导入到${f.label}“${cell}”`);
              else raw[f.name] = deptId;
            } else if (f.type === 'dict' && f.dict) {
              const value = labelToValue(f, cell);
              if (value === null) reasons.push(`${f.label}“${cell}”不在可选范围内`);
              else raw[f.name] = value;
            } else raw[f.name] = f.name === 'oldmanIdcard' ? cell.toUpperCase() : cell;
          });
          const name = String(raw.oldmanName ?? '');
          if (!reasons.length) {
            const parsed = schema.safeParse(raw);
            if (!parsed.success) reasons.push(...new Set(parsed.error.issues.map((i) => i.message)));
            else {
              const idcard = String(parsed.data.oldmanIdcard);
              if (existing.has(idcard)) reasons.push('该身份证号已有档案');
              else if (seen.has(idcard)) reasons.push(`与第${seen.get(idcard)}行身份证号重复`);
              else {
                seen.set(idcard, line);
                good.push(parsed.data as Row);
              }
            }
          }
          if (reasons.length) problems.push({ row: line, oldmanName: name, reason: reasons.join('；') });
        }
        const write = mode === 'valid' || (mode === 'all' && problems.length === 0);
        if (write)
          for (const row of good) await insertRow(ctx, def, oldmanHooks, { ...row, oldmanStatus: 3 });
        ctx.describe(
          mode === 'check'
            ? `检查导入文件 ${part.filename}：${rows.length}条，${problems.length}条有误`
            : `导入长者档案 ${part.filename}：导入${write ? good.length : 0}条，${problems.length}条有误`,
        );
        return { total: rows.length, valid: good.length, imported: write ? good.length : 0, problems };
      },
    }),
  ];
}

/** A dictionary cell may hold the label (汉族) or the stored value (01). */
function labelToValue(f: FieldDef, cell: string): string | number | null {
  const entries = f.dict ? staticDictionaries[f.dict] : [];
  return entries.find((e) => e.label === cell || String(e.value) === cell)?.value ?? null;
}
