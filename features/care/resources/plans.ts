import { type MenuNode, screen } from '../../../domain/module.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { CarePlanScreens as S } from '../../../domain/screens.js';
import { CareAuthority as A } from '../../../domain/statuses/care.js';
import { carePlanResourceList, careProjectResource } from './planBase.js';

/** The plans part of 护理计划 (spec 001 §2 "Care plan"): its resources and screens, in menu order. */
export const carePlanResources: readonly ResourceDef[] = carePlanResourceList;
export const carePlanItems: readonly MenuNode[] = [
  screen(S.tasksToday, '今日护理任务', {
    code: A.tasks,
    view: 'care.TodayTasks',
    buttons: [{ code: A.taskDo, menuName: '执行护理任务' }],
  }),
  screen(S.nursing, '护理计划', {
    code: A.nursing,
    view: 'care.NursingPlans',
    buttons: [
      { code: A.nursingEdit, menuName: '编辑护理计划' },
      { code: A.nursingStatus, menuName: '启用/暂停/结束护理计划' },
    ],
  }),
  screen(S.nursingAdd, '新增护理计划', { tab: false, view: 'care.NursingPlanAdd', authority: A.nursingEdit }),
  screen(S.nursingEdit, '编辑护理计划', {
    tab: false,
    view: 'care.NursingPlanEdit',
    authority: A.nursingEdit,
  }),
  screen(S.record, '护理记录', { code: A.record, view: 'care.TaskRecords' }),
  screen(S.recordDetail, '护理记录详情', { tab: false, view: 'care.TaskRecordDetail', authority: A.record }),
  screen(S.projects, '护理项目', {
    code: A.projects,
    resource: careProjectResource,
    buttons: [{ code: A.projectsEdit, menuName: '编辑护理项目' }],
  }),
  screen(S.levels, '护理等级', {
    code: A.levels,
    view: 'care.Levels',
    buttons: [{ code: A.levelsEdit, menuName: '配置等级护理项目' }],
  }),
];
