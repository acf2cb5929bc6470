/**
 * 基础数据: the records later modules (warehouse, patrol, attendance, assessment, meals) choose from
 * in their dropdowns (spec 000 §3 "Dropdown data sets"). Reading them is open to every signed-in
 * user (they are lookups); changing them needs these codes.
 */
export const BaseDataAuthority = {
  group: 'baseData',
  patrol: 'baseData:patrol',
  patrolEdit: 'baseData:patrol:edit',
  attendance: 'baseData:attendance',
  attendanceEdit: 'baseData:attendance:edit',
  assessment: 'baseData:assessment',
  assessmentEdit: 'baseData:assessment:edit',
  dish: 'baseData:dish',
  dishEdit: 'baseData:dish:edit',
} as const;

/** Spec 000 §3 "location type id/name": the levels of the building model a location can be. */
export const locationTypes = [
  { id: 1, name: '楼栋' },
  { id: 2, name: '楼层' },
  { id: 3, name: '房间' },
  { id: 4, name: '床位' },
] as const;
export type LocationType = (typeof locationTypes)[number]['id'];

/** Spec 000 §7 ".../modelDictionarys with dictionaryCode (oldman, reception, service)". */
export const DICTIONARY_MODELS = ['oldman', 'reception', 'service'] as const;
