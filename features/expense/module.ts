import { defineModule, group, screen } from '../../domain/module.js';
import { ExpenseScreens, reportScreen } from '../../domain/screens.js';
import { ExpenseAuthority as A, costResources } from './resources/cost.js';
import { costReports, inOutResource } from './resources/costReports.js';

export { levelResource } from './resources/cost.js';
// What other modules use of this one: 护理等级 (care's level screen lists the fee levels) and the
// accounts (行政管理's 长者费用 reads them).
export { accountResource } from './resources/costAccounts.js';

const S = ExpenseScreens;

export const expenseModule = defineModule({
  name: 'expense',
  menu: { code: 'expense', name: '费用管理', icon: 'dollar' },
  resources: [...costResources, inOutResource],
  items: [
    screen(S.account, '长者账户', {
      code: A.account,
      view: 'expense.Accounts',
      aliases: ['/charge/accountList'],
      buttons: [
        { code: A.accountTrade, menuName: '收款退款' },
        { code: A.accountObsolete, menuName: '作废交易' },
      ],
    }),
    screen(S.bill, '费用账单', {
      code: A.bill,
      view: 'expense.Bills',
      buttons: [
        { code: A.billCreate, menuName: '生成账单' },
        { code: A.billPay, menuName: '账单缴费' },
        { code: A.billAntiSettle, menuName: '反结算' },
      ],
    }),
    screen(S.settle, '退住结算', {
      code: A.settle,
      view: 'expense.Settle',
      aliases: ['/charge/quitClearList'],
      buttons: [
        { code: A.settleDo, menuName: '结算' },
        { code: A.settleRevoke, menuName: '撤销结算' },
      ],
    }),
    screen(S.paymentRemind, '缴费提醒', {
      code: A.remind,
      view: 'expense.Remind',
      aliases: ['/charge/payRemindList'],
    }),
    screen(S.receipt, '历史收据', {
      code: A.receipt,
      view: 'expense.Receipts',
      aliases: ['/charge/historyReceiptList'],
    }),
    screen(S.baseCharge, '收费项目', {
      code: A.baseCharge,
      view: 'expense.BaseCharge',
      aliases: ['/baseSettings/baseCharge'],
      buttons: [{ code: A.baseChargeEdit, menuName: '编辑收费项目' }],
    }),
    screen(S.costSet, '费用设置', {
      code: A.costSet,
      view: 'expense.CostSet',
      aliases: ['/storageBasic/costSet'],
      buttons: [{ code: A.costSetEdit, menuName: '编辑费用设置' }],
    }),
    screen(S.preferential, '优惠规则', {
      code: A.preferential,
      view: 'expense.Preferential',
      aliases: ['/setting/preferentialRules'],
      buttons: [{ code: A.preferentialEdit, menuName: '编辑优惠规则' }],
    }),
    group(A.report, '财务报表', 'chart', [
      ...costReports.map((r) =>
        screen(reportScreen(r.name), r.title, {
          code: `${A.report}:${r.name}`,
          view: `expense.report.${r.name}`,
          aliases: [`/billManagement/${r.name}`],
        }),
      ),
      screen(reportScreen('income'), '收支记录', {
        code: `${A.report}:income`,
        view: 'expense.Income',
        aliases: ['/billManagement/income'],
      }),
      screen(reportScreen('ledger'), '账务核对', { code: `${A.report}:ledger`, view: 'expense.Ledger' }),
    ]),
    screen(S.accountBatchPayment, '批量收款', { tab: false, view: 'expense.BatchPayment' }),
    screen(S.accountDetail, '账户明细', { tab: false, view: 'expense.AccountDetail' }),
    screen(S.accountBill, '账户账单', { view: 'expense.Bills' }),
    screen(S.accountBillBatchPayment, '账单批量缴费', { tab: false, view: 'expense.BillBatchPayment' }),
    screen(S.accountBillDetail, '账单详情', { tab: false, view: 'expense.BillDetail' }),
    screen(S.settleDetail, '结算详情', { tab: false, view: 'expense.SettleDetail' }),
    screen(S.paymentRemindDetail, '提醒详情', { tab: false, view: 'expense.RemindDetail' }),
    screen(S.baseChargeChild, '收费子项目', { tab: false, view: 'expense.BaseChargeChild' }),
  ],
});
