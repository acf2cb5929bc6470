import { lazy } from 'react';
import type { RouteDef } from '../../src/router/registry.js';
import { OutingScreens } from './paths.js';

const OutingRegister = lazy(() => import('./OutingRegister.js').then((m) => ({ default: m.OutingRegister })));
const OutingAudit = lazy(() => import('./OutingAudit.js').then((m) => ({ default: m.OutingAudit })));

/** Spec 001 §2 "Residence": outing registration and outing audit, with the legacy aliases. */
export const routes: RouteDef[] = [
  {
    path: OutingScreens.register,
    title: '外出登记',
    component: OutingRegister,
    aliases: ['/oldman/oldmanOutList'],
  },
  {
    path: OutingScreens.audit,
    title: '外出审核',
    component: OutingAudit,
    aliases: ['/oldman/outCheckList'],
  },
];
