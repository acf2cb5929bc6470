import type { ResourceDef } from '../resource.js';

export const consultResources: ResourceDef[] = [];
