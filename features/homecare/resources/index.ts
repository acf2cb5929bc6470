import type { ResourceDef } from '../../../domain/resource.js';
import { homeTemplateDataResource } from '../../../domain/resources/documents.js';
import {
  costAccountResource,
  homeAreaResource,
  homeFamilyResource,
  homeOldmanResource,
  serveProjectResource,
  serveProjectTypeResource,
} from './elders.js';
import { homecareOrderResources } from './orders.js';

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
