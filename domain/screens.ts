/**
 * Screen paths of the console (spec 000 §2, 001 §2), each written once: the module descriptors
 * (domain/modules) make routes and menus of them, and screens link to each other with them.
 */

/** Spec 001 §2 "Home, base /home": the data dashboard and its setting. */
export const DashboardScreens = {
  moreEcharts: '/home/moreEcharts',
  echartsSetting: '/home/echartsSetting',
} as const;

/** Spec 000 §2 menu tree: /archives and the archives of cared-for people. */
export const ArchivesScreens = {
  org: '/archives/manager1/index',
  base: '/archives/manager2-1/index',
  inInstitution: '/archives/manager2-2/index',
  hardship: '/archives/manager2-3/index',
} as const;

/** Spec 001 §2 "Residence, base /live" and the bed status map of /home. */
export const LiveScreens = {
  archives: '/live/archives/base',
  archivesAdd: '/live/archivesAdd',
  /** One elder's profile (sections, head image, family, records); not shown in the spec. */
  archiveDetail: '/live/archives/detail',
  residence: '/live/live/list',
  consult: '/live/consult/base',
  consultArchivesAdd: '/live/consult/archivesAdd',
  visit: '/live/visit/come',
  outingRegister: '/live/Outing/register',
  outingAudit: '/live/Outing/audit',
  family: '/live/family/base',
  contracts: '/live/contractDocument',
  elderContract: '/live/contract/oldman',
  /** Spec 001 §2 tempeleteDocument/:typeId: the type is the trailing number every route takes. */
  documents: '/live/tempeleteDocument',
  bedMap: '/home/bedInfo',
} as const;
/** 外出登记 showing one elder's outings (where an overdue reminder sends the user). */
export const outingRegisterOf = (oldmanId: number) => `${LiveScreens.outingRegister}?oldmanId=${oldmanId}`;

/** Spec 001 §2 "IoT, base /yunmuIot". */
export const IotScreens = {
  alarm: '/yunmuIot/alarm',
  /** Every open alarm of every source in one list (beyond the spec: the operator's first screen). */
  allAlarms: '/yunmuIot/allAlarms',
  locateAlarm: '/yunmuIot/locateAlarm',
  callRecord: '/yunmuIot/callRecord',
  bedCards: '/yunmuIot/bedCards',
  healthPersonal: '/yunmuIot/health/personal',
  position: '/yunmuIot/elderPosition/realTime',
  fence: '/yunmuIot/fence',
  locateAlarmRule: '/yunmuIot/locateAlarmRule',
  alarmRules: '/yunmuIot/alarmRules',
  alarmSetting: '/yunmuIot/alarmSetting',
  bedDevices: '/yunmuIot/bedDevices',
  callSetting: '/yunmuIot/callSetting',
} as const;
/** Spec 000 §7 mattressMonitor/1..4: the four monitors, each with a personal view (?oldmanId=). */
export const monitorScreens = [
  { kind: 1, path: '/yunmuIot/hrrest', title: '静息心率' },
  { kind: 2, path: '/yunmuIot/breathe', title: '呼吸监测' },
  { kind: 3, path: '/yunmuIot/inbed', title: '在床监测' },
  { kind: 4, path: '/yunmuIot/turnover', title: '翻身监测' },
] as const;
export const personalPath = (monitorPath: string) => `${monitorPath}/personal`;

/** Spec 000 §2 "System settings", route /systemSetting and its children, and user management. */
export const SystemScreens = {
  /** 状态机与测试路径 (issue #41). */
  testPaths: '/systemSetting/testPaths',
  logList: '/systemSetting/logList',
  dictionarys: '/systemSetting/dictionarys',
  display: '/systemSetting/display',
  serve: '/systemSetting/serve',
  installPackage: '/systemSetting/install-package',
  installPackageSave: '/systemSetting/install-package-save',
  templateSet: '/systemSetting/templateSet',
  templateReportSet: '/systemSetting/templateReportSet',
  templateReportSetDetail: '/systemSetting/templateReportSetDetail',
  templateDocument: '/systemSetting/templateDocument',
  homeTemplateDocument: '/systemSetting/homeTemplateDocument',
  templateDocumentAdd: '/systemSetting/templateDocumentAdd',
  templateDocumentEdit: '/systemSetting/templateDocumentEdit',
  checkConfig: '/systemSetting/checkConfig',
  users: '/systemmanage/manager/index',
} as const;

/** Spec 001 §2 "Expense, base /expense". */
export const ExpenseScreens = {
  account: '/expense/account',
  accountBatchPayment: '/expense/accountBatchPayment',
  accountDetail: '/expense/accountDetail',
  accountBill: '/expense/accountBill',
  accountBillBatchPayment: '/expense/accountBillBatchPayment',
  accountBillDetail: '/expense/accountBillDetail',
  bill: '/expense/bill',
  settle: '/expense/settle',
  settleDetail: '/expense/settle/detail',
  paymentRemind: '/expense/paymentRemind',
  paymentRemindDetail: '/expense/paymentRemind/detail',
  receipt: '/expense/receipt',
  baseCharge: '/expense/account/baseCharge',
  baseChargeChild: '/expense/account/baseChargeChild',
  costSet: '/expense/account/costSet',
  preferential: '/expense/account/preferential',
  report: '/expense/report',
} as const;
/** Spec 001 §2 "Expense reports": the screen of a report, also under /billManagement/. */
export const reportScreen = (name: string) => `${ExpenseScreens.report}/${name}`;

