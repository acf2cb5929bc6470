import { type ViewLoaders, view } from '../../../src/router/views.js';

/** Spec 001 §2 "Residence" live/list, and the bed status map of /home. */
export const residenceViews: ViewLoaders = {
  'live.ResidenceList': view(() => import('./ResidenceList.js'), 'ResidenceList'),
  'live.BedMap': view(() => import('./BedMap.js'), 'BedMap'),
};
