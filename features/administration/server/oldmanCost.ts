import { sql } from 'kysely';
import type { ServerResource } from '../../../server/modules/types.js';
import type { ResourceHooks } from '../../../server/resources/engine.js';
import { accountListHooks } from '../../expense/server/accountList.js';
import { oldmanCostResource } from '../resources/oldmanCost.js';

/** Bill statuses (dictionary billStatus): 0 待缴费, 1 已缴费, 2 已结算, 3 已作废 (not counted). */
const VOID = 3;
const UNPAID = 0;

/**
 * 长者费用: the 长者账户 list (balances from the ledger) with each elder's bills summed — made,
 * paid, unpaid — and the last bill month. Reads only.
 */
const oldmanCostHooks: ResourceHooks = {
  async list(ctx, query, page) {
    const answer = await accountListHooks.list?.(ctx, query, page);
    if (!answer) return { rows: [], total: 0 };
    const ids = answer.rows.map((r) => Number(r.oldmanId));
    if (!ids.length) return answer;
    const bills = await sql<{
      oldmanId: number;
      n: number;
      billed: number;
      unpaid: number;
      lastMonth: string | null;
    }>`select oldmanId, count(*) as n, sum(payableFen) as billed,
        sum(case when billStatus = ${UNPAID} then payableFen else 0 end) as unpaid, max(billMonth) as lastMonth
      from bill where orgId = ${ctx.user.orgId} and billStatus != ${VOID} and oldmanId in (${sql.join(ids)})
      group by oldmanId`.execute(ctx.db);
    const by = new Map(bills.rows.map((b) => [Number(b.oldmanId), b]));
    for (const row of answer.rows) {
      const b = by.get(Number(row.oldmanId));
      const billed = Number(b?.billed ?? 0);
      const unpaid = Number(b?.unpaid ?? 0);
      row.billCount = Number(b?.n ?? 0);
      row.billedFen = billed;
      row.unpaidFen = unpaid;
      row.paidFen = billed - unpaid;
      row.lastBillMonth = b?.lastMonth ?? null;
    }
    return answer;
  },
};

export const oldmanCostServerResources: Record<string, ServerResource> = {
  [oldmanCostResource.name]: { hooks: oldmanCostHooks },
};
