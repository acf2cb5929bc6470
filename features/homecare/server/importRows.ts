import type { MultipartFile } from '@fastify/multipart';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ImportProblem, ImportResult } from '../../../domain/api/oldman.js';
import { Code } from '../../../domain/codes.js';
import { staticDictionaries } from '../../../domain/dictionaries.js';
import { bodySchema, type FieldDef, type ResourceDef } from '../../../domain/resource.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type Ctx, insertRow, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import { readTable } from '../../../server/resources/export.js';

/**
 * Spreadsheet import of any resource (the home-care elder import; the elder archives' own import in
 * features/live/server/oldmanImport.ts follows the same rules and could move onto this): every row is
 * checked with the definition's schema and reported with its reasons; `check` only reports, `all`
 * imports only when every row is right, `valid` imports the right rows, all in the route's transaction.
 */
type ImportMode = 'check' | 'all' | 'valid';

interface ImportSpec {
  def: ResourceDef;
  /** The columns of the file, in template order; headers are the fields' labels (a trailing * allowed). */
  fields: readonly string[];
  hooks: ResourceHooks;
  /** A unique field checked against the table and within the file (the ID card). */
  uniqueField: string;
  /** Turns a ref cell (a name) into its id, or says why not. */
  resolveRef(field: FieldDef, cell: string): number | string;
}

const MAX_ROWS = 5000;
const MAX_BYTES = 10 * 1024 * 1024;
const modeSchema = z.enum(['check', 'all', 'valid'], { error: '导入方式只能是 check、all 或 valid' });

/** The uploaded file (multipart `file`, field `mode`) as rows of cells. */
export async function readUpload(
  ctx: Ctx,
): Promise<{ fileName: string; mode: ImportMode; table: string[][] }> {
  if (!ctx.req.isMultipart()) throw new ApiFailure(Code.uploadRejected, '请以 multipart/form-data 上传文件');
  const part: MultipartFile | undefined = await ctx.req.file({ limits: { fileSize: MAX_BYTES } });
  if (!part) throw new ApiFailure(Code.uploadRejected, '请选择要导入的文件');
  if (!/\.(xlsx|csv)$/i.test(part.filename)) {
    part.file.resume();
    throw new ApiFailure(Code.uploadRejected, '导入文件要求是 xlsx/csv 格式');
  }
  const data = await part.toBuffer().catch(() => {
    throw new ApiFailure(Code.uploadRejected, '导入文件不能超过10MB');
  });
  const modeField = part.fields.mode as { value?: unknown } | undefined;
  const mode = modeSchema.safeParse(modeField?.value ?? 'check');
  if (!mode.success) throw new ApiFailure(Code.invalidInput, mode.error.issues[0]?.message);
  const table = await readTable(part.filename, data).catch(() => {
    throw new ApiFailure(Code.uploadRejected, '无法读取导入文件，请使用导入模板');
  });
  return { fileName: part.filename, mode: mode.data, table };
}

/** The header row of the template: labels, required ones marked with *. */
export const templateHeader = (spec: Pick<ImportSpec, 'def' | 'fields'>) =>
  fieldsOf(spec).map((f) => (f.required ? `${f.label}*` : f.label));

const fieldsOf = (spec: Pick<ImportSpec, 'def' | 'fields'>) =>
  spec.fields.map((name) => spec.def.fields.find((f) => f.name === name) as FieldDef);

/** A dictionary cell may hold the label (半护理) or the stored value. */
function dictValue(f: FieldDef, cell: string): string | number | null {
  const entries = f.dict ? staticDictionaries[f.dict] : [];
  return entries.find((e) => e.label === cell || String(e.value) === cell)?.value ?? null;
}

export async function importRows(ctx: Ctx, spec: ImportSpec, table: string[][], mode: ImportMode) {
  const fields = fieldsOf(spec);
  const schema = bodySchema(spec.def, 'create', spec.fields);
  const [header, ...body] = table;
  const columns = (header ?? []).map((h) => h.replace(/\*$/, '').trim());
  const index = fields.map((f) => columns.indexOf(f.label));
  const missing = fields.filter((f, i) => f.required && index[i] === -1).map((f) => f.label);
  if (missing.length) throw new ApiFailure(Code.invalidInput, `导入文件缺少列：${missing.join('、')}`);
  const rows = body
    .map((cells, i) => ({ cells, line: i + 2 }))
    .filter(({ cells }) => cells.some((c) => c !== ''));
  if (rows.length > MAX_ROWS)
    throw new ApiFailure(Code.invalidInput, `一次最多导入${MAX_ROWS}条，文件有${rows.length}条`);
  const taken = await sql<{
    v: string;
  }>`select ${sql.id(spec.uniqueField)} as v from ${sql.id(spec.def.table)}
    where orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const existing = new Set(taken.rows.map((r) => String(r.v)));
  const seen = new Map<string, number>();
  const problems: ImportProblem[] = [];
  const good: Row[] = [];
  for (const { cells, line } of rows) {
    const raw: Row = {};
    const reasons: string[] = [];
    fields.forEach((f, i) => {
      const cell = (cells[index[i] ?? -1] ?? '').trim();
      if (cell === '') return;
      if (f.type === 'ref') {
        const id = spec.resolveRef(f, cell);
        if (typeof id === 'string') reasons.push(id);
        else raw[f.name] = id;
      } else if (f.type === 'dict' || f.type === 'bool') {
        const value =
          f.type === 'bool' ? ({ 是: 1, 否: 0, '1': 1, '0': 0 } as Row)[cell] : dictValue(f, cell);
        if (value === null || value === undefined) reasons.push(`${f.label}“${cell}”不在可选范围内`);
        else raw[f.name] = value;
      } else raw[f.name] = f.type === 'idcard' ? cell.toUpperCase() : cell;
    });
    if (!reasons.length) {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) reasons.push(...new Set(parsed.error.issues.map((i) => i.message)));
      else {
        const key = String((parsed.data as Row)[spec.uniqueField]);
        const label = spec.def.fields.find((f) => f.name === spec.uniqueField)?.label ?? spec.uniqueField;
        if (existing.has(key)) reasons.push(`该${label}已有${spec.def.title}`);
        else if (seen.has(key)) reasons.push(`与第${seen.get(key)}行${label}重复`);
        else {
          seen.set(key, line);
          good.push(parsed.data as Row);
        }
      }
    }
    if (reasons.length)
      problems.push({
        row: line,
        oldmanName: String(raw[spec.def.nameField] ?? ''),
        reason: reasons.join('；'),
      });
  }
  const write = mode === 'valid' || (mode === 'all' && problems.length === 0);
  if (write) for (const row of good) await insertRow(ctx, spec.def, spec.hooks, row);
  const result: ImportResult = {
    total: rows.length,
    valid: good.length,
    imported: write ? good.length : 0,
    problems,
  };
  return result;
}
