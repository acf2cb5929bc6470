import { lazy } from 'react';
import type { RouteDef } from '../../src/router/registry.js';

const ResidenceList = lazy(() => import('./ResidenceList.js').then((m) => ({ default: m.ResidenceList })));
const BedMap = lazy(() => import('./BedMap.js').then((m) => ({ default: m.BedMap })));

/** Spec 001 §2 "Residence" live/list, and the bed status map of /home. */
export const routes: RouteDef[] = [
  { path: '/live/live/list', title: '入住管理', component: ResidenceList },
  { path: '/home/bedInfo', title: '床位状态图', component: BedMap },
];
