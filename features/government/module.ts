import { defineModule, screen } from '../../domain/module.js';
import { GovernmentAuthority as A, GovernmentScreens as S } from './api.js';
import { inspectRecordResource, inspectResource } from './resources.js';

/** 政府监管 (spec 001 §2 "Government, base /government"; §7 "Government inspection"). */
export const governmentModule = defineModule({
  name: 'government',
  menu: { code: A.group, name: '政府监管', icon: 'office' },
  resources: [inspectResource, inspectRecordResource],
  items: [
    screen(S.inspect, '监管检查', {
      code: A.inspect,
      view: 'government.Inspections',
      buttons: [{ code: A.inspectAdd, menuName: '新增检查' }],
    }),
    screen(S.rectify, '整改管理', {
      code: A.rectify,
      view: 'government.Rectify',
      buttons: [
        { code: A.rectifyAssign, menuName: '下发整改' },
        { code: A.rectifySubmit, menuName: '提交整改' },
      ],
    }),
    screen(S.inspectAdd, '新增检查', { tab: false, view: 'government.InspectAdd', authority: A.inspectAdd }),
    screen(S.sixty, '检查详情（60项）', { tab: false, view: 'government.Sixty', authority: A.inspect }),
    screen(S.register, '问题登记', { tab: false, view: 'government.Register', authority: A.inspect }),
  ],
});
