import { z } from 'zod';
import { rowSchema } from '../../../domain/resource.js';
import { MapType, residenceListDef } from '../../../domain/resources/residence.js';

/**
 * The answers of the residence calls (spec 001 §7 "Residence") and of the bed map (§7 "Dashboard"),
 * shared by the server, which declares them, and the console, which reads them.
 */

const id = z.number().int();
const status = z.number().int();

/** GET live/{oldmanId}: the elder seen through the residence fields (the list's rows too). */
export const residenceRow = rowSchema(residenceListDef);
/** PUT live, DELETE live/{oldmanId}. */
export const residenceSaved = z.object({ oldmanId: id });
/** PUT live/{oldmanId}/{oldmanStatusNew}: the residence fields after the change. */
export const statusChanged = z.object({
  oldmanId: id,
  oldmanStatus: status,
  bedId: id.nullable(),
  checkInDate: z.string().nullable(),
  leaveDate: z.string().nullable(),
  deptId: id,
});
export const bedAdjusted = z.object({ oldmanId: id, bedId: id });
export const bedsExchanged = z.object({ oldmanId: id, bedId: id, otherOldmanId: id, otherBedId: id });
/** GET oldmans/wait/enableAssessments/{oldmanId}/1: whether the admission assessment applies. */
export const assessmentsEnabled = z.object({
  oldmanId: id,
  oldmanStatus: status,
  enable: z.boolean(),
  reason: z.string(),
});

/** GET oldmans/wait/enableAssessments: an elder being admitted without a submitted assessment yet. */
export const awaitingAssessmentRows = z.array(
  z.object({
    oldmanId: id,
    oldmanName: z.string(),
    oldmanStatus: status,
    deptName: z.string().nullable(),
    createTime: z.string(),
  }),
);

/** A row of the residence history (GET live/{oldmanId}/record). */
export const liveRecordSchema = z.object({
  recordId: id,
  oldmanId: id,
  eventType: z.string(),
  eventName: z.string(),
  fromStatus: status.nullable(),
  toStatus: status.nullable(),
  fromBedName: z.string().nullable(),
  toBedName: z.string().nullable(),
  changeDate: z.string(),
  note: z.string(),
  userName: z.string(),
  createTime: z.string(),
});
export type LiveRecord = z.infer<typeof liveRecordSchema>;

const bedInfo = z.object({
  bedId: id,
  bedName: z.string(),
  bedStatus: status,
  /** BedMapStatus. */
  mapStatus: status,
  oldmanId: id.nullable(),
  oldmanName: z.string().nullable(),
  oldmanStatus: status.nullable(),
  sex: z.number().nullable(),
  /** The resident is out on an outing (外出中). */
  away: z.boolean(),
  /** Dictionary bedType; null for a bed never given one. */
  bedType: z.number().int().nullable(),
  /** Fen per month; null: the bed charge item's price. */
  price: z.number().int().nullable(),
  /** What the bed is billed a month, in fen: its own price, else the 床位费 item's; null: neither is set. */
  monthlyPrice: z.number().int().nullable(),
});
export type BedInfo = z.infer<typeof bedInfo>;
const roomInfo = z.object({
  roomId: id,
  roomName: z.string(),
  roomType: z.string(),
  deptId: id,
  deptName: z.string(),
  floorId: id,
  floorName: z.string(),
  floorNo: z.number().int(),
  buildingId: id,
  buildingName: z.string(),
  /** RoomMapStatus. */
  mapStatus: status,
  beds: z.array(bedInfo),
});
export type RoomInfo = z.infer<typeof roomInfo>;
/** GET live/buildings/bedInfos: the rooms of a building or floor with their beds and residents. */
export const roomInfos = z.array(roomInfo);

const buildingTree = z.object({
  buildingId: id,
  buildingName: z.string(),
  floors: z.array(z.object({ floorId: id, floorName: z.string(), floorNo: z.number().int() })),
  /** Beds free to book or check into (床位状态图 shows them on the building's button). */
  freeBeds: z.number().int(),
});
export type BuildingTree = z.infer<typeof buildingTree>;
/** GET live/buildings: the buildings and floors that hold rooms of the user's departments. */
export const buildingTrees = z.array(buildingTree);

const count = z.number().int();
/** GET live/oldmanBedPart: beds by what the map shows. */
export const bedPart = z.object({
  total: count,
  free: count,
  living: count,
  trial: count,
  reserved: count,
  maintenance: count,
});
/** GET live/oldmanRoomPart: rooms by how full they are. */
export const roomPart = z.object({ total: count, empty: count, partial: count, full: count });

const mapTypeCode = z.union([z.literal(MapType.bed), z.literal(MapType.room)]);
const legendItem = z.object({
  /** null for a built-in entry the organisation has not changed. */
  id: id.nullable(),
  type: mapTypeCode,
  statusId: status,
  statusName: z.string(),
  color: z.string(),
  sort: z.number().int(),
});
export type LegendItem = z.infer<typeof legendItem>;
/** GET, PUT roomMapConfig and POST roomBedStatus/{type}: the legend as it now is. */
export const legend = z.array(legendItem);
/** GET roomMapConfig/check/{type}: whether the organisation changed the built-in legend. */
export const legendCheck = z.object({
  type: mapTypeCode,
  configured: z.boolean(),
  custom: count,
  total: count,
});
export const legendRemoved = z.object({ id });
/** PUT roomBedStatus/{statusId}. */
export const bedStatusSet = z.object({ bedIds: z.array(id), bedStatus: status });
