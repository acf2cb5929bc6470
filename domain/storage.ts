/** Spec 000 §3 "Local storage keys" and "Session storage keys". */
export const LocalKey = {
  userInfo: 'userInfo',
  tabbarlist: 'tabbarlist',
  preloadcfg: 'preloadcfg',
  systemconfig: 'systemconfig',
  orgInfo: 'orgInfo',
  menus: 'menus',
  authority: 'authority',
  quickEntry: 'quickEntry',
  oldmanDraft: 'oldmanDraft',
  homeOldmanDraft: 'homeOldmanDraft',
  querySid: 'querySid',
  mqttClientId: 'mqttClientId',
  ssoMarkUrl: 'ssoMarkUrl',
  screenFrameworker: 'screenFrameworker',
} as const;
export type LocalKey = (typeof LocalKey)[keyof typeof LocalKey];

export const SessionKey = {
  settleIn: 'settleIn',
  tabbarlist: 'tabbarlist',
  payBatchData: 'payBatchData',
  homePayBatchData: 'homePayBatchData',
} as const;
export type SessionKey = (typeof SessionKey)[keyof typeof SessionKey];

export const PAGE_SETTING_PREFIX = 'adjfd';
export const DICTIONARY_CACHE_PREFIX = 'dictionary';
