import { Authority } from '../domain/menus.js';
import { type ModuleDef, menuTree } from '../domain/module.js';
import { shellModule } from '../domain/modules/shell.js';
import type { ResourceDef } from '../domain/resource.js';
import { administrationModule } from './administration/module.js';
import { archivesModule } from './archives/module.js';
import { baseDataModule } from './baseData/module.js';
import { callboardModule } from './callboard/module.js';
import { careModule } from './care/module.js';
import { dashboardModule } from './dashboard/module.js';
import { drugsModule } from './drugs/module.js';
import { educationModule } from './education/module.js';
import { expenseModule } from './expense/module.js';
import { governmentModule } from './government/module.js';
import { homecareModule } from './homecare/module.js';
import { iotModule } from './iot/module.js';
import { liveModule } from './live/module.js';
import { systemModule } from './system/module.js';
import { warehouseModule } from './warehouse/module.js';

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
