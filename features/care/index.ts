import { type ViewLoaders, view } from '../../src/router/views.js';

/** Views of 护理计划 (care part): plans with their status steps and items, task records, levels, today's tasks. */
export const careViews: ViewLoaders = {
  'care.NursingPlans': view(() => import('./NursingPlans.js'), 'NursingPlans'),
  'care.NursingPlanAdd': view(() => import('./NursingPlanForm.js'), 'NursingPlanAdd'),
  'care.NursingPlanEdit': view(() => import('./NursingPlanForm.js'), 'NursingPlanEdit'),
  'care.TaskRecords': view(() => import('./TaskRecords.js'), 'TaskRecords'),
  'care.TaskRecordDetail': view(() => import('./TaskRecords.js'), 'TaskRecordDetail'),
  'care.Levels': view(() => import('./Levels.js'), 'Levels'),
  'care.TodayTasks': view(() => import('./TodayTasks.js'), 'TodayTasks'),
};
