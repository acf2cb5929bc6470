import type { MenuNode } from '../../module.js';
import type { ResourceDef } from '../../resource.js';

/** The health part of 护理计划 (spec 001 §2 "Care plan"): its resources and screens, in menu order. */
export const careHealthResources: readonly ResourceDef[] = [];
export const careHealthItems: readonly MenuNode[] = [];
