import type { ViewLoaders } from '../../src/router/views.js';

/** Views of 护理计划 (care part). */
export const careViews: ViewLoaders = {};
