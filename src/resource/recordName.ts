import { columnField, type ResourceDef, refNameKey } from '../../domain/resource.js';
import { formatValue, type Row } from './format.js';

/**
 * What a person calls one record (issue #36: a confirmation once asked 确定删除计划护理项目“8”吗？):
 * the definition's recordName, else its nameField as the list shows it: a ref by its name
 * (projectId → projectName), a dictionary value by its label. Never an id or a bare number: when
 * the row carries no name the answer is '' and the caller says 该…
 */
export function rowName(def: ResourceDef, row: Row): string {
  const own = def.recordName?.(row)?.trim();
  if (own) return own;
  const f = columnField(def, def.nameField);
  if (!f) {
    const v = row[def.nameField];
    return typeof v === 'string' ? v.trim() : '';
  }
  switch (f.type) {
    case 'ref':
    case 'region': {
      const name = row[refNameKey(f.name)];
      return name === undefined || name === null ? '' : String(name).trim();
    }
    case 'int':
    case 'money':
    case 'bool':
    case 'json':
      return '';
    default:
      return formatValue(f, row).trim();
  }
}

/** The question before an act on one record: 确定删除计划护理项目“翻身拍背”吗？, or 确定删除该…吗？ with no name. */
export function confirmQuestion(verb: string, def: ResourceDef, row: Row): string {
  const name = rowName(def, row);
  return name ? `确定${verb}${def.title}“${name}”吗？` : `确定${verb}该${def.title}吗？`;
}
