import type { ResourceDef } from '../resource.js';
import { homeTemplateDataResource } from './documents.js';
import {
  costAccountResource,
  homeAreaResource,
  homeFamilyResource,
  homeOldmanResource,
  serveProjectResource,
  serveProjectTypeResource,
} from './homecare.js';
import { homecareOrderResources } from './homecareOrder.js';

/** Every home-care resource, in the order their tables are made. */
export const homecareResources: ResourceDef[] = [
  homeOldmanResource,
  homeAreaResource,
  homeFamilyResource,
  serveProjectTypeResource,
  serveProjectResource,
  costAccountResource,
  ...homecareOrderResources,
  homeTemplateDataResource,
];
