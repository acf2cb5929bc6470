import { sql } from 'kysely';
import { today } from '../../../domain/clock.js';
import { LiveAuthority } from '../../../domain/resources/oldman.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery } from '../../../server/http/schemas.js';
import { ownerBalances } from '../../../server/ledger/ledger.js';
import { ExpensePaths as P } from '../api.js';
import { elderCost } from '../resources/costBills.js';
import { elderOf } from './elders.js';
import { type CostSetting, monthBill } from './monthBill.js';
import { billSources } from './sources.js';

/**
 * proFile/{oldmanId}/costProject (spec 001 §7 "Elder profiles"): what the elder is charged each
 * month — every item billed to all residents, the elder's own cost settings and the care-level fee,
 * priced for a whole month of the current one — with the account balances.
 */
export function elderCostRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.elderCost,
      auth: LiveAuthority.archives,
      summary: '长者每月费用',
      params: idsOf('oldmanId'),
      query: noQuery,
      response: elderCost,
      async handler(ctx) {
        const elder = await elderOf(ctx, ctx.params.oldmanId);
        const settings = await sql<
          CostSetting & { costSetId: number; projectName: string; remark: string | null }
        >`
          select s.costSetId, s.projectId, p.projectName, s.price, s.quantity, s.startMonth, s.endMonth, s.remark
          from costSet s join costProject p on p.projectId = s.projectId
          where s.orgId = ${ctx.user.orgId} and s.oldmanId = ${elder.oldmanId} order by s.costSetId`.execute(
          ctx.db,
        );
        const month = today().slice(0, 7);
        const sources = await billSources(ctx.db, ctx.user.orgId);
        const bill = monthBill(
          { ...elder, checkInDate: null, leaveDate: null },
          month,
          settings.rows,
          sources,
        );
        const balances =
          (await ownerBalances(ctx.db, ctx.user.orgId, 'oldman', [elder.oldmanId])).get(elder.oldmanId) ?? {};
        return {
          oldmanId: elder.oldmanId,
          month,
          items: bill?.lines ?? [],
          monthlyFen: bill?.payableFen ?? 0,
          costSettings: settings.rows,
          balances: {
            prestore: balances.prestore ?? 0,
            deposit: balances.deposit ?? 0,
            medicalDeposit: balances.medicalDeposit ?? 0,
            reservation: balances.reservation ?? 0,
            receivable: balances.receivable ?? 0,
          },
        };
      },
    }),
  ];
}
