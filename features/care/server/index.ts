import type { ServerModule } from '../../../server/modules/types.js';
import { assessmentServer } from './assessment.js';
import { careHealthServer } from './health.js';
import { carePlanServer } from './plans.js';

const parts: readonly ServerModule[] = [carePlanServer, careHealthServer, assessmentServer];

/** The server's part of 护理计划: its three parts' resource hooks and calls together. */
export const careServer: ServerModule = {
  resources: Object.assign({}, ...parts.map((p) => p.resources ?? {})),
  routes: (opts) => parts.flatMap((p) => p.routes?.(opts) ?? []),
};
