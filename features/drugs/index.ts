import { type ViewLoaders, view } from '../../src/router/views.js';

/** 药品管理 (domain/modules/drugs.ts, issue #16). */
export const drugViews: ViewLoaders = {
  'drugs.Deposited': view(() => import('./Deposited.js'), 'Deposited'),
};
