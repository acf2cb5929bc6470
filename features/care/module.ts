import { defineModule } from '../../domain/module.js';
import { assessmentItems, assessmentResources } from './resources/assessment.js';
import { careHealthItems, careHealthResources } from './resources/health.js';
import { carePlanItems, carePlanResources } from './resources/plans.js';

/**
 * 护理计划 (spec 001 §2 "Care plan", base /careplan): care configuration, nursing plans and their
 * tasks (care/plans.ts), vital signs and meals (care/health.ts), assessments (care/assessment.ts).
 */
export const careModule = defineModule({
  name: 'care',
  menu: { code: 'careplan', name: '护理计划', icon: 'heart' },
  resources: [...carePlanResources, ...careHealthResources, ...assessmentResources],
  items: [...carePlanItems, ...careHealthItems, ...assessmentItems],
});
