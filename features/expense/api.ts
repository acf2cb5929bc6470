import { PROFILE } from '../../domain/resources/oldman.js';

/** Spec 001 §7 "Expense and billing": every call lives under this prefix. */
export const COST = '/pims/web-pi/cost';
export const PROJECT = `${COST}/project`;
export const PROJECT_CHILD = `${COST}/project/child`;
export const DISCOUNT_RULE = `${COST}/set/discountRule`;
export const TRADE_WAY = `${COST}/set/tradeWay`;
/** Ours (the spec names the screen account/costSet, not its calls): an elder's standing charges. */
export const COST_SET = `${COST}/set/oldmanProject`;
export const LEVELS = '/pims/web-org/levels';
export const PROJECT_CATEGORYS = '/pims/web-org/projectCategorys';
/** The expense reports (resources/costReports.ts): GET {RECONCILIATION}/{name}. */
export const RECONCILIATION = '/pims/web-pi/cost/reconciliation';
export const IN_OUT = '/pims/web-pi/reconciliation/inOut';

const ACCOUNT = `${COST}/account`;
const PAY_BACK = `${COST}/payBack`;
const SETTLE = `${COST}/settle`;
const REMIND = `${COST}/remind`;
const RECEIPT = `${COST}/receipt`;

/**
 * The calls of spec 001 §7 "Expense and billing" (/pims/web-pi/cost/...), as the server registers
 * them (`:name` segments) and the console fills them (`costPath`).
 */
export const ExpensePaths = {
  accounts: ACCOUNT,
  account: `${ACCOUNT}/:oldmanId`,
  /** An elder's statement: 1 预存, 2,6 押金, 5 预订金, 3 缴费, 4 退款. */
  statement: `${ACCOUNT}/:oldmanId/:tradeType`,
  /** Money in (1, 2, 6, 5) or a refund (4); print 1 answers the receipt's print address. */
  receive: `${ACCOUNT}/:tradeType/:print`,
  /** Ours: the 满赠 a prepayment of ?amount= (fen) would bring today, announced before 确定收款. */
  giftPreview: `${ACCOUNT}/gift`,
  batchReceive: `${ACCOUNT}/:batchPayType/batch`,
  obsolete: `${ACCOUNT}/obsolete/:tradeId`,
  transfer: `${ACCOUNT}/transfer`,
  remit: `${ACCOUNT}/remit`,

  bills: PAY_BACK,
  elderBills: `${PAY_BACK}/:oldmanId`,
  billDetail: `${PAY_BACK}/detail/:billId`,
  /** The payments (3) of a bill, or their reversals (4). */
  billTrades: `${PAY_BACK}/:tradeMonthId/:tradeType`,
  addBill: `${PAY_BACK}/addBill`,
  payBatch: `${PAY_BACK}/payBatch`,
  pay: `${PAY_BACK}/:tradeType/:print`,
  antiSettle: `${PAY_BACK}/antiSettle`,
  voidBill: `${PAY_BACK}/:billId`,
  /** Bill lines are payment items (statement type 3) in the spec's paths. */
  billItems: `${PAY_BACK}/project/:tradeType`,
  billItem: `${PAY_BACK}/project/:tradeType/:tradeMonthDetailId`,
  billPrint: `${PAY_BACK}/print/:billIds`,
  billBatchPrint: `${PAY_BACK}/batch/print/1`,

  /** 结算记录. */
  settlements: SETTLE,
  /** Ours: elders who have left and wait for 退住结算. */
  settleAwaiting: `${SETTLE}/awaiting`,
  settleCheck: `${SETTLE}/check`,
  settlePreview: `${SETTLE}/:oldmanId/bill`,
  settleDetail: `${SETTLE}/:oldmanId/detail`,
  settle: `${SETTLE}/:oldmanId`,
  /** Ours: the print page of one settlement (退住结算单). */
  settlePrint: `${SETTLE}/print/:settleId`,
  revokeSettle: `${SETTLE}/revokeSettle`,

  remind: REMIND,
  remindBills: `${REMIND}/:oldmanId/bill`,
  remindPreview: `${REMIND}/send/:oldmanId/:remindTemplate`,
  remindSend: `${REMIND}/send/:oldmanId`,

  receipts: RECEIPT,
  /** POST answers the print address; GET ?txIds= is the print page. */
  receiptPrint: `${RECEIPT}/print`,

  ledger: `${RECONCILIATION}/ledger`,
  report: `${RECONCILIATION}/:report`,
  balanceStatistics: '/pims/web-pi/balanceStatistics/:tradeType',
  inOut: IN_OUT,
  /** What an elder is charged each month, with the balances (spec 001 §7 "Elder profiles"). */
  elderCost: `${PROFILE}/:oldmanId/costProject`,

  tradeWays: TRADE_WAY,
  tradeWaysShown: `${TRADE_WAY}/show`,
  projectNameCheck: `${PROJECT}/projectName`,
  projectChildNameCheck: `${PROJECT_CHILD}/projectChildName`,
  projectSort: `${PROJECT}/sort`,
} as const;

/** Fills the `:name` segments of a path: costPath(ExpensePaths.account, { oldmanId: 7 }). */
export const costPath = (path: string, values: Readonly<Record<string, string | number>>) =>
  path.replace(/:(\w+)/g, (_, name: string) => String(values[name] ?? ''));

/** The print page of receipts (GET receipt/print?txIds=3,5). */
export const receiptPrintUrl = (txIds: readonly number[]) =>
  `${ExpensePaths.receiptPrint}?txIds=${txIds.join(',')}`;

/** The print page of a settlement. */
export const settlePrintUrl = (settleId: number) => costPath(ExpensePaths.settlePrint, { settleId });

/** The print page of bills. */
export const billPrintUrl = (billIds: readonly number[]) =>
  costPath(ExpensePaths.billPrint, { billIds: billIds.join(',') });
