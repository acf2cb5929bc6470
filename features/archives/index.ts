import { type ViewLoaders, view } from '../../src/router/views.js';

/** Spec 001 §2 "Residence": elder profiles; spec 000 §2 /archives: 机构档案. */
export const archivesViews: ViewLoaders = {
  'live.Archives': view(() => import('./Archives.js'), 'Archives'),
  'live.ArchivesAdd': view(() => import('./ArchivesAdd.js'), 'ArchivesAdd'),
  'live.ArchiveDetail': view(() => import('./ArchiveDetail.js'), 'ArchiveDetail'),
  'archives.OrgArchive': view(() => import('./OrgArchive.js'), 'OrgArchive'),
};
