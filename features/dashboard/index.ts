import { type ViewLoaders, view } from '../../src/router/views.js';

/** Views of 数据看板: the dashboard and its per-user setting. */
export const dashboardViews: ViewLoaders = {
  'dashboard.Dashboard': view(() => {
    // the charts' code is fetched beside the screen's (which asks for its data before using it)
    void import('../../src/ui/EChart.js');
    return import('./Dashboard.js');
  }, 'Dashboard'),
  'dashboard.Settings': view(() => import('./Settings.js'), 'Settings'),
};
