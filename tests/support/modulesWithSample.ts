import { menuTree } from '../../domain/module.js';
import { modules as registry } from '../../features/modules.js';
import { sampleModule } from './sampleModule.js';

/** The registry with the throwaway module added, as a console built for tests/e2e/modules.spec.ts sees it. */
export const modules = [...registry, sampleModule];
/** Its menu tree (the console names authorities from it). */
export const webMenus = menuTree(modules);
