import { Authority as A } from '../../domain/menus.js';
import { defineModule, screen } from '../../domain/module.js';
import { CallboardScreens } from '../../domain/screens.js';
import { versionRecordResource } from './resources.js';

export const callboardModule = defineModule({
  name: 'callboard',
  menu: { code: 'callboard', name: '呼叫看板', icon: 'clipboard' },
  resources: [versionRecordResource],
  items: [
    screen(CallboardScreens.versions, '版本记录', {
      code: A.callboardVersions,
      view: 'callboard.VersionRecords',
    }),
    screen(CallboardScreens.personal, '个人信息', {
      code: A.callboardPersonal,
      view: 'callboard.PersonalInformation',
    }),
  ],
});
