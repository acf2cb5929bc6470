/**
 * Home care (居家养老, spec 001 §2 "Home care", §7 "Home care (/homecare/web-api)"): paths, status
 * values (spec 000 §3) and authority codes, shared by the console, the server and the machine.
 */
export const HOMECARE_WEB = '/homecare/web-api';
export const HOMECARE_APP = '/homecare/app-api';

/** Spec 000 §3: service order status. */
export const ServeStatus = {
  pendingPayment: 1,
  pendingDispatch: 3,
  pendingService: 5,
  inService: 7,
  completed: 9,
  voided: 10,
  cancelled: 11,
  closed: 13,
} as const;
export type ServeStatusCode = (typeof ServeStatus)[keyof typeof ServeStatus];

/** Spec 000 §3: after-sale status. */
export const AfterSaleStatus = { start: 'START', end: 'END' } as const;

/** Spec 000 §3: home trade ways; BALANCE (pay an order from the elder's account) is ours. */
export const HOME_TRADE_WAYS = ['CASH', 'WECHAT', 'ALIPAY', 'BANK_CARD', 'TRANSFER', 'OTHER'] as const;

/** Authority codes of the 居家养老 menu (domain/menus.ts). */
export const HomecareAuthority = {
  group: 'homecare',
  archives: 'homecare:archives',
  archivesAdd: 'homecare:archives:add',
  archivesEdit: 'homecare:archives:edit',
  archivesDelete: 'homecare:archives:delete',
  account: 'homecare:account',
  accountAdd: 'homecare:account:add',
  accountEdit: 'homecare:account:edit',
  accountDelete: 'homecare:account:delete',
  /** Top-up, withdraw, transfer, remit of balance and deposit. */
  accountTrade: 'homecare:account:trade',
  accountVoid: 'homecare:account:void',
  order: 'homecare:serverWorkorder',
  orderAdd: 'homecare:serverWorkorder:add',
  orderEdit: 'homecare:serverWorkorder:edit',
  orderDelete: 'homecare:serverWorkorder:delete',
  orderPay: 'homecare:serverWorkorder:pay',
  orderDistribute: 'homecare:serverWorkorder:distribute',
  /** The carer's app: receive, start, over. */
  orderServe: 'homecare:serverWorkorder:serve',
  orderCancel: 'homecare:serverWorkorder:cancel',
  orderAbolish: 'homecare:serverWorkorder:abolish',
  orderAfterSales: 'homecare:serverWorkorder:afterSales',
  /** 评价 a completed order (serveOrderEvaluation). */
  orderEvaluate: 'homecare:serverWorkorder:evaluate',
  afterSale: 'homecare:afterSaleOrder',
  afterSaleAudit: 'homecare:afterSaleOrder:audit',
  items: 'homecare:serviceitems',
  itemsAdd: 'homecare:serviceitems:add',
  itemsEdit: 'homecare:serviceitems:edit',
  itemsDelete: 'homecare:serviceitems:delete',
  orderSet: 'homecare:orderSet',
  orderSetSave: 'homecare:orderSet:save',
  orderRule: 'homecare:orderRule',
  orderRuleAdd: 'homecare:orderRule:add',
  orderRuleEdit: 'homecare:orderRule:edit',
  orderRuleDelete: 'homecare:orderRule:delete',
  orderRuleGenerate: 'homecare:orderRule:generate',
  /** 文书管理: documents filled from home-care templates for home elders. */
  document: 'homecare:tempeleteDocument',
  documentAdd: 'homecare:tempeleteDocument:add',
  documentEdit: 'homecare:tempeleteDocument:edit',
  documentDelete: 'homecare:tempeleteDocument:delete',
} as const;

/**
 * Who serves home-care orders (派单): active staff holding a post (job) of one of these job types —
 * 护士 (the 护理员 post) or 护理组长. docs/decisions.md "Home care".
 */
export const HOME_CARER_JOB_TYPES = ['NURSE', 'nurseTeamLeader'] as const;
