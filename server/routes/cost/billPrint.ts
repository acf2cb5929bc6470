import { z } from 'zod';
import { dictLabel } from '../../../domain/dictionaries.js';
import { amountInWords } from '../../../domain/money/uppercase.js';
import { formatYuan } from '../../../domain/resource.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { ExpenseAuthority as A } from '../../../domain/resources/cost.js';
import { printBody } from '../../../domain/resources/costBills.js';
import { idList, payWayLabel, printAnswer } from '../../../domain/resources/costCommon.js';
import { billPrintUrl, ExpensePaths as P } from '../../../domain/resources/costPaths.js';
import { BillStatus } from '../../../machines/billMachine.js';
import { sendPrintPage } from '../../http/printPage.js';
import { type AnyRoute, fileAnswer, route, SENT } from '../../http/route.js';
import { noQuery } from '../../http/schemas.js';
import type { Ctx } from '../../resources/engine.js';
import { billDetail } from './billRecord.js';

/** One bill as printed: its lines, the money and its status. */
async function billSection(ctx: Ctx, billId: number) {
  const b = await billDetail(ctx, billId);
  const rows = b.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.projectName)}</td><td>${i.quantity}</td><td>${formatYuan(i.unitFen)}</td><td>${i.days ?? ''}</td><td>${formatYuan(i.amountFen)}</td></tr>`,
    )
    .join('');
  const paid =
    b.billStatus === BillStatus.paid && b.payTime
      ? `（${escapeHtml(b.payTime)} ${escapeHtml(payWayLabel(b.payWay))}缴费）`
      : '';
  return `<section class="bill"><h2>${escapeHtml(b.oldmanName)} ${b.billMonth} 月费用账单</h2>
      <table><thead><tr><th>项目</th><th>数量</th><th>单价（元）</th><th>计费天数</th><th>金额（元）</th></tr></thead>
      <tbody>${rows}</tbody></table>
      <p>合计 ${formatYuan(b.totalFen)} 元，优惠 ${formatYuan(b.discountFen)} 元，应缴 <b>${formatYuan(b.payableFen)}</b> 元</p>
      <p class="amount-words">应缴金额（大写）：人民币${amountInWords(b.payableFen)}</p>
      <p class="bill-status">状态：<b>${escapeHtml(dictLabel('billStatus', b.billStatus))}</b>${paid}</p></section>`;
}

/** 打印 of bills (spec 001 §7 payBack/print/…, payBack/batch/print/1): a print page, like a contract's. */
export function billPrintRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.billPrint,
      auth: A.bill,
      summary: '打印账单',
      params: z.object({ billIds: idList('账单') }),
      query: noQuery,
      response: fileAnswer('text/html'),
      async handler(ctx) {
        const parts: string[] = [];
        for (const id of ctx.params.billIds) parts.push(await billSection(ctx, id));
        await sendPrintPage(ctx, {
          title: '费用账单',
          body: parts.join('<hr/>'),
          fileName: '费用账单.html',
        });
        return SENT;
      },
    }),
    route({
      method: 'POST',
      url: P.billBatchPrint,
      auth: A.bill,
      log: false,
      summary: '批量打印账单',
      body: printBody,
      response: printAnswer,
      handler: async (ctx) => ({ printUrl: billPrintUrl(ctx.body.billIds) }),
    }),
  ];
}
