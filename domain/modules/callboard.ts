import { Authority as A } from '../menus.js';
import { defineModule, screen } from '../module.js';
import { versionRecordResource } from '../resources/callboard.js';
import { CallboardScreens } from '../screens.js';

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
