/**
 * Where the calls of spec 000 §7 "Startup and config" and "System settings" are, apart from what they
 * answer (domain/api/settings.ts): the login page names these paths and loads no schema library.
 */
const SYSTEM_CONFIGS = '/passport/web-rbac/systemConfigs';
export const ConfigPaths = {
  pwdConfig: `${SYSTEM_CONFIGS}/pwdConfig`,
  loginConfig: `${SYSTEM_CONFIGS}/loginConfig`,
  photoCodeConfig: `${SYSTEM_CONFIGS}/photoCodeConfig`,
  systemThemeColor: `${SYSTEM_CONFIGS}/systemThemeColor`,
  iconConfig: `${SYSTEM_CONFIGS}/iconConfig`,
  /** Answers the main first URL alone. */
  loginPageConfig: `${SYSTEM_CONFIGS}/loginPageConfig`,
  recordNumConfig: `${SYSTEM_CONFIGS}/recordNumConfig`,
  preload: `${SYSTEM_CONFIGS}/preload`,
  userIsPass: `${SYSTEM_CONFIGS}/userIsPass`,
  /** 显示设置: read by every console, saved by the display screen. */
  displayIcon: '/passport/web-rbac/iconConfig',
  serverConfigs: '/passport/web-rbac/serverConfigs',
  mattress: '/pims/web-pi/device/set/mattress',
  /** The template settings (contract template, print header). */
  templateSetting: '/pims/web-org/template',
  setting: '/pims/web-org/setting',
  checkConfig: '/pims/web-org/checkConfig',
} as const;

export const ShellPaths = {
  /** The console's silent error and slow-request log. */
  frontLog: '/pims/di-pi/frontLog',
  notices: '/pims/web-org/notices',
  broadcast: '/wnms/web-wn/systemConfig/broad',
} as const;

export const SystemLogPaths = { list: '/passport/web-rbac/systemLogs' } as const;

const DICTIONARYS = '/pims/web-org/dictionarys';
export const DictionaryPaths = {
  list: DICTIONARYS,
  one: `${DICTIONARYS}/:dictionaryId`,
  values: `${DICTIONARYS}/:dictionaryId/dictionaryValues`,
  diff: `${DICTIONARYS}/dictionaryDiff`,
  modelDictionarys: `${DICTIONARYS}/modelDictionarys`,
  dictionaryModels: `${DICTIONARYS}/dictionaryModels`,
} as const;

const PACKAGES = '/tdms/web-td/device/package';
export const PackagePaths = {
  list: PACKAGES,
  one: `${PACKAGES}/:packageId`,
  sumSize: `${PACKAGES}/sumSize`,
} as const;

const FORMS = '/api/form/org';
export const FormTemplatePaths = {
  types: `${FORMS}/templateType`,
  typeSort: `${FORMS}/templateType/sort`,
  templates: `${FORMS}/template`,
  template: `${FORMS}/template/:templateId`,
  content: `${FORMS}/template/edit`,
  files: `${FORMS}/templates/files`,
  copy: `${FORMS}/templates/files/copy`,
  /** The template with its files. */
  withFiles: `${FORMS}/templates/files/:templateId`,
} as const;

const VERSIONS = '/pims/web-org/versionRecord';
export const VersionPaths = {
  list: VERSIONS,
  /** The newest note and whether this user has read it. */
  newest: `${VERSIONS}/isShow`,
  /** Whether the note pops up for this user. */
  popsUp: `${VERSIONS}/isShow/:recordId`,
  /** PUT: read. */
  read: `${VERSIONS}/:recordId`,
} as const;
