import { z } from 'zod';
import { nowStamp, today } from '../../../domain/clock.js';
import { amountInWords } from '../../../domain/money/uppercase.js';
import { formatYuan } from '../../../domain/resource.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { readDeptIds } from '../../../server/http/deptScope.js';
import { sendPrintPage } from '../../../server/http/printPage.js';
import { type AnyRoute, fileAnswer, route, SENT } from '../../../server/http/route.js';
import type { Ctx } from '../../../server/resources/engine.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import {
  printedReports,
  REPORT_PRINT,
  type ReportColumn,
  type ReportDef,
  reportPeriod,
  reportPrintQuery,
  reportResource,
} from '../resources/costReports.js';
import { reportList } from './reports.js';

type Row = Record<string, unknown>;

function cell(column: ReportColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.type === 'money') return formatYuan(Number(value));
  return escapeHtml(String(value));
}

/** Who prints, and for which departments: the page says whose figures they are. */
async function printedFor(ctx: Ctx) {
  const emp = await ctx.db
    .selectFrom('emp')
    .select('empName')
    .where('empId', '=', ctx.user.empId)
    .executeTakeFirst();
  const ids = readDeptIds(ctx.user);
  const all = ids.length === ctx.user.dataDeptIds.length && ids.length > 1;
  const depts = all
    ? []
    : await ctx.db.selectFrom('dept').select('deptName').where('deptId', 'in', ids).execute();
  return {
    printer: emp?.empName || ctx.user.loginName,
    depts: all ? '全部部门' : depts.map((d) => d.deptName).join('、'),
  };
}

/**
 * A report as printed — the one print view of every expense report: title, department, period,
 * the table with its 合计 row, each money total in 大写, who printed it and when. Wide reports are
 * printed on landscape paper.
 */
export function reportSheet(
  def: ReportDef,
  rows: Row[],
  sums: Record<string, number>,
  head: { depts: string; period: string; printer: string; printedAt: string },
): string {
  const columns = def.columns;
  const th = columns.map((c) => `<th>${escapeHtml(c.label)}</th>`).join('');
  const body = rows
    .map(
      (r) =>
        `<tr>${columns.map((c) => `<td class="${c.type === 'money' || c.type === 'int' ? 'num' : ''}">${cell(c, r[c.key])}</td>`).join('')}</tr>`,
    )
    .join('');
  const money = columns.filter((c) => c.key in sums);
  const total = money.length
    ? `<tfoot><tr>${columns.map((c, i) => (c.key in sums ? `<td class="num">${formatYuan(sums[c.key] ?? 0)}</td>` : `<td>${i === 0 ? '合计' : ''}</td>`)).join('')}</tr></tfoot>`
    : '';
  const words = money
    .map(
      (c) =>
        `<p class="amount-words">${escapeHtml(c.label.replace(/（元）$/, ''))}合计（大写）：人民币${amountInWords(sums[c.key] ?? 0)}</p>`,
    )
    .join('');
  const landscape =
    columns.length > 7
      ? '<style>@page{size:A4 landscape}@media screen{.sheet{width:297mm;min-height:210mm}}</style>'
      : '';
  return `${landscape}<h1>${escapeHtml(def.title)}</h1>
    <p class="report-head"><span>部门：${escapeHtml(head.depts)}</span><span>期间：${escapeHtml(head.period)}</span><span>共 ${rows.length} 条</span></p>
    <table class="report"><thead><tr>${th}</tr></thead><tbody>${body || `<tr><td colspan="${columns.length}">暂无数据</td></tr>`}</tbody>${total}</table>
    ${words}
    <p class="report-foot"><span>打印人：${escapeHtml(head.printer)}</span><span>打印时间：${escapeHtml(head.printedAt)}</span></p>`;
}

/** 打印 of every expense report and 收支记录 (ours: GET reconciliation/{report}/print?filters): the print page. */
export function reportPrintRoutes(): AnyRoute[] {
  const byName = new Map(printedReports.map((def) => [def.name, def]));
  return [
    route({
      method: 'GET',
      url: REPORT_PRINT,
      auth: A.report,
      summary: '打印报表',
      params: z.object({
        report: z.string().refine((name) => byName.has(name), '报表不存在'),
      }),
      query: reportPrintQuery,
      response: fileAnswer('text/html'),
      async handler(ctx) {
        const def = byName.get(ctx.params.report) as ReportDef;
        const found = await reportList(ctx, def, reportResource(def).sums ?? [], ctx.query, null);
        const { printer, depts } = await printedFor(ctx);
        await sendPrintPage(ctx, {
          title: def.title,
          body: reportSheet(def, found.rows, found.sums ?? {}, {
            depts,
            period: reportPeriod(def, ctx.query, today()),
            printer,
            printedAt: nowStamp(),
          }),
          fileName: `${def.title}_${today()}.html`,
        });
        return SENT;
      },
    }),
  ];
}
