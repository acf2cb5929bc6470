import type { RouteDef } from '../../src/router/registry.js';
import { PersonalInformation } from './PersonalInformation.js';
import { CallboardPath } from './paths.js';
import { VersionRecords } from './VersionRecords.js';

/** Spec 001 "Call board, base /callboard". */
export const routes: RouteDef[] = [
  { path: CallboardPath.versions, title: '版本记录', component: VersionRecords },
  { path: CallboardPath.personal, title: '个人信息', component: PersonalInformation },
];
