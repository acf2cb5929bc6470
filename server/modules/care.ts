import { assessmentServer } from './care/assessment.js';
import { careHealthServer } from './care/health.js';
import { carePlanServer } from './care/plans.js';
import type { ServerModule } from './types.js';

const parts: readonly ServerModule[] = [carePlanServer, careHealthServer, assessmentServer];

/** The server's part of 护理计划: its three parts' resource hooks and calls together. */
export const careServer: ServerModule = {
  resources: Object.assign({}, ...parts.map((p) => p.resources ?? {})),
  routes: (opts) => parts.flatMap((p) => p.routes?.(opts) ?? []),
};
