import { z } from 'zod';
import { dictLabel } from '../../../domain/dictionaries.js';
import { amountInWords } from '../../../domain/money/uppercase.js';
import { formatYuan } from '../../../domain/resource.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { BillStatus } from '../../../machines/billMachine.js';
import { bedPathColumns, bedPlaces } from '../../../server/db/bedPlaces.js';
import { sendPrintPage } from '../../../server/http/printPage.js';
import { type AnyRoute, fileAnswer, route, SENT } from '../../../server/http/route.js';
import { noQuery } from '../../../server/http/schemas.js';
import type { Ctx } from '../../../server/resources/engine.js';
import { billPrintUrl, ExpensePaths as P } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import { printBody } from '../resources/costBills.js';
import { idList, payWayLabel, printAnswer } from '../resources/costCommon.js';
import { billDetail } from './billRecord.js';

/** Where an elder lives as a bill names it: 房间 (1号楼1层1103) and 床位 (2床); blank without a bed. */
async function placeOf(ctx: Ctx, oldmanId: number) {
  const found = await bedPlaces(ctx.db)
    .innerJoin('oldman', 'oldman.bedId', 'bed.bedId')
    .select([...bedPathColumns])
    .where('oldman.oldmanId', '=', oldmanId)
    .where('oldman.orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  return found
    ? { room: `${found.buildingName}${found.floorName}${found.roomName}`, bed: found.bedName }
    : { room: '', bed: '' };
}

const num = (fen: number) => `<td class="num">${formatYuan(fen)}</td>`;

/**
 * One bill as printed, a page of its own: who and where (长者, 账单月份, 房间, 床位), the lines in a
 * ruled table with the money right-aligned in two decimals, the totals and the payable in 大写,
 * and its status.
 */
async function billSection(ctx: Ctx, billId: number) {
  const b = await billDetail(ctx, billId);
  const place = await placeOf(ctx, b.oldmanId);
  const rows = b.items
    .map(
      (i, n) =>
        `<tr><td class="num">${n + 1}</td><td>${escapeHtml(i.projectName)}</td><td class="num">${i.quantity}</td>${num(i.unitFen)}<td class="num">${i.days ?? ''}</td>${num(i.amountFen)}</tr>`,
    )
    .join('');
  const paid =
    b.billStatus === BillStatus.paid && b.payTime
      ? `（${escapeHtml(b.payTime)} ${escapeHtml(payWayLabel(b.payWay))}缴费）`
      : '';
  const fact = (label: string, value: string) => `<th>${label}</th><td>${escapeHtml(value)}</td>`;
  const total = (label: string, fen: number) =>
    `<tr><th colspan="5" class="num">${label}</th>${num(fen)}</tr>`;
  return `<section class="bill paper"><h2>${escapeHtml(b.billMonth)} 月费用账单</h2>
      <table class="lines bill-head"><tbody>
      <tr>${fact('长者', b.oldmanName)}${fact('账单月份', b.billMonth)}</tr>
      <tr>${fact('房间', place.room)}${fact('床位', place.bed)}</tr>
      </tbody></table>
      <table class="lines bill-items"><thead><tr><th>序号</th><th>项目</th><th class="num">数量</th><th class="num">单价（元）</th><th class="num">计费天数</th><th class="num">金额（元）</th></tr></thead>
      <tbody>${rows}</tbody>
      <tfoot>${total('合计', b.totalFen)}${total('优惠', b.discountFen)}${total('应缴', b.payableFen)}
      <tr><td colspan="6" class="amount-words">应缴金额（大写）：人民币${amountInWords(b.payableFen)}</td></tr></tfoot></table>
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
          body: parts.join(''),
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
