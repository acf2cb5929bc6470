import { type ViewLoaders, view } from '../../src/router/views.js';

/** Spec 001 §2 "Government, base /government". */
export const governmentViews: ViewLoaders = {
  'government.Inspections': view(() => import('./Inspections.js'), 'Inspections'),
  'government.InspectAdd': view(() => import('./InspectAdd.js'), 'InspectAdd'),
  'government.Sixty': view(() => import('./Sixty.js'), 'Sixty'),
  'government.Register': view(() => import('./Rectify.js'), 'Register'),
  'government.Rectify': view(() => import('./Rectify.js'), 'Rectify'),
};
