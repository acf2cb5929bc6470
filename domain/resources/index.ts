import type { ResourceDef } from '../resource.js';
import { consultResources } from './consult.js';
import { contractResources } from './contract.js';
import { familyResource, oldmanResource } from './oldman.js';
import { residenceResources } from './residence.js';

/** Every resource definition; the server creates and extends their tables at start. */
export const allResources: ResourceDef[] = [
  oldmanResource,
  familyResource,
  ...residenceResources,
  ...consultResources,
  ...contractResources,
];
