import type { DictEntry } from '../../domain/dictionaries.js';
import { type FieldDef, formatYuan, refNameKey } from '../../domain/resource.js';
import { dictLabel } from '../dict/dictionaries.js';

export type Row = Record<string, unknown>;

/** What an empty value shows in a detail view. */
export const EMPTY_TEXT = '—';

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** 'YYYY-MM-DDTHH:mm:ss(.sss)(Z)' or 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD HH:mm:ss'. */
const datetimeText = (v: string) => v.replace('T', ' ').slice(0, 19);

/**
 * The text a list cell or a detail value shows for one field of a row: dictionary labels, the
 * name a ref carries beside its id (bedId → bedName), yuan for fen. `refLabels` names refs whose
 * row came without that name (a detail loaded by id from an older answer shape).
 */
export function formatValue(f: FieldDef, row: Row, refLabels?: readonly DictEntry[]): string {
  const v = row[f.name];
  switch (f.type) {
    case 'ref': {
      const name = row[refNameKey(f.name)];
      if (!isBlank(name)) return String(name);
      if (isBlank(v)) return '';
      return refLabels?.find((e) => String(e.value) === String(v))?.label ?? String(v);
    }
    case 'region': {
      const name = row[refNameKey(f.name)];
      return isBlank(name) ? (isBlank(v) ? '' : String(v)) : String(name);
    }
    case 'money':
      return isBlank(v) || !Number.isFinite(Number(v)) ? '' : formatYuan(Math.round(Number(v)));
    case 'dict':
      return isBlank(v) || !f.dict
        ? isBlank(v)
          ? ''
          : String(v)
        : dictLabel(f.dict, v as string | number) || String(v);
    case 'bool':
      return isBlank(v) ? '' : Number(v) === 1 || v === true ? '是' : '否';
    case 'datetime':
      return isBlank(v) ? '' : datetimeText(String(v));
    case 'date':
      return isBlank(v) ? '' : String(v).slice(0, 10);
    case 'text':
    case 'textarea':
    case 'int':
    case 'idcard':
    case 'phone':
    case 'image':
      return isBlank(v) ? '' : String(v);
    case 'json':
      return isBlank(v) ? '' : JSON.stringify(v);
  }
}
