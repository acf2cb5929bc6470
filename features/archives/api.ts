/** The archives of cared-for people (spec 001 §2 "/archives"): basic facts, in-institution facts, hardship. */
const ARCHIVES = '/pims/web-pi/archives';
export const CareArchivePaths = {
  base: `${ARCHIVES}/base`,
  inInstitution: `${ARCHIVES}/inInstitution`,
  hardship: `${ARCHIVES}/hardship`,
} as const;
