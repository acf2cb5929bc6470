import type { AnyRoute } from '../../../server/http/route.js';
import { resourceRoutes } from '../../../server/resources/engine.js';
import { accountResource } from '../resources/costAccounts.js';
import { billResource } from '../resources/costBills.js';
import { receiptResource } from '../resources/costReceipts.js';
import { remindResource } from '../resources/costRemind.js';
import { costReports, reportResource } from '../resources/costReports.js';
import { settleAwaitingResource, settlementResource } from '../resources/costSettle.js';
import { accountListHooks, accountListRoutes } from './accountList.js';
import { accountTradeRoutes } from './accountTrades.js';
import { billGenerateRoutes } from './billGenerate.js';
import { billLineRoutes } from './billLines.js';
import { billListHooks, billListRoutes } from './billList.js';
import { billPrintRoutes } from './billPrint.js';
import { billStatusRoutes } from './billStatus.js';
import { elderCostRoutes } from './elderCost.js';
import { registerBillingPayments } from './payments.js';
import { receiptListHooks, receiptRoutes } from './receipts.js';
import { remindListHooks, remindRoutes } from './remind.js';
import { reportPrintRoutes } from './reportPrint.js';
import { reportHooks, reportRoutes } from './reports.js';
import { costSettingRoutes } from './settings.js';
import { settleRoutes } from './settle.js';
import { settleAwaitingHooks, settlementHooks } from './settleList.js';
import { settlePrintRoutes } from './settlePrint.js';

/**
 * Spec 001 §7 "Expense and billing" (/pims/web-pi/cost/...); the money book is server/ledger,
 * month-end billing server/billing. The lists (长者账户, 费用账单, 退住结算, 缴费提醒, 历史收据 and the
 * reports) are the engine's list calls over the module's own reads of the book.
 */
export function costRoutes(): AnyRoute[] {
  registerBillingPayments();
  return [
    ...costSettingRoutes(),
    ...resourceRoutes(accountResource, accountListHooks),
    ...accountListRoutes(),
    ...accountTradeRoutes(),
    ...resourceRoutes(billResource, billListHooks),
    ...billListRoutes(),
    ...billGenerateRoutes(),
    ...billStatusRoutes(),
    ...billLineRoutes(),
    ...billPrintRoutes(),
    ...resourceRoutes(settleAwaitingResource, settleAwaitingHooks),
    ...resourceRoutes(settlementResource, settlementHooks),
    ...settleRoutes(),
    ...settlePrintRoutes(),
    ...resourceRoutes(remindResource, remindListHooks),
    ...remindRoutes(),
    ...resourceRoutes(receiptResource, receiptListHooks),
    ...receiptRoutes(),
    ...costReports.flatMap((def) => {
      const list = reportResource(def);
      return resourceRoutes(list, reportHooks(def, list.sums ?? []));
    }),
    ...reportRoutes(),
    ...reportPrintRoutes(),
    ...elderCostRoutes(),
  ];
}
