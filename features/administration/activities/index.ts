import { type ViewLoaders, view } from '../../../src/router/views.js';

/** 行政管理 › 活动 (features/administration/resources/activities.ts). */
export const activityViews: ViewLoaders = {
  'activities.Activities': view(() => import('./Activities.js'), 'Activities'),
  'activities.Registers': view(() => import('./Registers.js'), 'Registers'),
  'activities.Signs': view(() => import('./Signs.js'), 'Signs'),
  'activities.Statistics': view(() => import('./Statistics.js'), 'Statistics'),
  'activities.RegisterDetail': view(() => import('./RegisterDetail.js'), 'RegisterDetail'),
  'activities.SignDetail': view(() => import('./SignDetail.js'), 'SignDetail'),
};
