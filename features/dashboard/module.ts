import { defineModule, screen } from '../../domain/module.js';
import { DashboardScreens } from '../../domain/screens.js';
import { DashboardAuthority as A } from './api.js';

/** Spec 001 §2 "Home, base /home": the data dashboard and its per-user setting (issue #17). */
export const dashboardModule = defineModule({
  name: 'dashboard',
  menu: { code: 'homeGroup', name: '数据看板', icon: 'dashboard' },
  resources: [],
  items: [
    screen(DashboardScreens.moreEcharts, '数据展示', { code: A.view, view: 'dashboard.Dashboard' }),
    screen(DashboardScreens.echartsSetting, '看板设置', {
      code: A.setting,
      view: 'dashboard.Settings',
      aliases: ['/systemSetting/echartsSetting'],
      buttons: [{ code: A.settingSave, menuName: '保存看板设置' }],
    }),
  ],
});
