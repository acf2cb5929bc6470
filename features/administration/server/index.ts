import type { ServerModule } from '../../../server/modules/types.js';
import {
  familyInformResource,
  messageResource,
  noticeReceiptResource,
  noticeResource,
  personalNoticeResource,
  remindResource,
  todoResource,
} from '../resources/inbox.js';
import { photoAlbumResource } from '../resources/photoAlbums.js';
import { activityRoutes, activityServerResources } from './activities.js';
import { attendanceRoutes, attendanceServerResources } from './attendance.js';
import { familyInformHooks, familyInformRoutes } from './familyInforms.js';
import { inboxRoutes } from './inbox.js';
import { messageHooks, messageRoutes, personalNoticeHooks } from './messages.js';
import { noticeHooks, noticeReceiptHooks, noticeRoutes } from './notices.js';
import { patrolRoutes, patrolServerResources } from './patrol.js';
import { photoAlbumHooks, photoRoutes } from './photos.js';
import { qualityRoutes, qualityServerResources } from './quality.js';
import { remindHooks, remindRoutes } from './reminds.js';
import { salesmanRoutes } from './salesman.js';
import { staffRoutes, staffServerResources } from './staff.js';
import { todoHooks } from './todos.js';

/** 行政管理: the user's messages, todos and reminds, announcements with receipts, the bell. */
export const administrationServer: ServerModule = {
  resources: {
    [messageResource.name]: { hooks: messageHooks, handwritten: ['get'] },
    [todoResource.name]: { hooks: todoHooks },
    [remindResource.name]: { hooks: remindHooks, handwritten: ['list'] },
    [noticeResource.name]: { hooks: noticeHooks, handwritten: ['get'] },
    [noticeReceiptResource.name]: { hooks: noticeReceiptHooks },
    [personalNoticeResource.name]: { hooks: personalNoticeHooks },
    [familyInformResource.name]: { hooks: familyInformHooks },
    [photoAlbumResource.name]: { hooks: photoAlbumHooks },
    ...activityServerResources,
    ...patrolServerResources,
    ...qualityServerResources,
    ...attendanceServerResources,
    ...staffServerResources,
  },
  routes: () => [
    ...inboxRoutes(),
    ...messageRoutes(),
    ...noticeRoutes(),
    ...remindRoutes(),
    ...familyInformRoutes(),
    ...photoRoutes(),
    ...activityRoutes(),
    ...patrolRoutes(),
    ...qualityRoutes(),
    ...attendanceRoutes(),
    ...staffRoutes(),
    ...salesmanRoutes(),
  ],
};
