import {
  contractResource,
  oldmanTemplateResource,
  templateDataResource,
  templateListResource,
} from '../../../domain/resources/contract.js';
import { familyResource, oldmanResource } from '../../../domain/resources/oldman.js';
import { outingAuditResource, outingResource } from '../../../domain/resources/outing.js';
import { residenceListDef } from '../../../domain/resources/residence.js';
import type { ServerModule } from '../../../server/modules/types.js';
import { withElderLevelHistory } from '../../care/server/levelHistory.js';
import { consultationResource, interviewerResource, visitResource } from '../resources/consult.js';
import { consultHooks, consultRoutes, interviewerHooks, visitHooks } from './consult.js';
import {
  contractHooks,
  contractRoutes,
  oldmanTemplateHooks,
  templateDataHooks,
  templateListHooks,
} from './contract.js';
import { familyHooks, oldmanHooks, oldmanRoutes } from './oldman.js';
import { oldmanExtraRoutes } from './oldmanExtras.js';
import { oldmanImportRoutes } from './oldmanImport.js';
import { outingAuditHooks, outingHooks, outingRoutes } from './outing.js';
import { residenceListHooks, residenceRoutes } from './residence.js';

/** Spec 001 §7 "Residence", "Consultations", "Outings and visits", "Contracts and forms". */
export const liveServer: ServerModule = {
  resources: {
    // a level change is kept so month-end bills prorate it (features/care/server/levelHistory.ts)
    [oldmanResource.name]: { hooks: withElderLevelHistory(oldmanHooks) },
    // 入住管理's list on the engine; the detail answers the residence fields only (residence/elder.ts).
    [residenceListDef.name]: { hooks: residenceListHooks, handwritten: ['get'] },
    [familyResource.name]: { hooks: familyHooks },
    [consultationResource.name]: { hooks: consultHooks },
    [interviewerResource.name]: { hooks: interviewerHooks },
    [visitResource.name]: { hooks: visitHooks },
    [contractResource.name]: { hooks: contractHooks },
    [templateDataResource.name]: { hooks: templateDataHooks },
    [oldmanTemplateResource.name]: { hooks: oldmanTemplateHooks },
    [templateListResource.name]: { hooks: templateListHooks },
    // Registration, edits and their audit go through outingMachine (features/live/server/outing.ts).
    [outingResource.name]: { hooks: outingHooks, handwritten: ['get', 'create', 'update'] },
    [outingAuditResource.name]: { hooks: outingAuditHooks, handwritten: ['get'] },
  },
  routes: () => [
    ...oldmanRoutes(),
    ...oldmanImportRoutes(),
    ...oldmanExtraRoutes(),
    ...residenceRoutes(),
    ...consultRoutes(),
    ...contractRoutes(),
    ...outingRoutes(),
  ],
};
