import { Authority } from '../menus.js';
import { defineModule, group, screen } from '../module.js';
import { ArchivesScreens } from '../screens.js';

export const archivesModule = defineModule({
  name: 'archives',
  menu: { code: 'archives', name: '机构档案', icon: 'office' },
  resources: [],
  items: [
    group('archives:manage', '档案管理', 'folder-open', [
      screen(ArchivesScreens.org, '机构档案', { code: Authority.org }),
      screen(ArchivesScreens.base, '基础档案', { code: 'archives:base' }),
      screen(ArchivesScreens.inInstitution, '在院长者档案', { code: 'archives:inst' }),
      screen(ArchivesScreens.hardship, '特困人员档案', { code: 'archives:hardship' }),
    ]),
  ],
});
