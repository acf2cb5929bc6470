/** Console routes of this module that other screens open. */
export const ConsultPaths = {
  list: '/live/consult/base',
  archivesAdd: '/live/consult/archivesAdd',
  /** 长者档案 (features/archives). */
  archives: '/live/archives/base',
  /** One elder's profile (features/archives ArchivePaths.detail), opened with ?oldmanId=. */
  archiveDetail: '/live/archives/detail',
} as const;
