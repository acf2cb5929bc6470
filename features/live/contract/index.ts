import { type ViewLoaders, view } from '../../../src/router/views.js';

/** Spec 001 §2 "Residence": contracts and documents. */
export const contractViews: ViewLoaders = {
  'live.ContractList': view(() => import('./ContractList.js'), 'ContractList'),
  'live.Documents': view(() => import('./DocumentList.js'), 'InstitutionDocuments'),
  'live.ElderContract': view(() => import('./ElderContract.js'), 'ElderContract'),
};
