import { consultationResource, interviewerResource, visitResource } from '../../domain/resources/consult.js';
import {
  contractResource,
  oldmanTemplateResource,
  templateDataResource,
  templateListResource,
} from '../../domain/resources/contract.js';
import { familyResource, oldmanResource } from '../../domain/resources/oldman.js';
import { outingAuditResource, outingResource } from '../../domain/resources/outing.js';
import { residenceListDef } from '../../domain/resources/residence.js';
import { consultHooks, consultRoutes, interviewerHooks, visitHooks } from '../routes/live/consult.js';
import {
  contractHooks,
  contractRoutes,
  oldmanTemplateHooks,
  templateDataHooks,
  templateListHooks,
} from '../routes/live/contract.js';
import { familyHooks, oldmanHooks, oldmanRoutes } from '../routes/live/oldman.js';
import { oldmanExtraRoutes } from '../routes/live/oldmanExtras.js';
import { oldmanImportRoutes } from '../routes/live/oldmanImport.js';
import { outingAuditHooks, outingHooks, outingRoutes } from '../routes/live/outing.js';
import { residenceListHooks, residenceRoutes } from '../routes/live/residence/index.js';
import { withElderLevelHistory } from './care/levelHistory.js';
import type { ServerModule } from './types.js';

/** Spec 001 §7 "Residence", "Consultations", "Outings and visits", "Contracts and forms". */
export const liveServer: ServerModule = {
  resources: {
    // a level change is kept so month-end bills prorate it (server/modules/care/levelHistory.ts)
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
    // Registration, edits and their audit go through outingMachine (server/routes/live/outing.ts).
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
