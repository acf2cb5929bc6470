import type { ResourceDef } from '../resource.js';

export const residenceResources: ResourceDef[] = [];
