import { z } from 'zod';
import { type ResourceDef, restApi } from '../resource.js';

/**
 * 机构档案 (spec 000 §2 /archives/manager1/index): the institution's record and its building model —
 * buildings, floors, rooms and beds — added, edited and retired here. The record's own calls are
 * the spec's (§7 orgInfos/{id}, orgInfos/{orgId}/orgInfoAndQualifications); the building model's
 * are ours, under the same orgInfos prefix (docs/decisions.md "Institution archive").
 */
const ORG_INFOS = '/pims/web-org/orgInfos';
export const OrgArchivePaths = {
  /** Spec 000 §7: the institution's record. */
  orgInfo: `${ORG_INFOS}/:id`,
  orgInfoSave: `${ORG_INFOS}/:orgId/orgInfoAndQualifications`,
  /** Ours: how many buildings, rooms and beds, and how the beds are taken. */
  capacity: `${ORG_INFOS}/capacity`,
  buildings: `${ORG_INFOS}/buildings`,
  floors: `${ORG_INFOS}/floors`,
  rooms: `${ORG_INFOS}/rooms`,
  beds: `${ORG_INFOS}/beds`,
  roomRetire: `${ORG_INFOS}/rooms/:id/retire`,
  roomReinstate: `${ORG_INFOS}/rooms/:id/reinstate`,
  bedRetire: `${ORG_INFOS}/beds/:id/retire`,
  bedReinstate: `${ORG_INFOS}/beds/:id/reinstate`,
} as const;

export const OrgArchiveAuthority = {
  view: 'archives:org',
  add: 'archives:org:add',
  edit: 'archives:org:edit',
  retire: 'archives:org:retire',
  /** Only an empty building or floor can be deleted; rooms and beds are retired instead. */
  remove: 'archives:org:delete',
} as const;
const A = OrgArchiveAuthority;

/** room.useStatus and bed.useStatus (dictionary useStatus). */
export const UseStatus = { retired: 0, inUse: 1 } as const;

/** Slots of a floor plan (domain/floorPlan.ts: four rooms each side of the corridor). */
export const PLAN_SLOTS = 8;

const authority = { view: A.view, create: A.add, update: A.edit, remove: A.remove };

