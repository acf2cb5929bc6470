import { versionRecordResource } from '../../domain/resources/callboard.js';
import { versionRecordHooks, versionRecordRoutes } from '../routes/settings/versionRecords.js';
import type { ServerModule } from './types.js';

/** 呼叫看板: the version notes (read per user) beside the shell's account calls. */
export const callboardServer: ServerModule = {
  resources: { [versionRecordResource.name]: { hooks: versionRecordHooks } },
  routes: () => versionRecordRoutes(),
};
