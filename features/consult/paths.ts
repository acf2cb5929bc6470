/** Console routes of this module that other screens open. */
export const ConsultPaths = {
  list: '/live/consult/base',
  archivesAdd: '/live/consult/archivesAdd',
  /** 长者档案 (features/archives). */
  archives: '/live/archives/base',
} as const;
