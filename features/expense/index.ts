import { type ViewLoaders, view } from '../../src/router/views.js';
import { costReports } from './resources/costReports.js';

/** Spec 001 §2 "Expense, base /expense" and the expense reports. */
export const expenseViews: ViewLoaders = {
  'expense.Accounts': view(() => import('./Accounts.js'), 'Accounts'),
  'expense.BatchPayment': view(() => import('./BatchPayment.js'), 'BatchPayment'),
  'expense.AccountDetail': view(() => import('./AccountDetail.js'), 'AccountDetail'),
  'expense.Bills': view(() => import('./Bills.js'), 'Bills'),
  'expense.BillDetail': view(() => import('./BillDetail.js'), 'BillDetail'),
  'expense.BillBatchPayment': view(() => import('./BillBatchPayment.js'), 'BillBatchPayment'),
  'expense.Settle': view(() => import('./Settle.js'), 'Settle'),
  'expense.SettleDetail': view(() => import('./SettleDetail.js'), 'SettleDetail'),
  'expense.Remind': view(() => import('./Remind.js'), 'Remind'),
  'expense.RemindDetail': view(() => import('./Remind.js'), 'RemindDetail'),
  'expense.Receipts': view(() => import('./Receipts.js'), 'Receipts'),
  'expense.BaseCharge': view(() => import('./Settings.js'), 'BaseCharge'),
  'expense.BaseChargeChild': view(() => import('./Settings.js'), 'BaseChargeChild'),
  'expense.CostSet': view(() => import('./Settings.js'), 'CostSet'),
  'expense.Preferential': view(() => import('./Settings.js'), 'Preferential'),
  'expense.Income': view(() => import('./Settings.js'), 'Income'),
  'expense.Ledger': view(() => import('./Ledger.js'), 'Ledger'),
  ...Object.fromEntries(
    costReports.map((def) => [
      `expense.report.${def.name}`,
      () => import('./ReportView.js').then((m) => m.reportScreen(def)),
    ]),
  ),
};
