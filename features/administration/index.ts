import { type ViewLoaders, view } from '../../src/router/views.js';

/** 行政管理's screens (features/administration/module.ts); the bell lives in the shell (src/layout). */
export const administrationViews: ViewLoaders = {
  'administration.Salesman': view(() => import('./Salesman.js'), 'Salesman'),
  'administration.Notices': view(() => import('./Notices.js'), 'Notices'),
  'administration.FamilyInforms': view(() => import('./FamilyInforms.js'), 'FamilyInforms'),
  'administration.Reminds': view(() => import('./Reminds.js'), 'Reminds'),
  'administration.Messages': view(() => import('./Messages.js'), 'Messages'),
  'administration.MessageDetail': view(() => import('./MessageDetail.js'), 'MessageDetail'),
  'administration.PersonalNotices': view(() => import('./PersonalNotices.js'), 'PersonalNotices'),
  'administration.NoticeDetail': view(() => import('./NoticeDetail.js'), 'NoticeDetail'),
};
