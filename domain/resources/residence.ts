import { z } from 'zod';
import { fieldSchema, type ResourceDef } from '../resource.js';
import { LiveAuthority, OLDMAN_BASE, oldmanResource } from './oldman.js';

/**
 * Residence (spec 001 §2 /live/live/list, §4, §7 "Residence" and the bed map calls of §7
 * "Dashboard"). Status and bed change only through residenceMachine; see docs/decisions.md.
 */
const LIVE = `${OLDMAN_BASE}/live`;
const ORG_LIVE = '/pims/web-org/oldmans/live';
export const ResidencePaths = {
  list: LIVE,
  one: `${LIVE}/:oldmanId`,
  record: `${LIVE}/:oldmanId/record`,
  status: `${LIVE}/:oldmanId/:oldmanStatusNew`,
  adjust: `${LIVE}/adjust`,
  exchange: `${LIVE}/exchange`,
  enableAssessments: '/pims/web-org/oldmans/wait/enableAssessments/:oldmanId/1',
  family: `${ORG_LIVE}/:oldmanId/family`,
  bedPart: `${ORG_LIVE}/oldmanBedPart`,
  roomPart: `${ORG_LIVE}/oldmanRoomPart`,
  buildings: `${ORG_LIVE}/buildings`,
  bedInfos: `${ORG_LIVE}/buildings/bedInfos`,
  mapConfig: '/pims/web-pi/roomMapConfig',
  mapConfigOne: '/pims/web-pi/roomMapConfig/:id',
  mapConfigCheck: '/pims/web-pi/roomMapConfig/check/:type',
  bedStatus: '/pims/web-pi/roomBedStatus/:statusId',
  legendReset: '/pims/web-pi/roomBedStatus/:type',
} as const;

/** Fills `:name` segments of a path. */
export const residencePath = (path: string, values: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, k: string) => String(values[k] ?? ''));

/** Values of the static dictionary liveStatus (spec 001 §9: 2 quit, 6 quit-booking). */
export const LiveStatus = {
  living: 1,
  quit: 2,
  waiting: 3,
  trial: 4,
  reserved: 5,
  cancelled: 6,
} as const;
export type LiveStatusCode = (typeof LiveStatus)[keyof typeof LiveStatus];
export const isLiveStatus = (n: number): n is LiveStatusCode => n >= 1 && n <= 6 && Number.isInteger(n);

/** bed.bedStatus: follows the residence of whoever holds the bed; maintenance is set by hand. */
export const BedStatus = { free: 0, occupied: 1, reserved: 2, maintenance: 3 } as const;

/** The two legends of the room map (roomMapConfig.type). */
export const MapType = { bed: 1, room: 2 } as const;
export type MapTypeCode = (typeof MapType)[keyof typeof MapType];
export const mapTypeName: Record<MapTypeCode, string> = { 1: '床位状态', 2: '房间状态' };

/** What a bed shows on the map: its bedStatus, with a trial resident told apart from a living one. */
export const BedMapStatus = { free: 0, living: 1, reserved: 2, maintenance: 3, trial: 4 } as const;
/** A room's state on the map: no one, some beds taken, every bed taken. */
export const RoomMapStatus = { empty: 0, partial: 1, full: 2 } as const;

export interface LegendItem {
  /** null for a built-in entry the organisation has not changed. */
  id: number | null;
  type: MapTypeCode;
  statusId: number;
  statusName: string;
  color: string;
  sort: number;
}

/** The built-in legend; an organisation's saved rows override it entry by entry. */
export const defaultLegend: Record<MapTypeCode, Omit<LegendItem, 'id' | 'type'>[]> = {
  1: [
    { statusId: BedMapStatus.free, statusName: '空闲', color: '#29A634', sort: 1 },
    { statusId: BedMapStatus.living, statusName: '在住', color: '#2D72D2', sort: 2 },
    { statusId: BedMapStatus.trial, statusName: '试住', color: '#7961DB', sort: 3 },
    { statusId: BedMapStatus.reserved, statusName: '预订', color: '#D1980B', sort: 4 },
    { statusId: BedMapStatus.maintenance, statusName: '维修停用', color: '#8F99A8', sort: 5 },
  ],
  2: [
    { statusId: RoomMapStatus.empty, statusName: '空房', color: '#E8F5E9', sort: 1 },
    { statusId: RoomMapStatus.partial, statusName: '未满', color: '#FFF8E1', sort: 2 },
    { statusId: RoomMapStatus.full, statusName: '满员', color: '#E3F2FD', sort: 3 },
  ],
};

const COLOR = /^#[0-9a-fA-F]{6}$/;
const mapType = z.coerce
  .number({ error: '图例类型无效' })
  .refine((v) => v === MapType.bed || v === MapType.room, '图例类型无效');

