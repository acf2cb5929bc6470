import { type ViewLoaders, view } from '../../src/router/views.js';

/** 药品管理 (features/drugs/module.ts). */
export const drugViews: ViewLoaders = {
  'drugs.Deposited': view(() => import('./Deposited.js'), 'Deposited'),
  'drugs.UseList': view(() => import('./UseList.js'), 'UseList'),
  'drugs.MedicationRound': view(() => import('./MedicationRound.js'), 'MedicationRound'),
};
