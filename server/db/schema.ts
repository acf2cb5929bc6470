import type { ColumnType, Generated } from 'kysely';

/** Tables of the foundation. Column names are the wire names of the spec, so rows need no mapping. */
export interface Database {
  instance: InstanceTable;
  rateLimitHit: RateLimitHitTable;
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
  oldman: OldmanTable;
  oldmanModify: OldmanModifyTable;
  oldmanFile: OldmanFileTable;
  oldmanFamily: OldmanFamilyTable;
  device: DeviceTable;
  alarmRecord: AlarmRecordTable;
  alarmComment: AlarmCommentTable;
  mattressAlarmRule: MattressAlarmRuleTable;
  rail: RailTable;
  pntAlarmRule: PntAlarmRuleTable;
  telemetryMinute: TelemetryMinuteTable;
  callRecord: CallRecordTable;
  callDealType: CallDealTypeTable;
  userBuilding: UserBuildingTable;
  liveRecord: LiveRecordTable;
  familyInvitation: FamilyInvitationTable;
  roomMapConfig: RoomMapConfigTable;
  ledgerAccount: LedgerAccountTable;
  ledgerTx: LedgerTxTable;
  ledgerEntry: LedgerEntryTable;
  bill: BillTable;
  billItem: BillItemTable;
  settlement: SettlementTable;
  payRemind: PayRemindTable;
  paymentOrder: PaymentOrderTable;
  oldmanOutRecord: OldmanOutRecordTable;
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
  /** Avatar path under /files/images/, '' when none. */
  headImage: Generated<string>;
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
  /**
   * 'console', or 'wall': the control-room wall's own session (screenPassLogin), which a sign-in of
   * the same account elsewhere does not end.
   */
  kind: ColumnType<SessionKind, SessionKind | undefined, SessionKind>;
  /** A wall session's console session (its tokenHash): that session's sign-out ends the wall's too. */
  origin: ColumnType<string | null, string | null | undefined, string | null>;
}
export type SessionKind = 'console' | 'wall';
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
  /** Null for an anonymous post (the sign-in page). */
  orgId: number | null;
  ipAddress: Generated<string>;
  /** Server time of the post, epoch ms. */
  createdAt: Generated<number>;
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
/** Columns the resource engine adds to every table of a definition (server/resources/engine.ts). */
interface EngineColumns {
  createTime: ColumnType<string, string | undefined, string>;
  updateTime: ColumnType<string, string | undefined, string>;
  createBy: ColumnType<number | null, number | null | undefined, number | null>;
}
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
export interface BuildingTable extends EngineColumns {
  buildingId: Generated<number>;
  orgId: number;
  buildingName: string;
  mapX: ColumnType<number, number | undefined, number>;
  mapY: ColumnType<number, number | undefined, number>;
  remark: Optional<string>;
}
export interface FloorTable extends EngineColumns {
  floorId: Generated<number>;
  orgId: number;
  buildingId: number;
  floorName: string;
  floorNo: number;
}
export interface RoomTable extends EngineColumns {
  roomId: Generated<number>;
  orgId: number;
  floorId: number;
  deptId: number;
  roomName: string;
  roomType: string;
  planSlot: Optional<number>;
  /** 1 in use, 0 retired (domain/resources/orgArchive.ts UseStatus). */
  useStatus: ColumnType<number, number | undefined, number>;
  remark: Optional<string>;
}
export interface BedTable extends EngineColumns {
  bedId: Generated<number>;
  orgId: number;
  roomId: number;
  /** The room's department, kept with the bed for the data-department scope of bed lists. */
  deptId: number;
  bedName: string;
  /** 0 free, 1 occupied, 2 reserved, 3 maintenance. */
  bedStatus: number;
  /** 1 in use, 0 retired. */
  useStatus: ColumnType<number, number | undefined, number>;
  bedType: Optional<number>;
  /** Fen per month; null: the bed charge item's own price. */
  price: Optional<number>;
  remark: Optional<string>;
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

export interface OldmanTable {
  oldmanId: Generated<number>;
  orgId: number;
  deptId: number;
  oldmanName: string;
  oldmanIdcard: string;
  sex: number;
  birthday: string;
  phone: string;
  /** Live status (spec 000 §3): 1 living, 4 trial … */
  oldmanStatus: number;
  nursingLevel: string;
  bedId: number | null;
  createTime: string;
  /** Columns from the resource definition (domain/resources/oldman.ts); the rest are read generically. */
  headImage: string | null;
  checkInDate: string | null;
  leaveDate: string | null;
}
export interface OldmanModifyTable {
  modifyId: Generated<number>;
  oldmanId: number;
  section: string;
  /** JSON [{field,label,before,after}] */
  changes: string;
  userId: number;
  userName: string;
  createTime: string;
  /** Where the change came from, in words (an adopted assessment, an upgrade); '' for a plain edit. */
  note: Generated<string>;
}
export interface OldmanFileTable {
  fileId: Generated<number>;
  orgId: number;
  oldmanId: number;
  fileName: string;
  urlPath: string;
  fileSizeB: number;
  createTime: string;
  createBy: number | null;
}
/** Created from familyResource. */
export interface OldmanFamilyTable {
  familyId: Generated<number>;
  orgId: number;
  deptId: number;
  oldmanId: number;
  familyName: string;
  relation: number;
  phone: string;
  idcard: string | null;
  isGuardian: number | null;
  isEmergency: number | null;
  workUnit: string | null;
  address: string | null;
  remark: string | null;
  createTime: string;
  updateTime: string;
  createBy: number | null;
}
export interface DeviceTable {
  deviceId: Generated<number>;
  orgId: number;
  deptId: number;
  deviceCode: string;
  deviceName: string;
  kind: string;
  model: string;
  /** sha256 of the device secret (MQTT password). */
  secretHash: string;
  oldmanId: number | null;
  bedId: number | null;
  /** Positioning switched on (GET/PUT pnt/device/opened). */
  opened: number;
  online: number;
  lastSeen: number | null;
  battery: number | null;
  buildingId: number | null;
  floorNo: number | null;
  lng: number | null;
  lat: number | null;
  createTime: string;
}
export interface AlarmRecordTable {
  recordId: Generated<number>;
  orgId: number;
  deptId: number;
  source: string;
  alarmType: string;
  alarmTypeName: string;
  severity: number;
  /** Null for an alarm raised by a hand-entered vital sign (no device). */
  deviceId: number | null;
  deviceCode: string;
  deviceName: string;
  oldmanId: number | null;
  oldmanName: string | null;
  bedId: number | null;
  bedName: string | null;
  roomName: string | null;
  buildingId: number | null;
  floorNo: number | null;
  lng: number | null;
  lat: number | null;
  content: string;
  status: number;
  count: number;
  firstTime: number;
  lastTime: number;
  ackBy: number | null;
  ackName: string | null;
  ackTime: number | null;
  escalated: number;
  handlerId: number | null;
  handlerName: string | null;
  handleTime: number | null;
  handleNote: string | null;
  ruleId: number | null;
  version: number;
}
export interface AlarmCommentTable {
  commentId: Generated<number>;
  recordId: number;
  userId: number;
  userName: string;
  content: string;
  createTime: number;
}
export interface MattressAlarmRuleTable {
  ruleId: Generated<number>;
  orgId: number;
  ruleName: string;
  alarmType: number;
  /** Spec 000 §3: alarm rule status 0 on, 1 off. */
  status: number;
  minValue: number | null;
  maxValue: number | null;
  durationSeconds: number;
  startTime: string;
  endTime: string;
  remark: string;
  updateTime: string;
}
export interface RailTable {
  railId: Generated<number>;
  orgId: number;
  railName: string;
  buildingId: number;
  floorNo: number;
  /** JSON ring of [lng, lat]. */
  polygon: string;
  remark: string;
  updateTime: string;
}
export interface PntAlarmRuleTable {
  ruleId: Generated<number>;
  orgId: number;
  ruleName: string;
  alarmType: string;
  /** Spec 000 §3: rule status 0 off, 1 on. */
  status: number;
  railId: number | null;
  railTrigger: string;
  threshold: number | null;
  startTime: string;
  endTime: string;
  weekdays: string;
  remark: string;
  updateTime: string;
}
export interface TelemetryMinuteTable {
  deviceId: number;
  minute: number;
  oldmanId: number | null;
  samples: number;
  hrSum: number;
  hrMin: number;
  hrMax: number;
  brSum: number;
  brMin: number;
  brMax: number;
  inBed: number;
  movements: number;
}
export interface CallRecordTable {
  callId: Generated<number>;
  orgId: number;
  deptId: number;
  deviceId: number;
  model: string;
  oldmanId: number | null;
  oldmanName: string | null;
  bedId: number | null;
  bedName: string | null;
  roomName: string | null;
  callTime: number;
  answerTime: number | null;
  clearTime: number | null;
  /** Spec 000 §3 R10 call status: 1 responded, 2 no response, 3 cancelled. */
  callStatus: number;
  /** Call connect: 1 answer, 3 clear. */
  connect: number | null;
  dealType: number | null;
  /** 1 while it shows on the real-time call board (cleared by rt/clean). */
  realtime: number;
  /**
   * The alarm record the call became when nobody answered it in time (server/rules/engine.ts); null while
   * it has none, 0 when it is settled without one (a call already waiting when migration 0025 ran).
   */
  alarmRecordId: number | null;
}
export interface CallDealTypeTable {
  dealType: number;
  orgId: number;
  dealTypeName: string;
}
export interface UserBuildingTable {
  userId: number;
  buildingId: number;
}

/** One residence change of an elder: status and/or bed (bed names kept as they were then). */
export interface LiveRecordTable {
  recordId: Generated<number>;
  orgId: number;
  oldmanId: number;
  deptId: number;
  /** residenceMachine event type, or ADJUST / EXCHANGE / CLEAR. */
  eventType: string;
  eventName: string;
  fromStatus: number | null;
  toStatus: number | null;
  fromBedId: number | null;
  toBedId: number | null;
  fromBedName: string | null;
  toBedName: string | null;
  changeDate: string;
  note: string;
  userId: number | null;
  userName: string;
  createTime: string;
}
/** An organisation's colour and name for one status of a room-map legend (type 1 bed, 2 room). */
export interface RoomMapConfigTable {
  id: Generated<number>;
  orgId: number;
  type: number;
  statusId: number;
  statusName: string;
  color: string;
  sort: number;
  updateTime: string;
}
export interface FamilyInvitationTable {
  invitationId: Generated<number>;
  orgId: number;
  oldmanId: number;
  familyId: number;
  phone: string;
  code: string;
  expiresAt: number;
  acceptedAt: number | null;
  createBy: number | null;
  createTime: string;
}

/** The money book (domain/ledger.ts, migration 0009). */
export interface LedgerAccountTable {
  accountId: Generated<number>;
  orgId: number;
  ownerType: string;
  ownerId: number;
  kind: string;
  sub: string;
  /** Raw signed balance in fen (debit positive): always the sum of the account's entries. */
  balanceFen: number;
}

export interface LedgerTxTable {
  txId: Generated<number>;
  orgId: number;
  txType: string;
  /** Statement type of the spec (1 prepaid, 2/6 deposits, 3 payment, 4 refund, 5 reservation), when it is one. */
  tradeType: number | null;
  payWay: string | null;
  oldmanId: number | null;
  memo: string;
  refType: string | null;
  refId: number | null;
  reversesTxId: number | null;
  reversedByTxId: number | null;
  operatorId: number | null;
  operatorName: string;
  createTime: string;
  receiptNo: string | null;
}

export interface LedgerEntryTable {
  entryId: Generated<number>;
  txId: number;
  accountId: number;
  amountFen: number;
  balanceAfterFen: number;
}

/** A scanned-code payment order (domain/payment.ts, migration 0012). */
export interface PaymentOrderTable {
  payId: string;
  orgId: number;
  purpose: string;
  /** JSON text of the purpose's reference (a bill id, an order id…), or null. */
  purposeRef: string | null;
  amountFen: number;
  payWay: number;
  /** PaymentStatusCode. */
  status: string;
  subject: string;
  idempotencyKey: string;
  /** Masked 付款码 (first 6 digits only); a full code is a bearer credential. */
  authCode: string | null;
  codeUrl: string | null;
  provider: string;
  providerTradeNo: string | null;
  failReason: string | null;
  /** The last error of the purpose's onPaid; the confirmation is retried on the next query. */
  lastError: string | null;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  paidAt: number | null;
  closedAt: number | null;
}

export interface BillTable {
  billId: Generated<number>;
  orgId: number;
  deptId: number;
  oldmanId: number;
  /** YYYY-MM. */
  billMonth: string;
  billStatus: number;
  totalFen: number;
  discountFen: number;
  payableFen: number;
  chargeTxId: number;
  payTxId: number | null;
  payWay: number | null;
  payTime: string | null;
  settleId: number | null;
  remark: string;
  createBy: number | null;
  createTime: string;
}

export interface BillItemTable {
  itemId: Generated<number>;
  billId: number;
  projectId: number | null;
  projectName: string;
  quantity: number;
  unitFen: number;
  /** Days billed when the elder lived only part of the month. */
  days: number | null;
  amountFen: number;
  /** 'charge' or 'discount' (negative amount). */
  kind: string;
}

export interface SettlementTable {
  settleId: Generated<number>;
  orgId: number;
  deptId: number;
  oldmanId: number;
  settleStatus: number;
  billFen: number;
  extraFen: number;
  prestoreFen: number;
  depositFen: number;
  medicalDepositFen: number;
  reservationFen: number;
  refundFen: number;
  collectFen: number;
  payWay: number | null;
  txId: number;
  revokeTxId: number | null;
  /** JSON: the extra items charged at check-out. */
  detail: string;
  remark: string;
  createBy: number | null;
  createName: string;
  createTime: string;
  revokeTime: string | null;
}

/** History of an outing (migration 0010_outing): outingMachine events and overdue reminders. */
export interface OldmanOutRecordTable {
  recordId: Generated<number>;
  orgId: number;
  outId: number;
  oldmanId: number;
  deptId: number;
  /** outingMachine event type, or 'overdue' (a reminder was pushed). */
  eventType: string;
  eventName: string;
  fromStatus: number | null;
  toStatus: number | null;
  expectedReturnTime: string | null;
  /** The time the event names: leaving, coming back, the new expected return. */
  eventTime: string | null;
  note: string;
  userId: number | null;
  userName: string;
  createTime: string;
}

export interface PayRemindTable {
  remindId: Generated<number>;
  orgId: number;
  oldmanId: number;
  remindTemplate: number;
  /** Comma-separated phone numbers the reminder went to. */
  phones: string;
  content: string;
  amountFen: number;
  sendBy: number | null;
  sendName: string;
  sendTime: string;
}

/** Facts about the installation (server/db/instance.ts). */
export interface InstanceTable {
  key: string;
  value: string;
}

/** Requests counted per route and address for the rate limits of several nodes (server/http/rateStore.ts). */
export interface RateLimitHitTable {
  bucket: string;
  windowStart: number;
  hits: number;
}
