import { type MenuNode, screen } from '../../../domain/module.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { QualityAuthority as A, OLDMAN_COST_AUTHORITY } from '../api/quality.js';
import { oldmanCostResource } from './oldmanCost.js';
import { adverseEventResource, adverseFollowResource } from './qualityAdverse.js';
import { complaintFollowResource, complaintResource } from './qualityComplaint.js';
import { handoverItemResource, handoverResource } from './qualityHandover.js';
import { trainingAttendeeResource, trainingResource } from './qualityTraining.js';

/**
 * 护理质量 records of 行政管理 (spec 001 §2 lists their screens without calls; issue #15): shift
 * handover, adverse events, complaints, training — designed as nursing homes keep them
 * (docs/decisions.md "Administration: care-quality records (issue #15)").
 */
export const qualityResources: readonly ResourceDef[] = [
  handoverResource,
  handoverItemResource,
  adverseEventResource,
  adverseFollowResource,
  complaintResource,
  complaintFollowResource,
  trainingResource,
  trainingAttendeeResource,
  oldmanCostResource,
];

export const qualityItems: readonly MenuNode[] = [
  screen(S.shiftExchange, '交接班记录', {
    code: A.handover,
    view: 'quality.Handovers',
    buttons: [
      { code: A.handoverAdd, menuName: '新增交接班' },
      { code: A.handoverEdit, menuName: '编辑交接班' },
      { code: A.handoverDelete, menuName: '删除交接班' },
      { code: A.handoverConfirm, menuName: '接班确认' },
    ],
  }),
  screen(S.shiftExchangeDetail, '交接班详情', {
    tab: false,
    view: 'quality.HandoverDetail',
    authority: A.handover,
  }),
  screen(S.adverseEvent, '不良事件', {
    code: A.adverse,
    view: 'quality.AdverseEvents',
    buttons: [
      { code: A.adverseAdd, menuName: '上报不良事件' },
      { code: A.adverseEdit, menuName: '编辑不良事件' },
      { code: A.adverseDelete, menuName: '删除不良事件' },
      { code: A.adverseInvestigate, menuName: '调查与整改' },
      { code: A.adverseClose, menuName: '结案' },
    ],
  }),
  screen(S.adverseEventDetail, '不良事件详情', {
    tab: false,
    view: 'quality.AdverseEventDetail',
    authority: A.adverse,
  }),
  screen(S.complaint, '投诉管理', {
    code: A.complaint,
    view: 'quality.Complaints',
    buttons: [
      { code: A.complaintAdd, menuName: '登记投诉' },
      { code: A.complaintEdit, menuName: '编辑投诉' },
      { code: A.complaintDelete, menuName: '删除投诉' },
      { code: A.complaintHandle, menuName: '处理与答复' },
      { code: A.complaintClose, menuName: '办结' },
    ],
  }),
  screen(S.complaintDetail, '投诉详情', {
    tab: false,
    view: 'quality.ComplaintDetail',
    authority: A.complaint,
  }),
  screen(S.training, '培训记录', {
    code: A.training,
    view: 'quality.Trainings',
    buttons: [
      { code: A.trainingAdd, menuName: '新增培训' },
      { code: A.trainingEdit, menuName: '编辑培训' },
      { code: A.trainingDelete, menuName: '删除培训' },
    ],
  }),
  screen(S.trainingDetail, '培训详情', {
    tab: false,
    view: 'quality.TrainingDetail',
    authority: A.training,
  }),
  screen(S.costOldman, '长者费用', { code: OLDMAN_COST_AUTHORITY, resource: oldmanCostResource }),
];
