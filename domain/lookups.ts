import { IotPaths } from './api/iot.js';
import { OrgArchivePaths } from './resources/orgArchive.js';
import { CLASSIFY_MAX_LEVEL, WarehousePaths } from './resources/warehouseBase.js';

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
  /** The choice's text when the label field alone cannot tell two rows apart (two 张桂英). */
  describe?(row: Record<string, unknown>): string;
  /** Choices in the order people look them up (names by pinyin), not the server's. */
  sorted?: boolean;
}

/**
 * An elder as a choice: the name with the full bed (张桂英（1号楼1层1103-2床）), so that two residents
 * of the same name are told apart; without a bed, the end of the ID-card number.
 */
export function elderChoiceLabel(row: {
  oldmanName?: unknown;
  bedName?: unknown;
  oldmanIdcard?: unknown;
}): string {
  const name = String(row.oldmanName ?? '');
  const bed = typeof row.bedName === 'string' && row.bedName ? row.bedName : '';
  if (bed) return `${name}（${bed}）`;
  const idcard = typeof row.oldmanIdcard === 'string' ? row.oldmanIdcard : '';
  return idcard ? `${name}（身份证尾号${idcard.slice(-4)}）` : name;
}

export const lookups = {
  dept: { url: '/ifms/web-org/depts', params: { pageHelper: 0 }, value: 'deptId', label: 'deptName' },
  /** A room with its building and floor (1号楼1层1101): room numbers repeat across buildings. */
  room: {
    url: '/ifms/web-org/rooms',
    params: { pageHelper: 0 },
    value: 'roomId',
    label: 'roomName',
    describe: (r) => `${String(r.buildingName ?? '')}${String(r.floorName ?? '')}${String(r.roomName ?? '')}`,
  },
  /** The floors of the institution's buildings (机构档案), as 1号楼1层. */
  floor: {
    url: OrgArchivePaths.floors,
    params: { pageHelper: 0 },
    value: 'floorId',
    label: 'floorName',
    describe: (r) => `${String(r.buildingName ?? '')}${String(r.floorName ?? '')}`,
  },
  bed: { url: '/ifms/web-org/beds', params: { pageHelper: 0 }, value: 'bedId', label: 'bedName' },
  role: {
    url: '/passport/web-rbac/roles',
    params: { pageNum: 1, pageSize: 999 },
    value: 'roleId',
    label: 'name',
  },
  job: { url: '/ifms/web-org/job', params: { pageHelper: 0 }, value: 'jobId', label: 'jobName' },
  building: {
    url: IotPaths.buildings,
    params: { pageHelper: 0 },
    value: 'buildingId',
    label: 'buildingName',
  },
  /** Spec 000 §3: rail railId/railName; call deal type dealType/dealTypeName. */
  rail: { url: IotPaths.railList, params: { pageHelper: 0 }, value: 'railId', label: 'railName' },
  callDealType: { url: IotPaths.dealTypes, value: 'dealType', label: 'dealTypeName' },
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
    describe: elderChoiceLabel,
    sorted: true,
  },
  /** Every elder with a profile, whatever the residence status. */
  oldmanAll: {
    url: '/pims/web-pi/oldmans',
    params: { pageHelper: 0 },
    value: 'oldmanId',
    label: 'oldmanName',
    extra: 'oldmanIdcard',
    describe: elderChoiceLabel,
    sorted: true,
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
  /** Billing (spec 000 §7: projectCategorys, cost/set/tradeWay/show, cost/set/discountRule status 1). */
  projectCategory: {
    url: '/pims/web-org/projectCategorys',
    params: { pageHelper: 0 },
    value: 'projectCategoryId',
    label: 'projectCategoryName',
  },
  /** 护理项目 in use (spec 001 §7 /pims/web-org/projects). */
  careProject: {
    url: '/pims/web-org/projects',
    params: { pageHelper: 0, status: 1 },
    value: 'projectId',
    label: 'projectName',
  },
  /** 护理计划 (spec 001 §7 /pims/web-pi/nursing/plan). */
  nursingPlan: {
    url: '/pims/web-pi/nursing/plan',
    params: { pageHelper: 0 },
    value: 'planId',
    label: 'planName',
  },
  costProject: {
    url: '/pims/web-pi/cost/project',
    params: { pageHelper: 0, status: 1 },
    value: 'projectId',
    label: 'projectName',
  },
  tradeWay: {
    url: '/pims/web-pi/cost/set/tradeWay/show',
    value: 'tradeWay',
    label: 'tradeWayName',
  },
  discountRule: {
    url: '/pims/web-pi/cost/set/discountRule',
    params: { pageHelper: 0, status: 1 },
    value: 'setId',
    label: 'discountRuleName',
  },
  /** Home care (居家养老): elders at home, service areas, project types and projects, carers. */
  homeOldman: {
    url: '/homecare/web-api/oldmanBase',
    params: { pageHelper: 0 },
    value: 'oldmanId',
    label: 'oldmanName',
    extra: 'oldmanIdcard',
    describe: elderChoiceLabel,
    sorted: true,
  },
  homeArea: { url: '/homecare/web-api/area', params: { pageHelper: 0 }, value: 'areaId', label: 'areaName' },
  serveProjectType: {
    url: '/homecare/web-api/serveProjectType',
    params: { pageHelper: 0 },
    value: 'id',
    label: 'name',
  },
  serveProject: {
    url: '/homecare/web-api/serveProject',
    params: { pageHelper: 0, onShelf: 1 },
    value: 'projectId',
    label: 'projectName',
  },
  nursingWorker: { url: '/homecare/web-api/nursingWorker', value: 'nursingId', label: 'realName' },
  /** The staff who serve home-care orders (派单): nursingWorker narrowed with carer=1. */
  homeCarer: {
    url: '/homecare/web-api/nursingWorker',
    params: { carer: 1 },
    value: 'nursingId',
    label: 'realName',
  },
  /** Later modules' base records (domain/resources/*Base.ts, features/baseData/server/lookupsExtra.ts). */
  locationType: { url: '/ifms/web-org/locationType', value: 'id', label: 'name' },
  /** A tree: 楼栋 → 楼层 → 房间 → 床位 (children), built from the building model. */
  location: {
    url: '/ifms/web-org/locations',
    params: { pageHelper: 0 },
    value: 'locationId',
    label: 'locationName',
  },
  jobType: { url: '/ifms/web-org/jobType', value: 'jobTypeCode', label: 'jobTypeName' },
  depot: {
    url: '/pims/web-pi/storage/depot',
    params: { pageHelper: 0 },
    value: 'depotId',
    label: 'depotName',
  },
  supplier: {
    url: '/pims/web-pi/storage/supplier',
    params: { pageHelper: 0 },
    value: 'supplierId',
    label: 'supplierName',
  },
  spec: { url: '/pims/web-pi/storage/spec/select', value: 'specId', label: 'specName' },
  /** A tree (children); only level-3 nodes or nodes with children are selectable (`selectable`). */
  storageClassify: { url: '/pims/web-pi/storage/classify', value: 'classifyId', label: 'classifyName' },
  /** 上级分类: the classes that may take children (levels 1 and 2), each chosen freely. */
  classifyParent: {
    url: WarehousePaths.classifyList,
    params: {
      pageHelper: 0,
      classifyLevels: Array.from({ length: CLASSIFY_MAX_LEVEL - 1 }, (_, i) => i + 1).join(','),
    },
    value: 'classifyId',
    label: 'classifyName',
    describe: (r) => `${String(r.classifyName ?? '')}（${Number(r.classifyLevel) === 1 ? '一级' : '二级'}）`,
  },
  /** 药品 (issue #16, drugs per elder): the drug dictionary, unpaged. */
  drug: {
    url: '/pims/web-org/drug/dict/noPage',
    value: 'drugId',
    label: 'drugName',
    describe: (r) => `${String(r.drugName ?? '')}${r.drugSpec ? `（${String(r.drugSpec)}）` : ''}`,
  },
  /** 物品 (issue #16): every sku, unpaged. */
  sku: { url: '/pims/web-pi/storage/sku/noPage', value: 'skuId', label: 'skuName' },
  patrolLine: {
    url: '/ptms/web-pt/patrol/line',
    params: { pageHelper: 0 },
    value: 'linePkId',
    label: 'lineName',
  },
  patrolPoint: {
    url: '/ptms/web-pt/patrol/point',
    params: { pageHelper: 0 },
    value: 'pointPkId',
    label: 'pointName',
    extra: 'icCard',
  },
  patrolPointIc: {
    url: '/ptms/web-pt/patrol/point/ic',
    value: 'pointPkId',
    label: 'pointName',
    extra: 'icCard',
  },
  patrolPlan: {
    url: '/ptms/web-pt/patrol/plan',
    params: { pageHelper: 0 },
    value: 'planPkId',
    label: 'planName',
  },
  patrolExecutor: { url: '/ptms/web-pt/patrol/plan/executor', value: 'nursingId', label: 'nursingName' },
  /** Any active member of staff (交班人, 投诉处理人, 培训学员): the same list as the patrol executors. */
  staffMember: { url: '/ptms/web-pt/patrol/plan/executor', value: 'nursingId', label: 'nursingName' },
  /**
   * 接班人: staff who can sign in (an enabled account), since only the receiver confirms the handover
   * (features/administration/api/quality.ts QualityPaths.handoverReceivers).
   */
  handoverReceiver: { url: '/pims/web-org/quality/handover/receivers', value: 'empId', label: 'empName' },
  shift: {
    url: '/pims/web-org/attendance/shift/noPage',
    value: 'shiftPkId',
    label: 'shiftName',
    extra: 'workPeriod',
  },
  shiftBed: {
    url: '/pims/web-org/attendance/shift/location',
    params: { scheduleMode: 1 },
    value: 'locationId',
    label: 'locationName',
  },
  shiftRoom: {
    url: '/pims/web-org/attendance/shift/location',
    params: { scheduleMode: 2 },
    value: 'locationId',
    label: 'locationName',
  },
  finalGrade: {
    url: '/pims/web-pi/assessment/getIssueValue/finalGrade',
    params: { pageHelper: 0 },
    value: 'gradeId',
    label: 'gradeName',
  },
  assessCause: {
    url: '/pims/web-pi/assessment/assessmentCausle',
    params: { pageHelper: 0 },
    value: 'causeId',
    label: 'causeName',
  },
  /** A tree: departments (children) → users not yet allowed to assess. */
  assessUserTree: {
    url: '/pims/web-pi/user/assess/userTree',
    params: { assessAuth: 0 },
    value: 'userId',
    label: 'userName',
  },
  user: { url: '/passport/web-rbac/users', params: { pageHelper: 0 }, value: 'userId', label: 'empName' },
  elderNursingWorker: { url: '/pims/web-org/nursingworkers/oldman', value: 'nursingId', label: 'realName' },
  dishCategory: {
    url: '/pims/web-org/piDishCategory',
    params: { pageHelper: 0 },
    value: 'categoryId',
    label: 'name',
  },
  dish: { url: '/pims/web-org/piDish', params: { pageHelper: 0 }, value: 'dishId', label: 'dishName' },
  dishPlan: {
    url: '/pims/web-org/piDishPlan',
    params: { pageHelper: 0 },
    value: 'planId',
    label: 'planName',
  },
} satisfies Record<string, LookupDef>;

export type LookupName = keyof typeof lookups;
export const isLookup = (name: string): name is LookupName => name in lookups;
