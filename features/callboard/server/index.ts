import type { ServerModule } from '../../../server/modules/types.js';
import { versionRecordResource } from '../resources.js';
import { versionRecordHooks, versionRecordRoutes } from './versionRecords.js';

/** 呼叫看板: the version notes (read per user) beside the shell's account calls. */
export const callboardServer: ServerModule = {
  resources: { [versionRecordResource.name]: { hooks: versionRecordHooks } },
  routes: () => versionRecordRoutes(),
};
