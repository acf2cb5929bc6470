import { type ViewLoaders, view } from '../../src/router/views.js';

/** Spec 001 §2 "Home care, base /homecare". */
export const homecareViews: ViewLoaders = {
  'homecare.Elders': view(() => import('./Elders.js'), 'Elders'),
  'homecare.ElderAdd': view(() => import('./Elders.js'), 'ElderAdd'),
  'homecare.Accounts': view(() => import('./Accounts.js'), 'Accounts'),
  'homecare.AccountDetail': view(() => import('./AccountDetail.js'), 'AccountDetail'),
  'homecare.BalancePayment': view(() => import('./BalancePayment.js'), 'BalancePayment'),
  'homecare.Orders': view(() => import('./Orders.js'), 'Orders'),
  'homecare.OrderDetail': view(() => import('./OrderDetail.js'), 'OrderDetail'),
  'homecare.OrderAdd': view(() => import('./OrderDetail.js'), 'OrderAdd'),
  'homecare.AfterSales': view(() => import('./AfterSales.js'), 'AfterSales'),
  'homecare.AfterSaleDetail': view(() => import('./AfterSales.js'), 'AfterSaleDetail'),
  'homecare.ServiceItems': view(() => import('./ServiceItems.js'), 'ServiceItems'),
  'homecare.OrderSet': view(() => import('./OrderSet.js'), 'OrderSet'),
  'homecare.OrderRules': view(() => import('./OrderRules.js'), 'OrderRules'),
  'homecare.Documents': view(() => import('./Documents.js'), 'HomeDocuments'),
};
