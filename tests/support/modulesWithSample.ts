import { modules as registry } from '../../domain/modules/index.js';
import { sampleModule } from './sampleModule.js';

/** The registry with the throwaway module added, as a console built for tests/e2e/modules.spec.ts sees it. */
export const modules = [...registry, sampleModule];
