import type { ViewLoaders } from '../../src/router/views.js';

/** Views of 护理计划 (assessment part). */
export const assessmentViews: ViewLoaders = {};
