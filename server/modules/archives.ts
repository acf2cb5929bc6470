import {
  baseArchiveResource,
  hardshipResource,
  inInstitutionResource,
} from '../../domain/resources/careArchive.js';
import {
  bedResource,
  buildingResource,
  floorResource,
  roomResource,
} from '../../domain/resources/orgArchive.js';
import { bedHooks, buildingHooks, floorHooks, roomHooks } from '../routes/archives/buildingHooks.js';
import { baseArchiveHooks, hardshipHooks, inInstitutionHooks } from '../routes/archives/careArchives.js';
import { orgArchiveRoutes } from '../routes/archives/retire.js';
import type { ServerModule } from './types.js';

/**
 * 机构档案 (domain/modules/archives.ts): the building model and the archives of cared-for people on
 * the resource engine, with the calls that retire and reinstate rooms and beds.
 */
export const archivesServer: ServerModule = {
  resources: {
    [buildingResource.name]: { hooks: buildingHooks },
    [floorResource.name]: { hooks: floorHooks },
    [roomResource.name]: { hooks: roomHooks },
    [bedResource.name]: { hooks: bedHooks },
    [baseArchiveResource.name]: { hooks: baseArchiveHooks },
    [inInstitutionResource.name]: { hooks: inInstitutionHooks },
    [hardshipResource.name]: { hooks: hardshipHooks },
  },
  routes: orgArchiveRoutes,
};
