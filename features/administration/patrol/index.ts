import { type ViewLoaders, view } from '../../../src/router/views.js';

/** 行政管理 › 巡更 (features/administration/resources/patrol.ts). */
export const patrolViews: ViewLoaders = {
  'patrol.Tasks': view(() => import('./Tasks.js'), 'Tasks'),
  'patrol.Records': view(() => import('./Records.js'), 'Records'),
  'patrol.RecordDetail': view(() => import('./RecordDetail.js'), 'RecordDetail'),
};
