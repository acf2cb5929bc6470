import type { ResourceDef } from '../resource.js';

export const contractResources: ResourceDef[] = [];
