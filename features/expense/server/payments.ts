import { sql } from 'kysely';
import { z } from 'zod';
import { Code } from '../../../domain/codes.js';
import { formatYuan } from '../../../domain/resource.js';
import { billOffers } from '../../../machines/billMachine.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { registerPaymentPurpose } from '../../../server/payment/index.js';
import { accountOfTradeType } from '../resources/costCommon.js';
import { moveMoney } from './accountTrades.js';
import { settleBill } from './billStatus.js';
import type { Operator } from './book.js';

/**
 * Scanned-code payments (pay ways 10–13) for billing, through the payment provider: 'bill' pays
 * unpaid bills when the gateway confirms, 'prestore' puts money into an elder's account. The check
 * runs when the order is made; the effect runs once, in the transaction that marks the order paid.
 */
const billRef = z.object({
  billIds: z.array(z.coerce.number().int().positive()).min(1, '请选择账单').max(100, '一次最多100份账单'),
});
const accountRef = z.object({
  oldmanId: z.coerce.number().int().positive('请选择长者'),
  tradeType: z.coerce
    .number()
    .int()
    .refine((v) => v in accountOfTradeType, '账户类型无效'),
});

function parseRef<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ApiFailure(Code.invalidInput, parsed.error.issues[0]?.message ?? '支付用途无效');
  return parsed.data;
}

async function who(db: Db, userId: number): Promise<Operator> {
  const row = await sql<{ empName: string }>`select e.empName from users u join emp e on e.empId = u.empId
    where u.userId = ${userId}`.execute(db);
  return { operatorId: userId, operatorName: `${row.rows[0]?.empName ?? ''}（扫码支付）` };
}

/** The user's data departments: a payment is made only for elders the user may see. */
async function userDepts(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('userDataDept').select('deptId').where('userId', '=', userId).execute();
  return rows.map((r) => r.deptId);
}

let registered = false;

/** Registers billing's payment purposes (once per process). */
export function registerBillingPayments() {
  if (registered) return;
  registered = true;
  registerPaymentPurpose('bill', {
    async validate(trx, intent) {
      const { billIds } = parseRef(billRef, intent.purposeRef);
      const depts = await userDepts(trx, intent.userId);
      const bills = await trx
        .selectFrom('bill')
        .select(['billId', 'billStatus', 'payableFen', 'deptId'])
        .where('orgId', '=', intent.orgId)
        .where('billId', 'in', billIds)
        .execute();
      if (bills.length !== new Set(billIds).size) throw new ApiFailure(Code.notFound, '账单不存在');
      if (bills.some((b) => !depts.includes(b.deptId))) throw new ApiFailure(Code.deptNotAllowed);
      if (bills.some((b) => !billOffers(b.billStatus, 'PAY')))
        throw new ApiFailure(Code.billState, '只有待缴费账单可以扫码支付');
      const due = bills.reduce((s, b) => s + b.payableFen, 0);
      if (due !== intent.amountFen)
        throw new ApiFailure(Code.invalidInput, `支付金额应为账单合计 ${formatYuan(due)} 元`);
    },
    async onPaid(trx, order) {
      const { billIds } = parseRef(billRef, order.purposeRef);
      const operator = await who(trx, order.userId);
      for (const billId of billIds) {
        const bill = await trx
          .selectFrom('bill')
          .selectAll()
          .where('billId', '=', billId)
          .where('orgId', '=', order.orgId)
          .executeTakeFirstOrThrow();
        if (billOffers(bill.billStatus, 'PAY'))
          await settleBill(trx, order.orgId, bill, order.payWay, operator);
        // Paid some other way while the customer was scanning: the money is the elder's, not lost.
        else
          await moveMoney(
            trx,
            order.orgId,
            bill.oldmanId,
            1,
            {
              amount: bill.payableFen,
              payWay: order.payWay,
              remark: `${bill.billMonth} 月账单已缴，扫码支付转入预存（${order.payId}）`,
            },
            operator,
          );
      }
    },
  });
  registerPaymentPurpose('prestore', {
    async validate(trx, intent) {
      const { oldmanId } = parseRef(accountRef, intent.purposeRef);
      const elder = await trx
        .selectFrom('oldman')
        .select(['deptId'])
        .where('oldmanId', '=', oldmanId)
        .where('orgId', '=', intent.orgId)
        .executeTakeFirst();
      if (!elder) throw new ApiFailure(Code.notFound, '长者不存在');
      if (!(await userDepts(trx, intent.userId)).includes(elder.deptId))
        throw new ApiFailure(Code.deptNotAllowed);
    },
    async onPaid(trx, order) {
      const { oldmanId, tradeType } = parseRef(accountRef, order.purposeRef);
      await moveMoney(
        trx,
        order.orgId,
        oldmanId,
        tradeType,
        { amount: order.amountFen, payWay: order.payWay, remark: `扫码收款（${order.payId}）` },
        await who(trx, order.userId),
      );
    },
  });
}
