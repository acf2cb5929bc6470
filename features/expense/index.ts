import { type ComponentType, lazy } from 'react';
import { costReports } from '../../domain/resources/costReports.js';
import type { RouteDef } from '../../src/router/registry.js';
import { ExpensePaths as P } from './paths.js';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const Accounts = page(() => import('./Accounts.js'), 'Accounts');
const BatchPayment = page(() => import('./BatchPayment.js'), 'BatchPayment');
const AccountDetail = page(() => import('./AccountDetail.js'), 'AccountDetail');
const Bills = page(() => import('./Bills.js'), 'Bills');
const BillDetail = page(() => import('./BillDetail.js'), 'BillDetail');
const BillBatchPayment = page(() => import('./BillBatchPayment.js'), 'BillBatchPayment');
const Settle = page(() => import('./Settle.js'), 'Settle');
const SettleDetail = page(() => import('./SettleDetail.js'), 'SettleDetail');
const Remind = page(() => import('./Remind.js'), 'Remind');
const RemindDetail = page(() => import('./Remind.js'), 'RemindDetail');
const Receipts = page(() => import('./Receipts.js'), 'Receipts');
const BaseCharge = page(() => import('./Settings.js'), 'BaseCharge');
const BaseChargeChild = page(() => import('./Settings.js'), 'BaseChargeChild');
const CostSet = page(() => import('./Settings.js'), 'CostSet');
const Preferential = page(() => import('./Settings.js'), 'Preferential');
const Income = page(() => import('./Settings.js'), 'Income');
const Ledger = page(() => import('./Ledger.js'), 'Ledger');

/** Spec 001 §2 "Expense reports": one screen per definition, each also under /billManagement/. */
const reportRoutes: RouteDef[] = costReports.map((def) => ({
  path: `${P.report}/${def.name}`,
  title: def.title,
  component: lazy(() => import('./ReportView.js').then((m) => ({ default: m.reportScreen(def) }))),
  aliases: [`/billManagement/${def.name}`],
}));

/** Spec 001 §2 "Expense, base /expense". */
export const routes: RouteDef[] = [
  { path: P.account, title: '长者账户', component: Accounts, aliases: ['/charge/accountList'] },
  { path: P.accountBatchPayment, title: '批量收款', component: BatchPayment, tab: false },
  { path: P.accountDetail, title: '账户明细', component: AccountDetail, tab: false },
  { path: P.bill, title: '费用账单', component: Bills },
  { path: P.accountBill, title: '账户账单', component: Bills },
  { path: P.accountBillBatchPayment, title: '账单批量缴费', component: BillBatchPayment, tab: false },
  { path: P.accountBillDetail, title: '账单详情', component: BillDetail, tab: false },
  { path: P.settle, title: '退住结算', component: Settle, aliases: ['/charge/quitClearList'] },
  { path: P.settleDetail, title: '结算详情', component: SettleDetail, tab: false },
  { path: P.paymentRemind, title: '缴费提醒', component: Remind, aliases: ['/charge/payRemindList'] },
  { path: P.paymentRemindDetail, title: '提醒详情', component: RemindDetail, tab: false },
  { path: P.receipt, title: '历史收据', component: Receipts, aliases: ['/charge/historyReceiptList'] },
  { path: P.baseCharge, title: '收费项目', component: BaseCharge, aliases: ['/baseSettings/baseCharge'] },
  { path: P.baseChargeChild, title: '收费子项目', component: BaseChargeChild, tab: false },
  { path: P.costSet, title: '费用设置', component: CostSet, aliases: ['/storageBasic/costSet'] },
  {
    path: P.preferential,
    title: '优惠规则',
    component: Preferential,
    aliases: ['/setting/preferentialRules'],
  },
  ...reportRoutes,
  { path: `${P.report}/income`, title: '收支记录', component: Income, aliases: ['/billManagement/income'] },
  { path: `${P.report}/ledger`, title: '账务核对', component: Ledger },
];
