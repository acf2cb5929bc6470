import type { AnyRoute } from '../../http/route.js';
import { accountRoutes } from './accounts.js';
import { billRoutes } from './bills.js';
import { elderCostRoutes } from './elderCost.js';
import { registerBillingPayments } from './payments.js';
import { remindRoutes } from './remind.js';
import { reportRoutes } from './reports.js';
import { costSettingRoutes } from './settings.js';
import { settleRoutes } from './settle.js';

/** Spec 001 §7 "Expense and billing" (/pims/web-pi/cost/...); the money book is server/ledger. */
export function costRoutes(): AnyRoute[] {
  registerBillingPayments();
  return [
    ...costSettingRoutes(),
    ...accountRoutes(),
    ...billRoutes(),
    ...settleRoutes(),
    ...remindRoutes(),
    ...reportRoutes(),
    ...elderCostRoutes(),
  ];
}
