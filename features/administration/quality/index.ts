import { type ViewLoaders, view } from '../../../src/router/views.js';

/** 行政管理 › 护理质量 (features/administration/resources/quality.ts). */
export const qualityViews: ViewLoaders = {
  'quality.Handovers': view(() => import('./Handovers.js'), 'Handovers'),
  'quality.HandoverDetail': view(() => import('./HandoverDetail.js'), 'HandoverDetail'),
  'quality.AdverseEvents': view(() => import('./AdverseEvents.js'), 'AdverseEvents'),
  'quality.AdverseEventDetail': view(() => import('./AdverseEventDetail.js'), 'AdverseEventDetail'),
  'quality.Complaints': view(() => import('./Complaints.js'), 'Complaints'),
  'quality.ComplaintDetail': view(() => import('./ComplaintDetail.js'), 'ComplaintDetail'),
  'quality.Trainings': view(() => import('./Trainings.js'), 'Trainings'),
  'quality.TrainingDetail': view(() => import('./TrainingDetail.js'), 'TrainingDetail'),
};
