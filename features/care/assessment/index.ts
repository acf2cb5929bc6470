import { type ViewLoaders, view } from '../../../src/router/views.js';

/** Views of 护理计划 (assessment part): the record list and the one form of every kind. */
export const assessmentViews: ViewLoaders = {
  'assessment.Records': view(() => import('./AssessmentRecords.js'), 'AssessmentRecords'),
  'assessment.Form': view(() => import('./AssessmentForm.js'), 'AssessmentForm'),
  'assessment.Assessors': view(() => import('./Assessors.js'), 'Assessors'),
};
