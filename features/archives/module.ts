import { crudButtons, defineModule, group, screen } from '../../domain/module.js';
import { OrgArchiveAuthority as O, orgArchiveResources } from '../../domain/resources/orgArchive.js';
import { ArchivesScreens } from '../../domain/screens.js';
import {
  baseArchiveResource,
  CareArchiveAuthority as C,
  careArchiveResources,
  hardshipResource,
  inInstitutionResource,
} from './resources.js';

/**
 * 机构档案 (spec 000 §1, §2 "/archives"): the institution's own record with its buildings, floors,
 * rooms and beds, and the archives of the people it cares for. docs/decisions.md "Institution
 * archive" and "Archives of cared-for people".
 */
export const archivesModule = defineModule({
  name: 'archives',
  menu: { code: 'archives', name: '机构档案', icon: 'office' },
  resources: [...orgArchiveResources, ...careArchiveResources],
  items: [
    group('archives:manage', '档案管理', 'folder-open', [
      screen(ArchivesScreens.org, '机构档案', {
        code: O.view,
        view: 'archives.OrgArchive',
        buttons: [
          { code: O.add, menuName: '新增楼栋房间床位' },
          { code: O.edit, menuName: '编辑机构与房间床位' },
          { code: O.retire, menuName: '停用启用房间床位' },
          { code: O.remove, menuName: '删除空楼栋楼层' },
        ],
      }),
      screen(ArchivesScreens.base, '基础档案', { code: C.base, resource: baseArchiveResource }),
      screen(ArchivesScreens.inInstitution, '在院长者档案', {
        code: C.inInstitution,
        resource: inInstitutionResource,
      }),
      screen(ArchivesScreens.hardship, '特困人员档案', {
        code: C.hardship,
        resource: hardshipResource,
        buttons: crudButtons(C.hardship, '特困档案'),
      }),
    ]),
  ],
});