export const legendSaveSchema = z.object({
  type: mapType,
  items: z
    .array(
      z.object({
        statusId: z.coerce.number().int('状态无效'),
        statusName: z.string().trim().min(1, '请填写状态名称').max(10, '状态名称不能超过10个字'),
        color: z.string().regex(COLOR, '颜色格式应为#RRGGBB'),
        sort: z.coerce.number().int().min(0).max(99).default(0),
      }),
      { error: '请填写图例' },
    )
    .min(1, '请填写图例'),
});
export const mapTypeParam = z.object({ type: mapType });

/** PUT roomBedStatus/{statusId}: set beds free or out of service by hand. */
export const bedStatusSchema = z.object({
  bedIds: z.array(z.coerce.number().int().positive(), { error: '请选择床位' }).min(1, '请选择床位').max(500),
});

const DATE = fieldSchema({ name: 'date', label: '日期', type: 'date' }) as z.ZodType<string>;
const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), DATE.optional());
const note = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.string().trim().max(200, '备注不能超过200个字').optional(),
);
const bedId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: '床位无效' }).int('床位无效').positive('床位无效').optional(),
);
const oldmanId = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int()
    .positive(`请选择${label}`);

/** PUT live/{oldmanId}/{oldmanStatusNew}. */
export const statusChangeSchema = z.object({ bedId, date: optionalDate, note });
export type StatusChangeBody = z.infer<typeof statusChangeSchema>;
export const adjustSchema = z.object({
  oldmanId: oldmanId('长者'),
  bedId: z.coerce.number({ error: '请选择床位' }).int().positive('请选择床位'),
  date: optionalDate,
  note,
});
export const exchangeSchema = z
  .object({ oldmanId: oldmanId('长者'), otherOldmanId: oldmanId('交换的长者'), date: optionalDate, note })
  .refine((b) => b.oldmanId !== b.otherOldmanId, '请选择另一位长者');

/** The residence list: the elder's record seen through its residence fields. */
const residenceFields = ['oldmanName', 'sex', 'oldmanIdcard', 'phone', 'deptId', 'nursingLevel'];
const liveSection = oldmanResource.fields.filter((f) => f.section === 'live');
export const residenceListDef: ResourceDef = {
  ...oldmanResource,
  name: 'residence',
  title: '入住信息',
  fields: [...oldmanResource.fields.filter((f) => residenceFields.includes(f.name)), ...liveSection],
  columns: [
    'oldmanName',
    'sex',
    'deptId',
    'oldmanStatus',
    'bedId',
    'checkInDate',
    'leaveDate',
    'checkInSource',
  ],
  filters: [
    { field: 'oldmanStatus', kind: 'eq' },
    { field: 'oldmanStatus', kind: 'in', param: 'oldmanStatuses', label: '入住状态' },
    { field: 'deptId', kind: 'eq' },
    { field: 'checkInDate', kind: 'range' },
  ],
  search: ['oldmanName', 'oldmanIdcard', 'phone'],
  sortable: ['oldmanName', 'checkInDate', 'leaveDate', 'bedId'],
  api: { list: LIVE, get: `${LIVE}/:id` },
  authority: { view: LiveAuthority.live },
};
/** Query parameters of the list beyond the definition's filters. */
export const placeQuerySchema = z.object({
  buildingId: z.coerce.number().int().positive().optional(),
  floorId: z.coerce.number().int().positive().optional(),
  roomId: z.coerce.number().int().positive().optional(),
});

/** PUT live: the editable residence fields (status and bed only through the workflow). */
export const liveEditFields = ['checkInSource', 'saleId', 'liveRemark'] as const;

export interface BedInfo {
  bedId: number;
  bedName: string;
  bedStatus: number;
  mapStatus: number;
  oldmanId: number | null;
  oldmanName: string | null;
  oldmanStatus: number | null;
  sex: number | null;
  /** The resident is out on an outing (外出中). */
  away: boolean;
  /** Dictionary bedType; null for a bed never given one. */
  bedType: number | null;
  /** Fen per month; null: the bed charge item's price. */
  price: number | null;
}
export interface RoomInfo {
  roomId: number;
  roomName: string;
  roomType: string;
  deptId: number;
  deptName: string;
  floorId: number;
  floorName: string;
  floorNo: number;
  buildingId: number;
  buildingName: string;
  mapStatus: number;
  beds: BedInfo[];
}
export interface BuildingTree {
  buildingId: number;
  buildingName: string;
  floors: { floorId: number; floorName: string; floorNo: number }[];
}
export interface LiveRecord {
  recordId: number;
  oldmanId: number;
  eventType: string;
  eventName: string;
  fromStatus: number | null;
  toStatus: number | null;
  fromBedName: string | null;
  toBedName: string | null;
  changeDate: string;
  note: string;
  userName: string;
  createTime: string;
}

export const residenceResources: ResourceDef[] = [];
