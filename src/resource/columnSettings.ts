import { readPageSetting, writePageSetting } from '../util/pageSettings.js';

/** The list's column choice as saved per page (spec 000 §3 per-page settings, name 'columns'). */
export interface ColumnSettings {
  order: string[];
  hidden: string[];
}

const SETTING = 'columns';

/** Saved settings fitted to the definition's columns: unknown names dropped, new columns appended. */
export function fitColumns(
  columns: readonly string[],
  saved: Partial<ColumnSettings> | null,
): ColumnSettings {
  const known = new Set(columns);
  const order = (Array.isArray(saved?.order) ? saved.order : []).filter((c) => known.has(c));
  for (const c of columns) if (!order.includes(c)) order.push(c);
  const hidden = (Array.isArray(saved?.hidden) ? saved.hidden : []).filter((c) => known.has(c));
  return { order, hidden };
}

export const visibleColumns = (settings: ColumnSettings) =>
  settings.order.filter((c) => !settings.hidden.includes(c));

export const readColumnSettings = (routeName: string, columns: readonly string[]) =>
  fitColumns(columns, readPageSetting<Partial<ColumnSettings>>(routeName, SETTING));

export const writeColumnSettings = (routeName: string, settings: ColumnSettings) =>
  writePageSetting(routeName, SETTING, settings);

const PAGE_SIZE = 'pageSize';

export const readPageSize = (routeName: string): number | null => {
  const saved = readPageSetting<number>(routeName, PAGE_SIZE);
  return typeof saved === 'number' && Number.isInteger(saved) && saved > 0 ? saved : null;
};

export const writePageSize = (routeName: string, pageSize: number) =>
  writePageSetting(routeName, PAGE_SIZE, pageSize);
