import { type ViewLoaders, view } from '../../../src/router/views.js';

/** Spec 001 §2 "Residence": consultations and visits. */
export const consultViews: ViewLoaders = {
  'live.ConsultList': view(() => import('./ConsultList.js'), 'ConsultList'),
  'live.ConsultArchivesAdd': view(() => import('./ConsultArchivesAdd.js'), 'ConsultArchivesAdd'),
  'live.VisitList': view(() => import('./VisitList.js'), 'VisitList'),
};
