import { z } from 'zod';
import { bodySchema, type FieldDef, fieldSchema, type ResourceDef } from '../resource.js';
import { LiveAuthority, OLDMAN_BASE, oldmanResource } from './oldman.js';
import { liveStatuses } from './statuses.js';

/**
 * Residence (spec 001 §2 /live/live/list, §4, §7 "Residence" and the bed map calls of §7
 * "Dashboard"). Status and bed change only through residenceMachine; see docs/decisions.md.
 */
const LIVE = `${OLDMAN_BASE}/live`;
const ORG_LIVE = '/pims/web-org/oldmans/live';
export const ResidencePaths = {
  list: LIVE,
  /** GET: the residence detail (the list's 查看 fills `:id`). */
  detail: `${LIVE}/:id`,
  one: `${LIVE}/:oldmanId`,
  record: `${LIVE}/:oldmanId/record`,
  status: `${LIVE}/:oldmanId/:oldmanStatusNew`,
  adjust: `${LIVE}/adjust`,
  exchange: `${LIVE}/exchange`,
  enableAssessments: '/pims/web-org/oldmans/wait/enableAssessments/:oldmanId/1',
  /** Spec 001 §7 "Reminds": the elders still waiting for their admission assessment. */
  awaitingAssessment: '/pims/web-org/oldmans/wait/enableAssessments',
  family: `${ORG_LIVE}/:oldmanId/family`,
  bedPart: `${ORG_LIVE}/oldmanBedPart`,
  roomPart: `${ORG_LIVE}/oldmanRoomPart`,
  buildings: `${ORG_LIVE}/buildings`,
  bedInfos: `${ORG_LIVE}/buildings/bedInfos`,
  /** The same rooms where spec 001 §2 reads "oldmanEasyPart/buildings and buildings/bedInfos" as one path. */
  easyPartBedInfos: `${ORG_LIVE}/oldmanEasyPart/buildings/bedInfos`,
  mapConfig: '/pims/web-pi/roomMapConfig',
  mapConfigOne: '/pims/web-pi/roomMapConfig/:id',
  mapConfigCheck: '/pims/web-pi/roomMapConfig/check/:type',
  bedStatus: '/pims/web-pi/roomBedStatus/:statusId',
  legendReset: '/pims/web-pi/roomBedStatus/:type',
} as const;

/** Fills `:name` segments of a path. */
export const residencePath = (path: string, values: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, k: string) => String(values[k] ?? ''));

/** Values of the static dictionary liveStatus (spec 001 §9: 2 quit, 6 quit-booking; ./statuses.ts). */
export const LiveStatus = liveStatuses.code;
export type LiveStatusCode = (typeof LiveStatus)[keyof typeof LiveStatus];
/** Elders living in the home, who get care and may go out or be reported on: 在住 and 试住. */
export const IN_HOUSE_STATUSES: readonly number[] = [LiveStatus.living, LiveStatus.trial];
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

/** The built-in legend; an organisation's saved rows override it entry by entry. */
export const defaultLegend: Record<
  MapTypeCode,
  { statusId: number; statusName: string; color: string; sort: number }[]
> = {
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
/** GET roomMapConfig: one legend (`type`), or both. */
export const legendQuery = z.object({
  type: z.preprocess((v) => (v === '' ? undefined : v), mapType.optional()),
});

const placeId = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: `${label}无效` })
      .int(`${label}无效`)
      .positive(`${label}无效`)
      .optional(),
  );
/** GET live/buildings/bedInfos: one building, or one floor. */
export const placeQuery = z.object({ buildingId: placeId('楼栋'), floorId: placeId('楼层') });

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

/**
 * The clerk agreed that the change puts the elder in the bed's data department (issue #36 point 5);
 * without it such a change is refused with Code.deptMoveUnconfirmed and the question to ask.
 */
const confirmDeptMove = z.boolean({ error: '部门变更确认标志无效' }).optional();

