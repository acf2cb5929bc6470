import type { ViewLoaders } from '../src/router/views.js';
import { activityViews } from './administration/activities/index.js';
import { attendanceViews } from './administration/attendance/index.js';
import { administrationViews } from './administration/index.js';
import { patrolViews } from './administration/patrol/index.js';
import { photoViews } from './administration/photos/index.js';
import { qualityViews } from './administration/quality/index.js';
import { archivesViews } from './archives/index.js';
import { callboardViews } from './callboard/index.js';
import { assessmentViews } from './care/assessment/index.js';
import { careHealthViews } from './care/health/index.js';
import { careViews } from './care/index.js';
import { dashboardViews } from './dashboard/index.js';
import { drugViews } from './drugs/index.js';
import { educationViews } from './education/index.js';
import { expenseViews } from './expense/index.js';
import { governmentViews } from './government/index.js';
import { homecareViews } from './homecare/index.js';
import { iotViews } from './iot/index.js';
import { consultViews } from './live/consult/index.js';
import { contractViews } from './live/contract/index.js';
import { outingViews } from './live/outing/index.js';
import { residenceViews } from './live/residence/index.js';
import { systemViews } from './system/index.js';
import { warehouseViews } from './warehouse/index.js';
import { shellViews } from './workbench/index.js';

/**
 * The console's custom views by the keys the module descriptors name. A plain list screen needs
 * none: its descriptor names a resource and the shared ResourceList renders it.
 */
export const views: ViewLoaders = {
  ...shellViews,
  ...dashboardViews,
  ...archivesViews,
  ...residenceViews,
  ...consultViews,
  ...outingViews,
  ...contractViews,
  ...iotViews,
  ...systemViews,
  ...expenseViews,
  ...homecareViews,
  ...callboardViews,
  ...careViews,
  ...drugViews,
  ...careHealthViews,
  ...assessmentViews,
  ...governmentViews,
  ...educationViews,
  ...activityViews,
  ...warehouseViews,
  ...administrationViews,
  ...patrolViews,
  ...attendanceViews,
  ...photoViews,
  ...qualityViews,
};
