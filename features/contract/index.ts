import { lazy } from 'react';
import type { RouteDef } from '../../src/router/registry.js';

const ContractList = lazy(() => import('./ContractList.js').then((m) => ({ default: m.ContractList })));
const DocumentList = lazy(() =>
  import('./DocumentList.js').then((m) => ({ default: m.InstitutionDocuments })),
);
const ElderContract = lazy(() => import('./ElderContract.js').then((m) => ({ default: m.ElderContract })));

/**
 * Spec 001 §2 Residence: contracts and documents. tempeleteDocument/:typeId is registered without
 * the parameter: the router passes a trailing number through and the screen reads it as the type.
 */
export const routes: RouteDef[] = [
  { path: '/live/contractDocument', title: '合同管理', component: ContractList },
  { path: '/live/tempeleteDocument', title: '文书管理', component: DocumentList },
  { path: '/live/contract/oldman', title: '长者合同', component: ElderContract, tab: false },
];
