import { type ResourceDef, restApi } from '../resource.js';

/** Spec 001 §7 "Warehouse": depot, spec, classify, supplier each GET, POST, PUT, DELETE /{id}. */
const STORAGE = '/pims/web-pi/storage';
export const WarehousePaths = {
  depot: `${STORAGE}/depot`,
  supplier: `${STORAGE}/supplier`,
  spec: `${STORAGE}/spec`,
  /** Spec 000 §7 lookup: every unit, unpaged. */
  specSelect: `${STORAGE}/spec/select`,
  /** Spec 000 §7 lookup: the classify tree (GET answers the tree, not a page). */
  classify: `${STORAGE}/classify`,
  /** GET: the classes as a flat page, for the 物品分类 screen (our path: the spec's GET is the tree). */
  classifyList: `${STORAGE}/classify/list`,
} as const;

/**
 * The screens of 仓储管理 › 仓库/物品分类/规格/供应商 (features/warehouse/module.ts) and the codes
 * their writes need. Reading stays open to every signed-in user: they are the dropdowns of the
 * warehouse's documents (spec 000 §3).
 */
export const WarehouseBaseAuthority = {
  depot: 'warehouse:depot',
  classify: 'warehouse:classify',
  spec: 'warehouse:spec',
  supplier: 'warehouse:supplier',
} as const;

/** Classify trees are three levels deep: 大类 → 中类 → 小类; goods hang on level 3. */
export const CLASSIFY_MAX_LEVEL = 3;

/** Read by everyone signed in (a dropdown), written with the screen's 新增/编辑/删除 codes. */
const edit = (code: string) => ({
  view: 'session',
  create: `${code}:add`,
  update: `${code}:edit`,
  remove: `${code}:delete`,
});
const A = WarehouseBaseAuthority;

/** 仓库 (库房): where goods are kept, with who keeps it. */
export const depotResource: ResourceDef = {
  name: 'storageDepot',
  title: '仓库',
  table: 'storageDepot',
  idField: 'depotId',
  nameField: 'depotName',
  fields: [
    { name: 'depotName', label: '仓库名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'depotCode', label: '仓库编码', type: 'text', unique: true, maxLength: 20 },
    { name: 'address', label: '存放位置', type: 'text', maxLength: 100, hint: '如 1号楼负一层' },
    { name: 'keeperName', label: '库管员', type: 'text', maxLength: 20 },
    { name: 'keeperPhone', label: '库管员电话', type: 'phone' },
    { name: 'status', label: '启用', type: 'bool' },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['depotName', 'depotCode', 'address', 'keeperName', 'keeperPhone', 'status'],
  search: ['depotName', 'depotCode'],
  filters: [{ field: 'status', kind: 'eq' }],
  defaultSort: { field: 'depotId', order: 'asc' },
  sortable: ['depotName', 'createTime'],
  api: restApi(WarehousePaths.depot),
  authority: edit(A.depot),
};

/** 供应商: who the home buys goods from. */
export const supplierResource: ResourceDef = {
  name: 'storageSupplier',
  title: '供应商',
  table: 'storageSupplier',
  idField: 'supplierId',
  nameField: 'supplierName',
  fields: [
    { name: 'supplierName', label: '供应商名称', type: 'text', required: true, unique: true, maxLength: 50 },
    { name: 'creditCode', label: '统一社会信用代码', type: 'text', maxLength: 18 },
    { name: 'contactName', label: '联系人', type: 'text', maxLength: 20 },
    { name: 'contactPhone', label: '联系电话', type: 'phone' },
    { name: 'address', label: '地址', type: 'text', maxLength: 100 },
    { name: 'supplyScope', label: '供货范围', type: 'text', maxLength: 100, hint: '如 护理耗材、办公用品' },
    { name: 'bankName', label: '开户银行', type: 'text', maxLength: 50 },
    { name: 'bankAccount', label: '银行账号', type: 'text', maxLength: 30 },
    { name: 'status', label: '启用', type: 'bool' },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['supplierName', 'contactName', 'contactPhone', 'supplyScope', 'status'],
  search: ['supplierName', 'contactName'],
  filters: [{ field: 'status', kind: 'eq' }],
  defaultSort: { field: 'supplierId', order: 'asc' },
  sortable: ['supplierName', 'createTime'],
  api: restApi(WarehousePaths.supplier),
  authority: edit(A.supplier),
};

/** The units goods are counted in (盒、箱、包、瓶 …), on the spec's `spec` path, kept in 规格管理. */
export const specResource: ResourceDef = {
  name: 'storageSpec',
  title: '单位',
  table: 'storageSpec',
  idField: 'specId',
  nameField: 'specName',
  fields: [
    {
      name: 'specName',
      label: '单位名称',
      type: 'text',
      required: true,
      unique: true,
      maxLength: 20,
      hint: '物品计数的单位，如：盒、瓶、包',
    },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
    { name: 'remark', label: '备注', type: 'text', maxLength: 100 },
  ],
  columns: ['specName', 'sort', 'remark'],
  search: ['specName'],
  defaultSort: { field: 'sort', order: 'asc' },
  api: restApi(WarehousePaths.spec),
  authority: edit(A.spec),
};

/**
 * 物品分类: a three-level tree. The level is derived from the parent; GET on the base path
 * answers the tree (server/routes/org/lookupTrees.ts), the screen reads the flat list at /list.
 */
export const classifyResource: ResourceDef = {
  name: 'storageClassify',
  title: '物品分类',
  table: 'storageClassify',
  idField: 'classifyId',
  nameField: 'classifyName',
  fields: [
    { name: 'classifyName', label: '分类名称', type: 'text', required: true, maxLength: 20 },
    { name: 'classifyCode', label: '分类编码', type: 'text', unique: true, maxLength: 20 },
    { name: 'parentId', label: '上级分类', type: 'ref', ref: 'classifyParent', hint: '不选为一级分类' },
    { name: 'classifyLevel', label: '分类级别', type: 'int', readOnly: true },
    { name: 'sort', label: '排序', type: 'int', max: 9999 },
  ],
  columns: ['classifyName', 'classifyCode', 'parentId', 'classifyLevel', 'sort'],
  search: ['classifyName', 'classifyCode'],
  filters: [
    // the 上级分类 dropdown asks for levels 1 and 2 (a level-3 class takes no children)
    { field: 'classifyLevel', kind: 'in', param: 'classifyLevels', hidden: true },
  ],
  defaultSort: { field: 'classifyLevel', order: 'asc' },
  sortable: ['classifyName', 'classifyLevel', 'sort'],
  api: {
    list: WarehousePaths.classifyList,
    get: `${WarehousePaths.classify}/:id`,
    create: WarehousePaths.classify,
    update: WarehousePaths.classify,
    remove: `${WarehousePaths.classify}/:id`,
  },
  authority: edit(A.classify),
};

export const warehouseBaseResources = [depotResource, supplierResource, specResource, classifyResource];
