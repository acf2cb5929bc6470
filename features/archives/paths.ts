/** Spec 001 §2 "Residence": the elder profile screens. */
export const ArchivePaths = {
  list: '/live/archives/base',
  add: '/live/archivesAdd',
  /** One elder's profile (sections, head image, family, records); not shown in the spec. */
  detail: '/live/archives/detail',
  family: '/live/family/base',
} as const;
