import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { amountInWords } from '../../../domain/money/uppercase.js';
import { formatYuan } from '../../../domain/resource.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { sendPrintPage } from '../../../server/http/printPage.js';
import { type AnyRoute, fileAnswer, route, SENT } from '../../../server/http/route.js';
import { idsOf, noQuery } from '../../../server/http/schemas.js';
import { ExpensePaths as P } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import { SettleStatus } from '../resources/costSettle.js';
import { elderOf } from './elders.js';

const money = (label: string, fen: number, note = '') =>
  `<tr><th>${label}</th><td>¥${formatYuan(fen)} 元${note ? `　${escapeHtml(note)}` : ''}</td></tr>`;
const words = (label: string, fen: number) =>
  `<tr><th>${label}（大写）</th><td class="amount-words">人民币${amountInWords(fen)}</td></tr>`;

/** 打印 of a check-out settlement (ours: GET settle/print/{settleId}): the 退住结算单, with 大写 amounts. */
export function settlePrintRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.settlePrint,
      auth: A.settle,
      summary: '打印退住结算单',
      params: idsOf('settleId'),
      query: noQuery,
      response: fileAnswer('text/html'),
      async handler(ctx) {
        const s = await ctx.db
          .selectFrom('settlement')
          .selectAll()
          .where('settleId', '=', ctx.params.settleId)
          .where('orgId', '=', ctx.user.orgId)
          .executeTakeFirst();
        if (!s) throw new ApiFailure(Code.notFound, '结算记录不存在');
        const elder = await elderOf(ctx, s.oldmanId);
        const bills = await ctx.db
          .selectFrom('bill')
          .select(['billMonth', 'payableFen'])
          .where('settleId', '=', s.settleId)
          .orderBy('billMonth')
          .execute();
        const extras = JSON.parse(s.detail) as { projectName: string; amount: number }[];
        const list = <T>(items: T[], text: (item: T) => string) => items.map(text).join('、');
        const body = `<h1>退住结算单</h1>
          <p>长者：${escapeHtml(elder.oldmanName)}　结算时间：${escapeHtml(s.createTime)}　状态：${escapeHtml(dictLabel('settleStatus', s.settleStatus))}</p>
          <table class="form-values"><tbody>
          ${money(
            '未缴账单',
            s.billFen,
            list(bills, (b) => `${b.billMonth}（${formatYuan(b.payableFen)}）`),
          )}
          ${money(
            '其他费用',
            s.extraFen,
            list(extras, (x) => `${x.projectName}（${formatYuan(x.amount)}）`),
          )}
          ${money('预存款', s.prestoreFen)}
          ${money('入院押金', s.depositFen)}
          ${money('医疗押金', s.medicalDepositFen)}
          ${money('预订金', s.reservationFen)}
          ${money('退还', s.refundFen)}
          ${words('退还', s.refundFen)}
          ${money('补缴', s.collectFen)}
          ${words('补缴', s.collectFen)}
          <tr><th>支付方式</th><td>${s.payWay ? escapeHtml(dictLabel('batchPayWay', s.payWay)) : ''}</td></tr>
          <tr><th>备注</th><td>${escapeHtml(s.remark)}</td></tr>
          <tr><th>经办人</th><td>${escapeHtml(s.createName)}</td></tr>
          </tbody></table>
          ${s.settleStatus === SettleStatus.revoked ? '<p><b>此结算已撤销</b></p>' : ''}
          <p class="report-foot"><span>长者或家属签字：</span><span>经办人签字：</span></p>`;
        await sendPrintPage(ctx, {
          title: '退住结算单',
          body,
          fileName: `退住结算单_${elder.oldmanName}.html`,
        });
        return SENT;
      },
    }),
  ];
}
