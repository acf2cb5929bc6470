import type { ResourceDef } from '../../../domain/resource.js';
import { QualityAuthority as A, QualityPaths as P } from '../api/quality.js';

/** 培训记录 (training record): one session — its title, kind, date, trainer, hours, place, content. */
export const trainingResource: ResourceDef = {
  name: 'training',
  title: '培训记录',
  table: 'qualityTraining',
  idField: 'trainingId',
  nameField: 'trainingTitle',
  fields: [
    { name: 'trainingTitle', label: '培训主题', type: 'text', required: true, maxLength: 40 },
    { name: 'trainingType', label: '培训类别', type: 'dict', dict: 'trainingType', required: true },
    { name: 'trainingDate', label: '培训日期', type: 'date', required: true },
    { name: 'trainer', label: '培训讲师', type: 'text', required: true, maxLength: 20 },
    { name: 'hours', label: '学时', type: 'int', required: true, min: 1, max: 40 },
    { name: 'place', label: '培训地点', type: 'text', maxLength: 40 },
    { name: 'content', label: '培训内容', type: 'textarea', maxLength: 1000, wide: true },
    { name: 'attendeeCount', label: '参训人数', type: 'int', computed: true },
    { name: 'passCount', label: '合格人数', type: 'int', computed: true },
  ],
  columns: [
    'trainingDate',
    'trainingTitle',
    'trainingType',
    'trainer',
    'hours',
    'place',
    'attendeeCount',
    'passCount',
  ],
  search: ['trainingTitle', 'trainer'],
  filters: [
    { field: 'trainingType', kind: 'eq' },
    { field: 'trainingDate', kind: 'range' },
  ],
  defaultSort: { field: 'trainingDate', order: 'desc' },
  sortable: ['trainingDate', 'hours'],
  api: {
    list: P.training,
    get: P.trainingOne,
    create: P.training,
    update: P.training,
    remove: P.trainingRemove,
  },
  authority: { view: A.training, create: A.trainingAdd, update: A.trainingEdit, remove: A.trainingDelete },
};

/** 参训人员: one member of staff at one training, with attendance, score and result. */
export const trainingAttendeeResource: ResourceDef = {
  name: 'trainingAttendee',
  title: '参训人员',
  table: 'qualityTrainingAttendee',
  idField: 'attendeeId',
  nameField: 'empId',
  fields: [
    { name: 'trainingId', label: '培训记录', type: 'int', required: true, hidden: true },
    { name: 'empId', label: '参训人员', type: 'ref', ref: 'staffMember', required: true },
    { name: 'attendStatus', label: '出勤', type: 'dict', dict: 'attendStatus', required: true },
    { name: 'score', label: '考核成绩', type: 'int', min: 0, max: 100 },
    { name: 'result', label: '考核结果', type: 'dict', dict: 'trainingResult' },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['empId', 'attendStatus', 'score', 'result', 'remark'],
  filters: [{ field: 'trainingId', kind: 'eq', hidden: true }],
  defaultSort: { field: 'attendeeId', order: 'asc' },
  indexes: [['trainingId', 'empId']],
  api: {
    list: P.trainingAttendee,
    create: P.trainingAttendee,
    update: P.trainingAttendee,
    remove: P.trainingAttendeeRemove,
  },
  authority: { view: A.training, create: A.trainingEdit, update: A.trainingEdit, remove: A.trainingEdit },
};
