import type { MenuNode } from '../../module.js';
import type { ResourceDef } from '../../resource.js';

/** The assessment part of 护理计划 (spec 001 §2 "Care plan"): its resources and screens, in menu order. */
export const assessmentResources: readonly ResourceDef[] = [];
export const assessmentItems: readonly MenuNode[] = [];