export const buildingResource: ResourceDef = {
  name: 'orgBuilding',
  title: '楼栋',
  table: 'building',
  idField: 'buildingId',
  nameField: 'buildingName',
  fields: [
    { name: 'buildingName', label: '楼栋名称', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'floorCount', label: '楼层数', type: 'int', computed: true },
    { name: 'roomCount', label: '房间数', type: 'int', computed: true },
    { name: 'bedCount', label: '床位数', type: 'int', computed: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['buildingName', 'floorCount', 'roomCount', 'bedCount', 'remark', 'createTime'],
  search: ['buildingName'],
  defaultSort: { field: 'buildingId', order: 'asc' },
  sortable: ['buildingName'],
  api: restApi(OrgArchivePaths.buildings),
  authority,
};

export const floorResource: ResourceDef = {
  name: 'orgFloor',
  title: '楼层',
  table: 'floor',
  idField: 'floorId',
  nameField: 'floorName',
  fields: [
    { name: 'buildingId', label: '所属楼栋', type: 'ref', ref: 'building', required: true },
    { name: 'floorNo', label: '楼层序号', type: 'int', required: true, min: 1, max: 99, hint: '1 为一层' },
    { name: 'floorName', label: '楼层名称', type: 'text', required: true, maxLength: 10, hint: '如：1层' },
    { name: 'roomCount', label: '房间数', type: 'int', computed: true },
    { name: 'freeSlots', label: '平面图空位', type: 'int', computed: true },
  ],
  columns: ['floorName', 'buildingId', 'floorNo', 'roomCount', 'freeSlots'],
  filters: [{ field: 'buildingId', kind: 'eq' }],
  defaultSort: { field: 'floorNo', order: 'asc' },
  sortable: ['buildingId'],
  api: restApi(OrgArchivePaths.floors),
  authority,
};

export const roomResource: ResourceDef = {
  name: 'orgRoom',
  title: '房间',
  table: 'room',
  idField: 'roomId',
  nameField: 'roomName',
  fields: [
    { name: 'floorId', label: '所在楼层', type: 'ref', ref: 'floor', required: true },
    { name: 'roomName', label: '房间号', type: 'text', required: true, maxLength: 10 },
    { name: 'roomType', label: '房型', type: 'dict', dict: 'roomType', required: true },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', required: true },
    {
      name: 'planSlot',
      label: '平面图位置',
      type: 'int',
      min: 1,
      max: PLAN_SLOTS,
      hint: '1–4 走廊北侧，5–8 南侧；留空自动排到空位',
    },
    { name: 'place', label: '位置', type: 'text', computed: true },
    { name: 'bedCount', label: '床位数', type: 'int', computed: true },
    { name: 'freeBeds', label: '空闲床位', type: 'int', computed: true },
    { name: 'useStatus', label: '使用状态', type: 'dict', dict: 'useStatus', readOnly: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['roomName', 'place', 'roomType', 'deptId', 'bedCount', 'freeBeds', 'useStatus', 'planSlot'],
  filters: [
    { field: 'floorId', kind: 'eq' },
    { field: 'deptId', kind: 'eq' },
    { field: 'useStatus', kind: 'eq' },
  ],
  search: ['roomName'],
  defaultSort: { field: 'roomId', order: 'asc' },
  sortable: ['roomName'],
  api: restApi(OrgArchivePaths.rooms, { remove: false }),
  authority: { view: A.view, create: A.add, update: A.edit },
  deptScoped: true,
};

export const bedResource: ResourceDef = {
  name: 'orgBed',
  title: '床位',
  table: 'bed',
  idField: 'bedId',
  nameField: 'bedName',
  fields: [
    { name: 'roomId', label: '所在房间', type: 'ref', ref: 'room', required: true },
    { name: 'bedName', label: '床位名称', type: 'text', required: true, maxLength: 10, hint: '如：3床' },
    { name: 'bedType', label: '床位类型', type: 'dict', dict: 'bedType', required: true },
    {
      name: 'price',
      label: '床位价格（元/月）',
      type: 'money',
      hint: '留空则按收费项目“床位费”的单价计费',
    },
    { name: 'place', label: '位置', type: 'text', computed: true },
    { name: 'bedStatus', label: '床位状态', type: 'dict', dict: 'bedStatus', readOnly: true },
    { name: 'oldmanName', label: '入住长者', type: 'text', computed: true },
    { name: 'useStatus', label: '使用状态', type: 'dict', dict: 'useStatus', readOnly: true },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', readOnly: true },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200, wide: true },
  ],
  columns: ['bedName', 'place', 'bedType', 'price', 'bedStatus', 'oldmanName', 'useStatus', 'deptId'],
  filters: [
    { field: 'roomId', kind: 'eq' },
    { field: 'bedType', kind: 'eq' },
    { field: 'bedStatus', kind: 'eq' },
    { field: 'useStatus', kind: 'eq' },
  ],
  search: ['bedName'],
  defaultSort: { field: 'bedId', order: 'asc' },
  sortable: ['bedName', 'price'],
  api: restApi(OrgArchivePaths.beds, { remove: false }),
  authority: { view: A.view, create: A.add, update: A.edit },
  deptScoped: true,
};

export const orgArchiveResources: ResourceDef[] = [
  buildingResource,
  floorResource,
  roomResource,
  bedResource,
];

/** PUT …/{rooms|beds}/{id}/{retire|reinstate}: what changed. */
export const useStatusAnswer = z.object({
  id: z.number().int(),
  useStatus: z.number().int(),
  /** A reinstated room's place on its floor plan. */
  planSlot: z.number().int().nullable().optional(),
});

/** GET orgInfos/capacity. */
export const capacityAnswer = z.object({
  buildings: z.number().int(),
  floors: z.number().int(),
  rooms: z.number().int(),
  beds: z.number().int(),
  free: z.number().int(),
  occupied: z.number().int(),
  reserved: z.number().int(),
  maintenance: z.number().int(),
  retiredRooms: z.number().int(),
  retiredBeds: z.number().int(),
});
export type Capacity = z.infer<typeof capacityAnswer>;
