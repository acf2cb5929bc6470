import { type ViewLoaders, view } from '../../src/router/views.js';

/** Views of 数据看板: the dashboard and its per-user setting. */
export const dashboardViews: ViewLoaders = {
  'dashboard.Dashboard': view(() => import('./Dashboard.js'), 'Dashboard'),
  'dashboard.Settings': view(() => import('./Settings.js'), 'Settings'),
};
