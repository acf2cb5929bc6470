/**
 * Spec 000 §3 "Dropdown data sets" and §7 "Lookups": where each server-loaded dropdown comes from
 * and which fields make its value and label. The console loads and caches them (src/dict); the
 * server's resource engine joins the same tables to show a ref field's name and checks that a ref
 * points at a row of the user's organisation.
 */
export interface LookupDef {
  url: string;
  params?: Record<string, string | number>;
  value: string;
  label: string;
  /** A second line in the dropdown (e.g. the elder's ID-card number). */
  extra?: string;
}

export const lookups = {
  dept: { url: '/ifms/web-org/depts', params: { pageHelper: 0 }, value: 'deptId', label: 'deptName' },
  room: { url: '/ifms/web-org/rooms', params: { pageHelper: 0 }, value: 'roomId', label: 'roomName' },
  bed: { url: '/ifms/web-org/beds', params: { pageHelper: 0 }, value: 'bedId', label: 'bedName' },
  role: {
    url: '/passport/web-rbac/roles',
    params: { pageNum: 1, pageSize: 999 },
    value: 'roleId',
    label: 'name',
  },
  job: { url: '/ifms/web-org/job', params: { pageHelper: 0 }, value: 'jobId', label: 'jobName' },
  building: {
    url: '/loms/web-lo/pnt/building',
    params: { pageHelper: 0 },
    value: 'buildingId',
    label: 'buildingName',
  },
  dictionary: {
    url: '/pims/web-org/dictionarys',
    params: { pageHelper: 0 },
    value: 'dictionaryId',
    label: 'dictionaryName',
  },
  /** Selectable residents: statuses 1 (living) and 4 (trial), spec 000 §9. */
  oldman: {
    url: '/pims/web-pi/oldmans',
    params: { pageHelper: 0, oldmanStatuses: '1,4' },
    value: 'oldmanId',
    label: 'oldmanName',
    extra: 'oldmanIdcard',
  },
  /** Every elder with a profile, whatever the residence status. */
  oldmanAll: {
    url: '/pims/web-pi/oldmans',
    params: { pageHelper: 0 },
    value: 'oldmanId',
    label: 'oldmanName',
    extra: 'oldmanIdcard',
  },
  sale: { url: '/pims/web-pi/personnel/sale', params: { pageHelper: 0 }, value: 'saleId', label: 'saleName' },
  level: { url: '/pims/web-org/levels', params: { pageHelper: 0 }, value: 'levelId', label: 'levelName' },
  interviewer: {
    url: '/pims/web-org/consultations/interviewer',
    params: { pageHelper: 0 },
    value: 'id',
    label: 'interviewerName',
  },
  templateType: {
    url: '/api/form/org/templateType',
    params: { pageHelper: 0 },
    value: 'typeId',
    label: 'typeName',
  },
} satisfies Record<string, LookupDef>;

export type LookupName = keyof typeof lookups;
export const isLookup = (name: string): name is LookupName => name in lookups;
