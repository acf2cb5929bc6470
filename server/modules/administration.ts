import {
  familyInformResource,
  messageResource,
  noticeReceiptResource,
  noticeResource,
  personalNoticeResource,
  remindResource,
  todoResource,
} from '../../domain/resources/administration.js';
import { photoAlbumResource } from '../../domain/resources/photos.js';
import { familyInformHooks, familyInformRoutes } from '../routes/administration/familyInforms.js';
import { inboxRoutes } from '../routes/administration/inbox.js';
import { messageHooks, messageRoutes, personalNoticeHooks } from '../routes/administration/messages.js';
import { noticeHooks, noticeReceiptHooks, noticeRoutes } from '../routes/administration/notices.js';
import { photoAlbumHooks, photoRoutes } from '../routes/administration/photos.js';
import { remindHooks, remindRoutes } from '../routes/administration/reminds.js';
import { todoHooks } from '../routes/administration/todos.js';
import { activityRoutes, activityServerResources } from './administration/activities.js';
import { attendanceRoutes, attendanceServerResources } from './administration/attendance.js';
import { patrolRoutes, patrolServerResources } from './administration/patrol.js';
import { qualityRoutes, qualityServerResources } from './administration/quality.js';
import { staffRoutes, staffServerResources } from './administration/staff.js';
import type { ServerModule } from './types.js';

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
  ],
};
