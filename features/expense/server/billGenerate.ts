import { type AnyRoute, route } from '../../../server/http/route.js';
import { ExpensePaths as P } from '../api.js';
import { ExpenseAuthority as A } from '../resources/cost.js';
import { billPreview, generateBody, generated, monthQuery } from '../resources/costBills.js';
import { operator } from './elders.js';
import { generateMonth, previewMonth } from './monthEnd.js';

/** 生成账单 (spec 001 §7 payBack/addBill): the month's preview, then the bills written. */
export function billGenerateRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.addBill,
      auth: A.billCreate,
      summary: '生成账单预览',
      query: monthQuery,
      response: billPreview,
      handler: (ctx) => previewMonth(ctx.db, ctx.user, ctx.query.billMonth),
    }),
    route({
      method: 'POST',
      url: P.addBill,
      auth: A.billCreate,
      log: { type: 'POST', name: '生成月度账单' },
      body: generateBody,
      response: generated,
      async handler(ctx) {
        const { billMonth, oldmanIds } = ctx.body;
        const done = await generateMonth(ctx.db, ctx.user, billMonth, oldmanIds, await operator(ctx));
        ctx.describe(`${billMonth} 月账单 ${done.created} 份`);
        return done;
      },
    }),
  ];
}
