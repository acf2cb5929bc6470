import { z } from 'zod';

/** Kinds of devices the institution runs. Spec 000 §3 device type 33 watch, 34 band, -1 other. */
export const deviceKinds = ['mattress', 'watch', 'band', 'callButton'] as const;
export type DeviceKind = (typeof deviceKinds)[number];
export const deviceKindName: Record<DeviceKind, string> = {
  mattress: '智能床垫',
  watch: '定位手表',
  band: '定位手环',
  callButton: '呼叫按钮',
};
export const deviceTypeCode: Record<DeviceKind, number> = {
  mattress: -1,
  watch: 33,
  band: 34,
  callButton: -1,
};

/** Nurse-call models (spec 001 call board): R6/R7 bedside units and A10 buttons. */
export const callModels = ['R6', 'R7', 'A10'] as const;
export type CallModel = (typeof callModels)[number];

const ts = z.number().int().positive();

/** Telemetry a device publishes on org/{orgId}/device/{deviceId}/{kind}; validated before any rule runs. */
export const telemetry = {
  vitals: z.object({
    ts,
    heartRate: z.number().int().min(0).max(250),
    breathRate: z.number().int().min(0).max(80),
    inBed: z.union([z.literal(0), z.literal(1)]),
    /** Body movements in the last sample period. */
    movement: z.number().int().min(0).max(100),
    urineWet: z.union([z.literal(0), z.literal(1)]),
  }),
  status: z.object({ ts, online: z.boolean() }),
  battery: z.object({ ts, level: z.number().int().min(0).max(100) }),
  /** Watch events: SOS button, wrist removal (tamper). */
  event: z.object({ ts, event: z.enum(['sos', 'tamper', 'maintenance']) }),
  call: z.object({
    ts,
    model: z.enum(callModels),
    /** call: pressed; answer: a nurse answered (call connect 1); clear: cleared at the bed (3). */
    action: z.enum(['call', 'answer', 'clear']),
  }),
} as const;
export type TelemetryKind = keyof typeof telemetry;
export const telemetryKinds = Object.keys(telemetry) as TelemetryKind[];
export type Vitals = z.infer<typeof telemetry.vitals>;

/** A position a watch or band publishes on org/{orgId}/position/{deviceId}. */
export const positionPayload = z.object({
  ts,
  buildingId: z.number().int(),
  floorNo: z.number().int(),
  lng: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  battery: z.number().int().min(0).max(100).optional(),
});
export type PositionPayload = z.infer<typeof positionPayload>;

/** A position as the console draws it: the payload plus the device it belongs to. */
export interface Position extends PositionPayload {
  deviceId: number;
}

/** Marker state on the map (issue #3: online, offline, alarm, low battery). */
export type MarkerState = 'online' | 'offline' | 'alarm' | 'lowBattery';
export const LOW_BATTERY_PERCENT = 20;
/** A watch not heard from for this long is shown offline and raises locationOffline. */
export const LOCATION_OFFLINE_MS = 60_000;
