import type { Generated } from 'kysely';

/** Tables of the foundation. Column names are the wire names of the spec, so rows need no mapping. */
export interface Database {
  org: OrgTable;
  dept: DeptTable;
  job: JobTable;
  emp: EmpTable;
  users: UserTable;
  role: RoleTable;
  roleAuthority: RoleAuthorityTable;
  userRole: UserRoleTable;
  userDataDept: UserDataDeptTable;
  landingEnd: LandingEndTable;
  menu: MenuTable;
  session: SessionTable;
  loginFailure: LoginFailureTable;
  photoCode: PhotoCodeTable;
  smsCode: SmsCodeTable;
  configEntry: ConfigEntryTable;
  dictionary: DictionaryTable;
  dictionaryValue: DictionaryValueTable;
  operationLog: OperationLogTable;
  frontLog: FrontLogTable;
  storedFile: StoredFileTable;
  installPackage: InstallPackageTable;
  versionRecord: VersionRecordTable;
  notice: NoticeTable;
  versionRead: VersionReadTable;
  templateType: TemplateTypeTable;
  template: TemplateTable;
  templateFile: TemplateFileTable;
  ssoNonce: SsoNonceTable;
  building: BuildingTable;
  floor: FloorTable;
  room: RoomTable;
  bed: BedTable;
}

export interface OrgTable {
  orgId: Generated<number>;
  orgName: string;
  orgLevel: number;
  orgCode: string;
  orgStatus: number;
  parentId: number;
  source: string;
  address: string;
  phone: string;
  qualifications: string;
}
export interface DeptTable {
  deptId: Generated<number>;
  orgId: number;
  parentId: number;
  deptName: string;
  deptLevel: number;
  deptType: string;
  deptKey: string;
  ward: number;
  inpatient: number;
  outpatient: number;
}
export interface JobTable {
  jobId: Generated<number>;
  orgId: number;
  jobName: string;
  jobTypeCode: string;
  jobTypeName: string;
}
export interface EmpTable {
  empId: Generated<number>;
  orgId: number;
  deptId: number;
  empName: string;
  empType: string;
  phoneNum: string;
  sex: number;
  status: number;
  msgAuth: number;
  language: string;
  jobIds: string;
  nursingLevel: string | null;
}
export interface UserTable {
  userId: Generated<number>;
  orgId: number;
  empId: number;
  loginName: string;
  passwordHash: string;
  phoneNum: string;
  isAdmin: number;
  /** 0 active, 1 disabled. */
  status: number;
  resetPassword: number;
  /** Bumped when password, roles or department change: older tokens then answer 4013. */
  keyVersion: number;
  lastLoginTime: string | null;
  createdAt: string;
}
export interface RoleTable {
  roleId: Generated<number>;
  orgId: number;
  name: string;
  remark: string;
}
export interface RoleAuthorityTable {
  roleId: number;
  code: string;
}
export interface UserRoleTable {
  userId: number;
  roleId: number;
}
export interface UserDataDeptTable {
  userId: number;
  deptId: number;
}
export interface LandingEndTable {
  landingEndId: Generated<number>;
  deviceType: string;
  landingEndCode: string;
  landingEndName: string;
}
export interface MenuTable {
  menuId: Generated<number>;
  landingEndId: number;
  parentId: number;
  menuType: string;
  menuName: string;
  code: string;
  routePath: string;
  icon: string;
  menuLink: string;
  sort: number;
  /** 1 for button authorities (not shown as menus). */
  isButton: number;
}
export interface SessionTable {
  tokenHash: string;
  userId: number;
  createdAt: number;
  lastSeenAt: number;
  /** null while valid; 4011, 4012 or 4013 once ended, so the old token answers that code. */
  endedCode: number | null;
  keyVersion: number;
  selectedDeptId: number | null;
  ipAddress: string;
}
export interface LoginFailureTable {
  loginName: string;
  failures: number;
  lastAt: number;
}
export interface PhotoCodeTable {
  verifyStr: string;
  code: string;
  expiresAt: number;
}
export interface SmsCodeTable {
  phoneNum: string;
  code: string;
  expiresAt: number;
  attempts: number;
}
export interface ConfigEntryTable {
  orgId: number;
  configKey: string;
  value: string;
}
export interface DictionaryTable {
  dictionaryId: Generated<number>;
  orgId: number;
  dictionaryCode: string;
  dictionaryName: string;
  remark: string;
  sort: number;
}
export interface DictionaryValueTable {
  valueId: Generated<number>;
  dictionaryId: number;
  valueCode: string;
  valueName: string;
  sort: number;
}
export interface OperationLogTable {
  logId: Generated<number>;
  orgId: number;
  userId: number | null;
  userName: string;
  operationType: string;
  operationName: string;
  method: string;
  path: string;
  params: string;
  ipAddress: string;
  source: string;
  createTime: string;
}
export interface FrontLogTable {
  id: Generated<number>;
  userId: number | null;
  type: string;
  message: string;
  pageUrl: string;
  ajaxUrl: string;
  parms: string;
  datetime: string;
  ts: number;
}
export interface StoredFileTable {
  fileId: Generated<number>;
  orgId: number;
  fileName: string;
  sourceFileName: string;
  relPath: string;
  mime: string;
  fileSizeB: number;
  createdAt: string;
}
export interface InstallPackageTable {
  packageId: Generated<number>;
  orgId: number;
  packageName: string;
  version: string;
  deviceType: string;
  remark: string;
  fileName: string;
  urlPath: string;
  fileSizeB: number;
  createTime: string;
}
export interface VersionRecordTable {
  recordId: Generated<number>;
  version: string;
  content: string;
  publishTime: string;
}
export interface NoticeTable {
  noticeId: Generated<number>;
  orgId: number;
  title: string;
  content: string;
  createTime: string;
}
export interface BuildingTable {
  buildingId: Generated<number>;
  orgId: number;
  buildingName: string;
}
export interface FloorTable {
  floorId: Generated<number>;
  buildingId: number;
  floorName: string;
  floorNo: number;
}
export interface RoomTable {
  roomId: Generated<number>;
  floorId: number;
  deptId: number;
  roomName: string;
  roomType: string;
}
export interface BedTable {
  bedId: Generated<number>;
  roomId: number;
  bedName: string;
  /** 0 free, 1 occupied, 2 reserved, 3 maintenance. */
  bedStatus: number;
}
export interface VersionReadTable {
  userId: number;
  recordId: number;
}
export interface TemplateTypeTable {
  typeId: Generated<number>;
  orgId: number;
  typeName: string;
  sort: number;
  /** 1 for home-care document templates. */
  isHome: number;
}
export interface TemplateTable {
  templateId: Generated<number>;
  orgId: number;
  typeId: number;
  templateName: string;
  /** HTML with {{field}} placeholders filled from the elder's record when printed. */
  content: string;
  status: number;
  updateTime: string;
}
export interface TemplateFileTable {
  fileId: Generated<number>;
  templateId: number;
  fileName: string;
  urlPath: string;
}
export interface SsoNonceTable {
  nonce: string;
  usedAt: number;
}
