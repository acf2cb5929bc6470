import { lazy } from 'react';
import type { RouteDef } from '../../src/router/registry.js';

const ConsultList = lazy(() => import('./ConsultList.js').then((m) => ({ default: m.ConsultList })));
const ConsultArchivesAdd = lazy(() =>
  import('./ConsultArchivesAdd.js').then((m) => ({ default: m.ConsultArchivesAdd })),
);
const VisitList = lazy(() => import('./VisitList.js').then((m) => ({ default: m.VisitList })));

/** Spec 001 §2 "Residence": consultations and visits. */
export const routes: RouteDef[] = [
  {
    path: '/live/consult/base',
    title: '咨询登记',
    component: ConsultList,
    aliases: ['/reception/registerList'],
  },
  { path: '/live/consult/archivesAdd', title: '咨询转档案', component: ConsultArchivesAdd, tab: false },
  { path: '/live/visit/come', title: '来访登记', component: VisitList, aliases: ['/oldman/visitList'] },
];
