import { type ViewLoaders, view } from '../../../src/router/views.js';

/** Spec 001 §2 "Residence": outing registration and outing audit. */
export const outingViews: ViewLoaders = {
  'live.OutingRegister': view(() => import('./OutingRegister.js'), 'OutingRegister'),
  'live.OutingAudit': view(() => import('./OutingAudit.js'), 'OutingAudit'),
};
