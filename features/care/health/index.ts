import { type ViewLoaders, view } from '../../../src/router/views.js';

/** Views of 护理计划 (care-health part): vital-sign lists, meal plans, care forms. */
export const careHealthViews: ViewLoaders = {
  'careHealth.bloodPressure': view(() => import('./SignLists.js'), 'BloodPressure'),
  'careHealth.bloodOxygen': view(() => import('./SignLists.js'), 'BloodOxygen'),
  'careHealth.bloodSugar': view(() => import('./SignLists.js'), 'BloodSugar'),
  'careHealth.heartRate': view(() => import('./SignLists.js'), 'HeartRate'),
  'careHealth.temperature': view(() => import('./SignLists.js'), 'Temperature'),
  'careHealth.weight': view(() => import('./SignLists.js'), 'Weight'),
  'careHealth.DishPlans': view(() => import('./DishPlans.js'), 'DishPlans'),
  'careHealth.DishPlanUpdate': view(() => import('./DishPlans.js'), 'DishPlanUpdate'),
  'careHealth.DishPlanDetail': view(() => import('./DishPlans.js'), 'DishPlanDetail'),
  'careHealth.NursingForm': view(() => import('./FormScreens.js'), 'NursingForm'),
  'careHealth.MedicalForm': view(() => import('./FormScreens.js'), 'MedicalForm'),
  'careHealth.AssessForm': view(() => import('./FormScreens.js'), 'AssessForm'),
  'careHealth.FormConfig': view(() => import('./FormScreens.js'), 'FormConfig'),
  'careHealth.GoodsForm': view(() => import('./FormScreens.js'), 'GoodsForm'),
};