/** PUT live/{oldmanId}/{oldmanStatusNew}. */
export const statusChangeSchema = z.object({ bedId, date: optionalDate, note, confirmDeptMove });
export type StatusChangeBody = z.infer<typeof statusChangeSchema>;
export const adjustSchema = z.object({
  oldmanId: oldmanId('长者'),
  bedId: z.coerce.number({ error: '请选择床位' }).int().positive('请选择床位'),
  date: optionalDate,
  note,
  confirmDeptMove,
});
export const exchangeSchema = z
  .object({
    oldmanId: oldmanId('长者'),
    otherOldmanId: oldmanId('交换的长者'),
    date: optionalDate,
    note,
    confirmDeptMove,
  })
  .refine((b) => b.oldmanId !== b.otherOldmanId, '请选择另一位长者');

/** An elder whom a residence change would put in the data department of their new bed. */
export interface DeptMove {
  oldmanName: string;
  /** Dictionary gender: 0 male, 1 female. */
  sex: number | null;
  /** The new bed's full name. */
  bedName: string;
  fromDept: string;
  toDept: string;
}

const pronoun = (sex: number | null) => (sex === 1 ? '她' : sex === 0 ? '他' : '该长者');

/**
 * What the clerk is asked before a residence change moves elders to another data department:
 * 1号楼1层101-1床属于护理一部，赵秀兰现属护理二部。办理后她将归入护理一部，护理二部将不再看到她。确定继续吗？
 */
export function deptMoveQuestion(moves: readonly DeptMove[]): string {
  const facts = moves.map((m) => `${m.bedName}属于${m.toDept}，${m.oldmanName}现属${m.fromDept}`);
  const after = moves.map(
    (m) =>
      `${moves.length === 1 ? pronoun(m.sex) : m.oldmanName}将归入${m.toDept}，${m.fromDept}将不再看到${pronoun(m.sex)}`,
  );
  return `${facts.join('；')}。办理后${after.join('；')}。确定继续吗？`;
}

/** The residence list: the elder's record seen through its residence fields. */
const residenceFields = ['oldmanName', 'sex', 'oldmanIdcard', 'phone', 'deptId', 'nursingLevel'];
const liveSection = oldmanResource.fields.filter((f) => f.section === 'live');
/** Where the elder's bed is, answered with each row; the list filters by them. */
export const placeFields: FieldDef[] = [
  { name: 'buildingId', label: '楼栋', type: 'ref', ref: 'building', computed: true },
  { name: 'floorId', label: '楼层', type: 'ref', ref: 'floor', computed: true },
];
export const residenceListDef: ResourceDef = {
  ...oldmanResource,
  name: 'residence',
  title: '入住信息',
  fields: [
    ...oldmanResource.fields.filter((f) => residenceFields.includes(f.name)),
    { name: 'age', label: '年龄', type: 'int', computed: true },
    ...liveSection,
    ...placeFields,
  ],
  columns: [
    'oldmanName',
    'sex',
    'age',
    'deptId',
    'oldmanStatus',
    'bedId',
    'checkInDate',
    'leaveDate',
    'checkInSource',
  ],
  filters: [
    { field: 'oldmanStatus', kind: 'eq' },
    // The dialogs' choices (the residents of some statuses), not a filter people set.
    { field: 'oldmanStatus', kind: 'in', param: 'oldmanStatuses', label: '入住状态', hidden: true },
    { field: 'deptId', kind: 'eq' },
    { field: 'buildingId', kind: 'eq' },
    { field: 'floorId', kind: 'eq' },
    { field: 'checkInDate', kind: 'range' },
  ],
  search: ['oldmanName', 'oldmanIdcard', 'phone'],
  sortable: ['oldmanName', 'checkInDate', 'leaveDate', 'bedId'],
  api: { list: LIVE, get: ResidencePaths.detail },
  authority: { view: LiveAuthority.live },
};

/** PUT live: the editable residence fields (status and bed only through the workflow). */
export const liveEditFields = ['checkInSource', 'saleId', 'liveRemark'] as const;
/** PUT live: those fields, and the check-in date of a stay that began (a correction). */
export const liveEditSchema = bodySchema(oldmanResource, 'update', liveEditFields).extend({
  checkInDate: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    (fieldSchema({ name: 'checkInDate', label: '入住日期', type: 'date' }) as z.ZodType<string>).optional(),
  ),
});