/** Spec 001 §2 "Home care, base /homecare". */
export const HomecareScreens = {
  archives: '/homecare/archives',
  archivesAdd: '/homecare/archivesAdd',
  account: '/homecare/account',
  accountDetail: '/homecare/accountDetail',
  accountBalancePayment: '/homecare/accountBalancePayment',
  serverWorkorder: '/homecare/serverWorkorder',
  serverWorkorderDetail: '/homecare/serverWorkorderDetail',
  serverWorkorderAdd: '/homecare/serverWorkorderAdd',
  afterSaleOrder: '/homecare/afterSaleOrder',
  afterSaleDetail: '/homecare/afterSaleDetail',
  serviceitems: '/homecare/serviceitems',
  orderSet: '/homecare/orderSet',
  orderRule: '/homecare/orderRule',
  /** Spec 001 §2 tempeleteDocument/{typeId}: the type is the trailing number every route takes. */
  tempeleteDocument: '/homecare/tempeleteDocument',
} as const;

/** Spec 001 "Call board, base /callboard"; both pages are also in the user drop-down of the header. */
export const CallboardScreens = {
  versions: '/callboard/versions/record',
  personal: '/callboard/personal/information',
} as const;

/** Spec 001 §2 "Administration, base /administration" (issue #14's part); the bell links to them. */
export const AdministrationScreens = {
  salesman: '/administration/salesman',
  remind: '/administration/info/remind',
  notice: '/administration/notice',
  /** Spec 001 §2 spells it famliy. */
  familyNotice: '/administration/notice/famliy',
  message: '/administration/msg/message',
  messageDetail: '/administration/msg/messageDetail',
  personalNotice: '/administration/msg/notice',
  personalNoticeDetail: '/administration/msg/noticeDetail',
  todo: '/administration/msg/todo',
  /** 相册 and one album's photos (?photoAlbumId=). */
  photo: '/administration/photo',
  photoDetail: '/administration/photoDetail',
  activity: '/administration/activity',
  activityStatistics: '/administration/activityStatistics',
  activityRegister: '/administration/activityRegister',
  activityRegisterDetail: '/administration/activityRegisterDetail',
  activitySign: '/administration/activitySign',
  activitySignDetail: '/administration/activitySignDetail',
  /** 巡更管理, 巡更记录 and one task's points (?taskId=). */
  patrolManage: '/administration/patrolManage',
  patrolRecord: '/administration/patrolRecord',
  patrolRecordDetail: '/administration/patrolRecordDetail',
  /** 护理质量 (spec 001 §2 lists them without calls): the records and one record's entries (?id=). */
  shiftExchange: '/administration/shiftExchange/records',
  shiftExchangeDetail: '/administration/shiftExchange/detail',
  adverseEvent: '/administration/adverseEvent/records',
  adverseEventDetail: '/administration/adverseEvent/detail',
  complaint: '/administration/complaint/records',
  complaintDetail: '/administration/complaint/detail',
  training: '/administration/training/records',
  trainingDetail: '/administration/training/detail',
  /** 长者费用: each elder's bills and balances, read only. */
  costOldman: '/administration/cost/oldman',
} as const;

/**
 * Spec 001 §2 "Drug, base /drug" (issue #16, drugs per elder): drugList, depositedList, set and
 * drugGetList; useList, stock and stockRecord are ours (docs/decisions.md "Drugs").
 */
export const DrugScreens = {
  drugList: '/drug/drugList',
  depositedList: '/drug/depositedList',
  set: '/drug/set',
  drugGetList: '/drug/drugGetList',
  useList: '/drug/useList',
  stock: '/drug/stock',
  stockRecord: '/drug/stockRecord',
  /** 今日用药: the medication round (issue #42 point 3). */
  round: '/drug/round',
} as const;

/** Spec 001 §2 "Care plan, base /careplan": care configuration, nursing plans and their tasks. */
export const CarePlanScreens = {
  record: '/careplan/record',
  recordDetail: '/careplan/record/Detail',
  nursing: '/careplan/nursing',
  nursingAdd: '/careplan/nursing/Add',
  nursingEdit: '/careplan/nursing/Edit',
  projects: '/careplan/projects',
  levels: '/careplan/levels',
  /** Ours (docs/decisions.md): the nurse's 今日护理任务, by floor and room, for a bedside tablet. */
  tasksToday: '/careplan/tasks/today',
} as const;

/** Spec 001 §2 "Warehouse, base /warehouse": the stock ledger's screens (issue #16). */
export const WarehouseScreens = {
  stockIn: '/warehouse/stockIn',
  stockOut: '/warehouse/stockOut',
  scrap: '/warehouse/scrap',
  transfer: '/warehouse/transfer',
  lend: '/warehouse/lend',
  inventory: '/warehouse/inventory',
  stock: '/warehouse/stock',
  stockDetail: '/warehouse/stockDetail',
  sku: '/warehouse/sku',
  /** 库存月报: our screen (the spec lists none for the month-end report). */
  stockReport: '/warehouse/stockReport',
  /** 基础数据 (spec 001 §2 "depot, classify, spec, … supplier"): the records documents choose from. */
  depot: '/warehouse/depot',
  classify: '/warehouse/classify',
  spec: '/warehouse/spec',
  supplier: '/warehouse/supplier',
} as const;

/** Spec 001 §2 "Administration": attendance (shifts, groups with add/edit/detail, the month's record) and staff (issue #15). */
export const AttendanceScreens = {
  shift: '/administration/attendance/shift',
  group: '/administration/attendance/group',
  groupAdd: '/administration/attendance/group/add',
  /** ?id= the group. */
  groupEdit: '/administration/attendance/group/edit',
  /** ?id= the group. */
  groupDetail: '/administration/attendance/group/detail',
  /** 考勤统计: the month's figures per staff member. */
  record: '/administration/attendance/record',
  staff: '/administration/staff',
} as const;
