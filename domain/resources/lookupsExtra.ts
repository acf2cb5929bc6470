import type { ResourceDef } from '../resource.js';
import { shiftResource } from './attendanceBase.js';
import { careBaseResources } from './careBase.js';
import { patrolBaseResources } from './patrolBase.js';

/**
 * The base records behind spec 000 §7 "Lookups" of the later modules. The warehouse's own (depot,
 * classify, spec, supplier) are served by 仓储管理, which has their screens (features/warehouse).
 */
export const lookupsExtraResources: ResourceDef[] = [
  ...patrolBaseResources,
  shiftResource,
  ...careBaseResources,
];
