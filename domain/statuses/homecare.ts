import { defineStatuses } from '../status.js';

/**
 * Home care (居家养老, spec 001 §2 "Home care", §7 "Home care (/homecare/web-api)"): paths, status
 * values (spec 000 §3) and authority codes, shared by the console, the server and the machine.
 */
export const HOMECARE_WEB = '/homecare/web-api';
export const HOMECARE_APP = '/homecare/app-api';

/** Spec 000 §3: service order status (serviceOrderMachine's top states; dictionary serviceOrderStatus). */
export const serveStatuses = defineStatuses([
  { key: 'pendingPayment', code: 1, label: '待支付' },
  { key: 'pendingDispatch', code: 3, label: '待派单' },
  { key: 'pendingService', code: 5, label: '待服务' },
  { key: 'inService', code: 7, label: '服务中' },
  { key: 'completed', code: 9, label: '已完成' },
  { key: 'voided', code: 10, label: '已作废' },
  { key: 'cancelled', code: 11, label: '已取消' },
  { key: 'closed', code: 13, label: '已关闭' },
] as const);
export const ServeStatus = serveStatuses.code;
export type ServeStatusCode = (typeof ServeStatus)[keyof typeof ServeStatus];

/** Spec 000 §3: after-sale status (dictionary afterSaleStatus). */
export const afterSaleStatuses = defineStatuses([
  { key: 'start', code: 'START', label: '待处理' },
  { key: 'end', code: 'END', label: '已处理' },
] as const);
export const AfterSaleStatus = afterSaleStatuses.code;

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
