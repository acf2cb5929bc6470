import type { ViewLoaders } from '../../src/router/views.js';

/** Views of 护理计划 (care-health part). */
export const careHealthViews: ViewLoaders = {};
