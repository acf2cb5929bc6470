import { fenToYuan, formatYuan } from '../../domain/resource.js';
import type { ReportColumn, ReportDef } from '../../domain/resources/costReports.js';

export type ReportRow = Record<string, unknown>;

/**
 * A report cell as text: money columns are integer fen shown in yuan, never through floats; on the
 * screen with thousands separators, in the CSV file (`plain`) as bare digits.
 */
export function cellText(column: ReportColumn, value: unknown, plain = false): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.type === 'money') {
    const fen = Math.round(Number(value));
    return plain ? fenToYuan(fen) : formatYuan(fen);
  }
  return String(value);
}

/** The 合计 line: the label in the first column, the sums under the money columns. */
export function sumCells(def: ReportDef, sums: ReportRow | undefined, plain = false): string[] {
  return def.columns.map((c, i) =>
    c.type === 'money' && c.sum !== false && sums && sums[c.key] !== undefined
      ? cellText(c, sums[c.key], plain)
      : i === 0
        ? '合计'
        : '',
  );
}

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The whole report as CSV (with a BOM so that Excel reads the Chinese), 合计 last. */
export function reportCsv(def: ReportDef, rows: ReportRow[], sums?: ReportRow): string {
  const lines = [
    def.columns.map((c) => c.label),
    ...rows.map((r) => def.columns.map((c) => cellText(c, r[c.key], true))),
    sumCells(def, sums, true),
  ];
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
