import {
  bedResource,
  buildingResource,
  floorResource,
  roomResource,
} from '../../../domain/resources/orgArchive.js';
import type { ServerModule } from '../../../server/modules/types.js';
import { baseArchiveResource, hardshipResource, inInstitutionResource } from '../resources.js';
import { bedHooks, buildingHooks, floorHooks, roomHooks } from './buildingHooks.js';
import { baseArchiveHooks, hardshipHooks, inInstitutionHooks } from './careArchives.js';
import { orgArchiveRoutes } from './retire.js';

/**
 * 机构档案 (features/archives/module.ts): the building model and the archives of cared-for people on
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
