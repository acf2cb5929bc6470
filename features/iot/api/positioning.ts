import { z } from 'zod';
import { deviceKinds, telemetry } from '../../../domain/devices.js';
import { pageSchema, pagingShape } from '../../../domain/resource.js';

/** Requests and answers of the positioning calls (spec 000 §7 "Positioning (pnt)"); paths in IotPaths. */

const id = z.number().int();
const nullableInt = z.number().int().nullable();
const optionalInt = (label: string) =>
  z.coerce
    .number({ error: `${label}无效` })
    .int(`${label}无效`)
    .optional();

/** GET …/config/{orgId}: the organisation's positioning service. */
export const pntConfigAnswer = z.looseObject({
  isEnable: z.number().int(),
  offlineSeconds: z.number().int(),
  trailMinutes: z.number().int(),
});

/** GET …/building: buildings with their floors (also every screen's building dropdown). */
export const buildingAnswer = z.array(
  z.looseObject({
    buildingId: id,
    buildingName: z.string(),
    mapX: z.number(),
    mapY: z.number(),
    floors: z.array(z.object({ floorId: id, buildingId: id, floorName: z.string(), floorNo: id })),
  }),
);
export type Building = z.infer<typeof buildingAnswer>[number];

/** GET …/map/one: one floor's plan. */
export const floorQuery = z.object({
  buildingId: z.coerce.number({ error: '请选择楼栋' }).int('请选择楼栋').positive('请选择楼栋'),
  floorNo: z.coerce.number({ error: '请选择楼层' }).int('请选择楼层'),
});
const ring = z.array(z.tuple([z.number(), z.number()]));
export const floorMapAnswer = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      properties: z.object({
        kind: z.enum(['outline', 'corridor', 'room']),
        name: z.string(),
        roomId: nullableInt,
      }),
      geometry: z.object({ type: z.literal('Polygon'), coordinates: z.array(ring) }),
    }),
  ),
});

/** GET, POST …/device/user/building: the building a user last looked at. */
export const userBuildingInput = z.object({
  buildingId: z.coerce.number({ error: '请选择楼栋' }).int('请选择楼栋').positive('请选择楼栋'),
});
export const userBuildingAnswer = nullableInt;

/** GET …/device/list/rt: watches and bands with their live state, on one floor when asked. */
export const liveDevicesQuery = z.object({
  buildingId: optionalInt('楼栋'),
  floorNo: optionalInt('楼层'),
});
/** One device as the live views draw it: the stored row completed by the rules engine's memory. */
export const liveDevice = z.looseObject({
  deviceId: id,
  deviceCode: z.string(),
  deviceName: z.string(),
  kind: z.enum(deviceKinds),
  kindName: z.string(),
  model: z.string(),
  deptId: id,
  opened: id,
  oldmanId: nullableInt,
  oldmanName: z.string().nullable(),
  bedId: nullableInt,
  bedName: z.string().nullable(),
  roomName: z.string().nullable(),
  online: z.union([z.literal(0), z.literal(1)]),
  lastSeen: z.number().nullable(),
  battery: nullableInt,
  buildingId: nullableInt,
  floorNo: nullableInt,
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  vitals: telemetry.vitals.nullable(),
  state: z.enum(['online', 'offline', 'alarm', 'lowBattery']),
  /** 1 while the elder is out of the home (an affirmed outing not yet back): cards show 外出中. */
  outing: z.union([z.literal(0), z.literal(1)]),
});
export type LiveDevice = z.infer<typeof liveDevice>;
export const liveDevicesAnswer = z.array(liveDevice);

/** GET …/device/online/{deviceId}. */
export const deviceOnlineAnswer = z.object({
  deviceId: id,
  online: z.union([z.literal(0), z.literal(1)]),
  lastSeen: z.number().nullable(),
});

/** GET, PUT …/device/opened: whether a watch or band is located. */
export const openedQuery = z.object(pagingShape);
export const openedAnswer = pageSchema(
  z.object({
    deviceId: id,
    deviceCode: z.string(),
    deviceName: z.string(),
    kind: z.string(),
    opened: id,
    oldmanName: z.string().nullable(),
  }),
);
export const openedInput = z.object({
  deviceId: z.coerce.number({ error: '请选择设备' }).int('请选择设备').positive('请选择设备'),
  opened: z.coerce
    .number({ error: '定位开关取值无效' })
    .int('定位开关取值无效')
    .refine((v) => v === 0 || v === 1, '定位开关取值无效'),
});
