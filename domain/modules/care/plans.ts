import type { MenuNode } from '../../module.js';
import type { ResourceDef } from '../../resource.js';

/** The plans part of 护理计划 (spec 001 §2 "Care plan"): its resources and screens, in menu order. */
export const carePlanResources: readonly ResourceDef[] = [];
export const carePlanItems: readonly MenuNode[] = [];
