import type { ResourceDef } from '../resource.js';
import { shiftResource } from './attendanceBase.js';
import { careBaseResources } from './careBase.js';
import { patrolBaseResources } from './patrolBase.js';
import { warehouseBaseResources } from './warehouseBase.js';

/** The base records behind spec 000 §7 "Lookups" of the later modules. */
export const lookupsExtraResources: ResourceDef[] = [
  ...warehouseBaseResources,
  ...patrolBaseResources,
  shiftResource,
  ...careBaseResources,
];
