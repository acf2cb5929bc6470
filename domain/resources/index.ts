import type { ResourceDef } from '../resource.js';
import { consultResources } from './consult.js';
import { contractResources } from './contract.js';
import { costResources } from './cost.js';
import { inOutResource } from './costReports.js';
import { homecareResources } from './homecareAll.js';
import { lookupsExtraResources } from './lookupsExtra.js';
import { familyResource, oldmanResource } from './oldman.js';
import { outingResource } from './outing.js';
import { residenceResources } from './residence.js';

/** Every resource definition; the server creates and extends their tables at start. */
export const allResources: ResourceDef[] = [
  oldmanResource,
  familyResource,
  ...residenceResources,
  ...consultResources,
  ...contractResources,
  ...costResources,
  inOutResource,
  ...homecareResources,
  outingResource,
  ...lookupsExtraResources,
];
