import { Authority } from '../menus.js';
import { type ModuleDef, menuTree } from '../module.js';
import type { ResourceDef } from '../resource.js';
import { administrationModule } from './administration.js';
import { archivesModule } from './archives.js';
import { baseDataModule } from './baseData.js';
import { callboardModule } from './callboard.js';
import { careModule } from './care.js';
import { dashboardModule } from './dashboard.js';
import { drugsModule } from './drugs.js';
import { educationModule } from './education.js';
import { expenseModule } from './expense.js';
import { governmentModule } from './government.js';
import { homecareModule } from './homecare.js';
import { iotModule } from './iot.js';
import { liveModule } from './live.js';
import { shellModule } from './shell.js';
import { systemModule } from './system.js';
import { warehouseModule } from './warehouse.js';

/** Spec 000 §2: a top-level menu named pims_bench is removed by the console. */
const benchModule: ModuleDef = {
  name: 'bench',
  menu: { code: Authority.bench, name: 'pims_bench' },
  resources: [],
  items: [],
};

/** Every module, in menu order (docs/modules.md: a new module is one file and one line here). */
export const modules: readonly ModuleDef[] = [
  shellModule,
  dashboardModule,
  archivesModule,
  liveModule,
  iotModule,
  systemModule,
  expenseModule,
  homecareModule,
  careModule,
  baseDataModule,
  benchModule,
  callboardModule,
  governmentModule,
  educationModule,
  administrationModule,
  warehouseModule,
  drugsModule,
];

/** The menu tree of the "web" landing end the server seeds (spec 000 §2 server menus). */
export const webMenus = menuTree(modules);

/** Every resource the engine serves; the server creates and extends their tables at start. */
export const allResources: readonly ResourceDef[] = modules.flatMap((m) => m.resources);
