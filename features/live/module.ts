import { defineModule, group, screen } from '../../domain/module.js';
import { contractResources } from '../../domain/resources/contract.js';
import { LiveAuthority as A, familyResource, oldmanResource } from '../../domain/resources/oldman.js';
import { outingAuditResource, outingResource } from '../../domain/resources/outing.js';
import { residenceListDef } from '../../domain/resources/residence.js';
import { LiveScreens } from '../../domain/screens.js';
import { consultResources } from './resources/consult.js';

/** The consultation an archive came from is shown on the archive (features/archives). */
export { ConsultStatus, consultationResource } from './resources/consult.js';

export const liveModule = defineModule({
  name: 'live',
  menu: { code: 'live', name: '居住管理', icon: 'home' },
  resources: [
    oldmanResource,
    residenceListDef,
    familyResource,
    ...consultResources,
    ...contractResources,
    outingResource,
    outingAuditResource,
  ],
  items: [
    group('live:elder', '长者管理', 'people', [
      screen(LiveScreens.archives, '长者档案', {
        code: A.archives,
        view: 'live.Archives',
        buttons: [
          { code: A.archivesAdd, menuName: '新增档案' },
          { code: A.archivesEdit, menuName: '编辑档案' },
          { code: A.archivesDelete, menuName: '删除档案' },
          { code: A.archivesImport, menuName: '导入档案' },
          { code: A.archivesLevel, menuName: '修改护理等级' },
        ],
      }),
      screen(LiveScreens.residence, '入住管理', {
        code: A.live,
        view: 'live.ResidenceList',
        buttons: [
          { code: A.liveCheckIn, menuName: '办理入住' },
          { code: A.liveChange, menuName: '变更入住状态' },
          { code: A.liveBed, menuName: '调整床位' },
        ],
      }),
      screen(LiveScreens.consult, '咨询登记', {
        code: A.consult,
        view: 'live.ConsultList',
        aliases: ['/reception/registerList'],
        buttons: [
          { code: A.consultAdd, menuName: '新增咨询' },
          { code: A.consultEdit, menuName: '编辑咨询' },
          { code: A.consultDelete, menuName: '删除咨询' },
          { code: A.consultArchive, menuName: '咨询转档案' },
        ],
      }),
      screen(LiveScreens.visit, '来访登记', {
        code: A.visit,
        view: 'live.VisitList',
        aliases: ['/oldman/visitList'],
        buttons: [
          { code: A.visitAdd, menuName: '新增来访' },
          { code: A.visitEdit, menuName: '编辑来访' },
          { code: A.visitDelete, menuName: '删除来访' },
        ],
      }),
      screen(LiveScreens.outingRegister, '外出登记', {
        code: A.outing,
        view: 'live.OutingRegister',
        aliases: ['/oldman/oldmanOutList'],
        buttons: [
          { code: A.outingAdd, menuName: '新增外出' },
          { code: A.outingEdit, menuName: '编辑外出' },
          { code: A.outingAffirm, menuName: '确认外出' },
          { code: A.outingPostpone, menuName: '外出延期' },
          { code: A.outingCancel, menuName: '取消外出' },
          { code: A.outingBack, menuName: '返院登记' },
        ],
      }),
      screen(LiveScreens.outingAudit, '外出审核', {
        code: A.outingAudit,
        view: 'live.OutingAudit',
        aliases: ['/oldman/outCheckList'],
        buttons: [
          { code: A.outingAuditPass, menuName: '审核通过' },
          { code: A.outingAuditDecline, menuName: '审核驳回' },
        ],
      }),
      screen(LiveScreens.family, '家属管理', {
        code: A.family,
        resource: familyResource,
        buttons: [
          { code: A.familyAdd, menuName: '新增家属' },
          { code: A.familyEdit, menuName: '编辑家属' },
          { code: A.familyDelete, menuName: '删除家属' },
        ],
      }),
      screen(LiveScreens.contracts, '合同管理', {
        code: A.contract,
        view: 'live.ContractList',
        buttons: [
          { code: A.contractAdd, menuName: '新增合同' },
          { code: A.contractEdit, menuName: '编辑合同' },
          { code: A.contractDelete, menuName: '删除合同' },
        ],
      }),
      screen(LiveScreens.documents, '文书管理', { code: 'live:tempeleteDocument', view: 'live.Documents' }),
      screen(LiveScreens.bedMap, '床位状态图', { code: A.bedInfo, view: 'live.BedMap' }),
    ]),
    screen(LiveScreens.archivesAdd, '新增长者档案', { tab: false, view: 'live.ArchivesAdd' }),
    screen(LiveScreens.archiveDetail, '长者档案详情', { tab: false, view: 'live.ArchiveDetail' }),
    screen(LiveScreens.consultArchivesAdd, '咨询转档案', { tab: false, view: 'live.ConsultArchivesAdd' }),
    screen(LiveScreens.elderContract, '长者合同', { tab: false, view: 'live.ElderContract' }),
  ],
});
