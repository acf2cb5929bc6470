import { localDateTime, localDay, today } from '../../domain/clock.js';
import { ageOn, idCardFacts } from '../../domain/idCard.js';
import { bodySchema, type FieldDef, fenToYuan, type ResourceDef, yuanToFen } from '../../domain/resource.js';
import type { Row } from './format.js';

/** What the inputs hold: text as typed (money in yuan), 0/1 for switches, null for no region. */
export type FormValue = string | number | null;
export type FormValues = Record<string, FormValue>;
export type FormMode = 'create' | 'edit';
/** Messages by field name; '' holds those of no shown field. */
export type FieldErrors = Record<string, string>;

/** The fields a form shows: not hidden, within `only`, read-only ones only when editing. */
export const formFields = (def: ResourceDef, mode: FormMode, only?: readonly string[]): FieldDef[] =>
  def.fields.filter(
    (f) => !f.hidden && !f.computed && (!only || only.includes(f.name)) && !(f.readOnly && mode === 'create'),
  );

function toFormValue(f: FieldDef, v: unknown): FormValue {
  if (f.type === 'bool')
    return v === undefined || v === null || v === '' ? 0 : Number(v) === 1 || v === true ? 1 : 0;
  if (v === undefined || v === null) return f.type === 'region' ? null : '';
  if (f.type === 'money') return Number.isFinite(Number(v)) ? fenToYuan(Math.round(Number(v))) : String(v);
  // the date-time box reads and writes 'YYYY-MM-DD HH:mm:ss', as the server does
  if (f.type === 'datetime') return String(v).replace('T', ' ').slice(0, 19);
  return String(v);
}

/** Input values for every field of a row (or of nothing, for a new record). */
export function toFormValues(def: ResourceDef, initial: Row | undefined): FormValues {
  const values: FormValues = {};
  for (const f of def.fields) values[f.name] = toFormValue(f, initial?.[f.name]);
  return values;
}

/**
 * The elder's ID-card number fixes birth date, sex and age: a form that has those fields fills them
 * as soon as the number is valid (the field's hint promises it; the server derives them again).
 */
export function withIdCardFacts(def: ResourceDef, values: FormValues): FormValues {
  const idcard = values.oldmanIdcard;
  if (typeof idcard !== 'string') return values;
  const facts = idCardFacts(idcard.trim().toUpperCase());
  if (!facts) return values;
  const has = (name: string) => def.fields.some((f) => f.name === name);
  const next = { ...values };
  if (has('birthday')) next.birthday = facts.birthday;
  if (has('sex')) next.sex = String(facts.sex);
  if (has('age')) next.age = String(ageOn(facts.birthday, today()));
  return next;
}

function toWire(f: FieldDef, v: FormValue): { value: unknown; error?: string } {
  if (typeof v !== 'string' || v.trim() === '') return { value: v };
  if (f.type === 'money') {
    const fen = yuanToFen(v);
    return fen === null ? { value: v, error: `${f.label}应为数字（元），最多两位小数` } : { value: fen };
  }
  if (f.type === 'datetime') return { value: v.replace('T', ' ') };
  return { value: v };
}

/**
 * The body a create or an update sends, checked by the same schema as the server's
 * (domain/resource.ts bodySchema): fen for yuan, the id of the edited row, only the fields of
 * `only` when given. Fields the form does not show keep the initial row's value, so saving a
 * whole record does not blank what another screen sets.
 */
export function toBody(
  def: ResourceDef,
  mode: FormMode,
  values: FormValues,
  initial: Row | undefined,
  only?: readonly string[],
): { body: Record<string, unknown>; errors: null } | { body: null; errors: FieldErrors } {
  const candidate: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const f of def.fields) {
    if (f.readOnly || (only && !only.includes(f.name))) continue;
    const { value, error } = toWire(f, values[f.name] ?? null);
    candidate[f.name] = value;
    if (error) errors[f.name] = error;
  }
  if (mode === 'edit') candidate[def.idField] = initial?.[def.idField];
  if (def.deptScoped && initial?.deptId != null && !def.fields.some((f) => f.name === 'deptId'))
    candidate.deptId = initial.deptId;
  const parsed = bodySchema(def, mode === 'create' ? 'create' : 'update', only).safeParse(candidate);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      errors[key] ??= issue.message;
    }
  if (Object.keys(errors).length || !parsed.success) return { body: null, errors };
  const body = parsed.data as Record<string, unknown>;
  // the schema leaves a blank optional field out; an update must say it is now empty
  for (const name of Object.keys(candidate))
    if (body[name] === undefined && name !== 'deptId') body[name] = null;
  return { body, errors: null };
}

/**
 * The values a new record's form takes as it opens, from its fields' `atOpen` (domain/resource.ts):
 * the clock read at that moment, and the signed-in person.
 */
export function openingDefaults(fields: readonly FieldDef[], at: { now: number; me: string | null }): Row {
  const out: Row = {};
  for (const f of fields) {
    if (f.atOpen === 'now') out[f.name] = localDateTime(at.now);
    else if (f.atOpen === 'today') out[f.name] = localDay(at.now);
    else if (f.atOpen === 'me' && at.me) out[f.name] = at.me;
  }
  return out;
}
