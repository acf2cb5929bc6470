import { type ComponentType, lazy } from 'react';
import { HomecarePaths as P } from '../../domain/resources/homecareCodes.js';
import type { RouteDef } from '../../src/router/registry.js';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const Elders = page(() => import('./Elders.js'), 'Elders');
const ElderAdd = page(() => import('./Elders.js'), 'ElderAdd');
const Accounts = page(() => import('./Accounts.js'), 'Accounts');
const AccountDetail = page(() => import('./AccountDetail.js'), 'AccountDetail');
const BalancePayment = page(() => import('./BalancePayment.js'), 'BalancePayment');
const Orders = page(() => import('./Orders.js'), 'Orders');
const OrderDetail = page(() => import('./OrderDetail.js'), 'OrderDetail');
const OrderAdd = page(() => import('./OrderDetail.js'), 'OrderAdd');
const AfterSales = page(() => import('./AfterSales.js'), 'AfterSales');
const AfterSaleDetail = page(() => import('./AfterSales.js'), 'AfterSaleDetail');
const ServiceItems = page(() => import('./ServiceItems.js'), 'ServiceItems');
const OrderSet = page(() => import('./OrderSet.js'), 'OrderSet');
const OrderRules = page(() => import('./OrderRules.js'), 'OrderRules');
const HomeDocuments = page(() => import('./Documents.js'), 'HomeDocuments');

/** Spec 001 §2 "Home care, base /homecare". */
export const routes: RouteDef[] = [
  { path: P.archives, title: '居家档案', component: Elders },
  { path: P.archivesAdd, title: '新增居家档案', component: ElderAdd, tab: false },
  { path: P.account, title: '居家账户', component: Accounts },
  { path: P.accountDetail, title: '账户明细', component: AccountDetail, tab: false },
  { path: P.accountBalancePayment, title: '批量充值', component: BalancePayment, tab: false },
  { path: P.serverWorkorder, title: '服务工单', component: Orders },
  { path: P.serverWorkorderDetail, title: '工单详情', component: OrderDetail, tab: false },
  { path: P.serverWorkorderAdd, title: '新增服务工单', component: OrderAdd, tab: false },
  { path: P.afterSaleOrder, title: '售后工单', component: AfterSales },
  { path: P.afterSaleDetail, title: '售后详情', component: AfterSaleDetail, tab: false },
  { path: P.serviceitems, title: '服务项目', component: ServiceItems },
  { path: P.orderSet, title: '工单设置', component: OrderSet },
  { path: P.orderRule, title: '派单规则', component: OrderRules },
  { path: P.tempeleteDocument, title: '文书管理', component: HomeDocuments },
];
