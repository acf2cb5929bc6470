import { type RawBuilder, sql } from 'kysely';

/**
 * How the server resolves each lookup a ref field may name (domain/lookups.ts): the table and
 * columns to join for the display name, and a query that proves a row belongs to an organisation.
 */
export interface RefTable {
  table: string;
  id: string;
  label: string;
  /** Returns a row when the row `id` belongs to the organisation. */
  owned(id: number, orgId: number): RawBuilder<unknown>;
}

const direct = (table: string, id: string, label: string): RefTable => ({
  table,
  id,
  label,
  owned: (value, orgId) =>
    sql`select 1 from ${sql.id(table)} where ${sql.id(id)} = ${value} and orgId = ${orgId}`,
});

export const refTables: Record<string, RefTable> = {
  dept: direct('dept', 'deptId', 'deptName'),
  room: {
    table: 'room',
    id: 'roomId',
    label: 'roomName',
    owned: (value, orgId) =>
      sql`select 1 from room r join dept d on d.deptId = r.deptId where r.roomId = ${value} and d.orgId = ${orgId}`,
  },
  bed: {
    table: 'bed',
    id: 'bedId',
    label: 'bedName',
    owned: (value, orgId) =>
      sql`select 1 from bed b join room r on r.roomId = b.roomId join dept d on d.deptId = r.deptId
        where b.bedId = ${value} and d.orgId = ${orgId}`,
  },
  building: direct('building', 'buildingId', 'buildingName'),
  rail: direct('rail', 'railId', 'railName'),
  callDealType: direct('callDealType', 'dealType', 'dealTypeName'),
  floor: direct('floor', 'floorId', 'floorName'),
  oldman: direct('oldman', 'oldmanId', 'oldmanName'),
  oldmanAll: direct('oldman', 'oldmanId', 'oldmanName'),
  sale: direct('emp', 'empId', 'empName'),
  job: direct('job', 'jobId', 'jobName'),
  role: direct('role', 'roleId', 'name'),
  templateType: direct('templateType', 'typeId', 'typeName'),
  template: direct('template', 'templateId', 'templateName'),
  interviewer: direct('interviewer', 'id', 'interviewerName'),
  dictionary: direct('dictionary', 'dictionaryId', 'dictionaryName'),
  homeOldman: direct('homeOldman', 'oldmanId', 'oldmanName'),
  homeArea: direct('homeArea', 'areaId', 'areaName'),
  serveProjectType: direct('serveProjectType', 'id', 'name'),
  serveProject: direct('serveProject', 'projectId', 'projectName'),
  nursingWorker: direct('emp', 'empId', 'empName'),
  homeCarer: direct('emp', 'empId', 'empName'),
  level: direct('careLevel', 'levelId', 'levelName'),
  careProject: direct('careProject', 'projectId', 'projectName'),
  nursingPlan: direct('nursingPlan', 'planId', 'planName'),
  projectCategory: direct('projectCategory', 'projectCategoryId', 'projectCategoryName'),
  costProject: direct('costProject', 'projectId', 'projectName'),
  discountRule: direct('discountRule', 'setId', 'discountRuleName'),
  // Later modules' base records (domain/resources/*Base.ts).
  depot: direct('storageDepot', 'depotId', 'depotName'),
  supplier: direct('storageSupplier', 'supplierId', 'supplierName'),
  spec: direct('storageSpec', 'specId', 'specName'),
  storageClassify: direct('storageClassify', 'classifyId', 'classifyName'),
  classifyParent: direct('storageClassify', 'classifyId', 'classifyName'),
  sku: direct('storageSku', 'skuId', 'skuName'),
  drug: direct('drugDict', 'drugId', 'drugName'),
  patrolLine: direct('patrolLine', 'linePkId', 'lineName'),
  patrolPoint: direct('patrolPoint', 'pointPkId', 'pointName'),
  patrolPointIc: direct('patrolPoint', 'pointPkId', 'pointName'),
  patrolPlan: direct('patrolPlan', 'planPkId', 'planName'),
  patrolExecutor: direct('emp', 'empId', 'empName'),
  staffMember: direct('emp', 'empId', 'empName'),
  handoverReceiver: direct('emp', 'empId', 'empName'),
  shift: direct('attendanceShift', 'shiftPkId', 'shiftName'),
  finalGrade: direct('assessFinalGrade', 'gradeId', 'gradeName'),
  assessCause: direct('assessCause', 'causeId', 'causeName'),
  user: direct('users', 'userId', 'loginName'),
  elderNursingWorker: direct('emp', 'empId', 'empName'),
  dishCategory: direct('piDishCategory', 'categoryId', 'name'),
  dish: direct('piDish', 'dishId', 'dishName'),
  dishPlan: direct('piDishPlan', 'planId', 'planName'),
};
