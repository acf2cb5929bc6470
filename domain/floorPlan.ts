/**
 * Floor plans made from the building model (docs/architecture.md rule 7: nothing from the internet).
 * Every floor has the same layout: rooms on slots 1–4 north and 5–8 south of a corridor running
 * east–west. Coordinates are metres on the institution's site, turned into longitude/latitude
 * around a fixed site origin so deck.gl and maplibre can draw them without tiles.
 */
export const SITE_ORIGIN = { lng: 120.13, lat: 30.26 } as const;
export const ROOM_WIDTH_M = 8;
export const ROOM_DEPTH_M = 7;
export const CORRIDOR_M = 4;
export const ROOMS_PER_SIDE = 4;
export const FLOOR_WIDTH_M = ROOM_WIDTH_M * ROOMS_PER_SIDE;
export const FLOOR_DEPTH_M = ROOM_DEPTH_M * 2 + CORRIDOR_M;
/** Buildings stand side by side, this far apart on the site. */
export const BUILDING_SPACING_M = FLOOR_WIDTH_M + 16;

const METRES_PER_DEGREE_LAT = 111_320;
const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((SITE_ORIGIN.lat * Math.PI) / 180);

export type LngLat = [number, number];
export type Ring = LngLat[];

export interface PlanBuilding {
  buildingId: number;
  buildingName: string;
  /** Offset of the building's south-west corner from the site origin, metres. */
  mapX: number;
  mapY: number;
}
export interface PlanRoom {
  roomId: number;
  roomName: string;
  /** 1–8, or null when the room is not drawn on the plan. */
  planSlot: number | null;
}

export const toLngLat = (b: Pick<PlanBuilding, 'mapX' | 'mapY'>, x: number, y: number): LngLat => [
  round7(SITE_ORIGIN.lng + (b.mapX + x) / metresPerDegreeLng),
  round7(SITE_ORIGIN.lat + (b.mapY + y) / METRES_PER_DEGREE_LAT),
];
export const toMetres = (b: Pick<PlanBuilding, 'mapX' | 'mapY'>, [lng, lat]: LngLat): [number, number] => [
  (lng - SITE_ORIGIN.lng) * metresPerDegreeLng - b.mapX,
  (lat - SITE_ORIGIN.lat) * METRES_PER_DEGREE_LAT - b.mapY,
];
const round7 = (n: number) => Math.round(n * 1e7) / 1e7;

/** Rectangle of a room slot in building metres: [x0, y0, x1, y1]. */
export function slotRect(slot: number): [number, number, number, number] {
  const north = slot <= ROOMS_PER_SIDE;
  const column = (slot - 1) % ROOMS_PER_SIDE;
  const x0 = column * ROOM_WIDTH_M;
  const y0 = north ? ROOM_DEPTH_M + CORRIDOR_M : 0;
  return [x0, y0, x0 + ROOM_WIDTH_M, y0 + ROOM_DEPTH_M];
}
export const corridorRect = (): [number, number, number, number] => [
  0,
  ROOM_DEPTH_M,
  FLOOR_WIDTH_M,
  ROOM_DEPTH_M + CORRIDOR_M,
];

/** The door of a room: the middle of its corridor wall, one metre inside the corridor. */
export function slotDoor(slot: number): [number, number] {
  const [x0, , x1] = slotRect(slot);
  const north = slot <= ROOMS_PER_SIDE;
  return [(x0 + x1) / 2, north ? ROOM_DEPTH_M + CORRIDOR_M - 1 : ROOM_DEPTH_M + 1];
}
export function slotCentre(slot: number): [number, number] {
  const [x0, y0, x1, y1] = slotRect(slot);
  return [(x0 + x1) / 2, (y0 + y1) / 2];
}

const rectRing = (b: PlanBuilding, [x0, y0, x1, y1]: [number, number, number, number]): Ring => [
  toLngLat(b, x0, y0),
  toLngLat(b, x1, y0),
  toLngLat(b, x1, y1),
  toLngLat(b, x0, y1),
  toLngLat(b, x0, y0),
];

export interface PlanFeature {
  type: 'Feature';
  id: string;
  properties: { kind: 'room' | 'corridor' | 'outline'; name: string; roomId: number | null };
  geometry: { type: 'Polygon'; coordinates: Ring[] };
}
export interface PlanCollection {
  type: 'FeatureCollection';
  features: PlanFeature[];
}

/** GeoJSON of one floor: outline, corridor and each room on the plan. */
export function floorPlanGeoJson(building: PlanBuilding, rooms: PlanRoom[]): PlanCollection {
  const feature = (
    id: string,
    kind: PlanFeature['properties']['kind'],
    name: string,
    roomId: number | null,
    rect: [number, number, number, number],
  ): PlanFeature => ({
    type: 'Feature',
    id,
    properties: { kind, name, roomId },
    geometry: { type: 'Polygon', coordinates: [rectRing(building, rect)] },
  });
  return {
    type: 'FeatureCollection',
    features: [
      feature('outline', 'outline', building.buildingName, null, [0, 0, FLOOR_WIDTH_M, FLOOR_DEPTH_M]),
      feature('corridor', 'corridor', '走廊', null, corridorRect()),
      ...rooms
        .filter((r): r is PlanRoom & { planSlot: number } => r.planSlot !== null)
        .map((r) => feature(`room-${r.roomId}`, 'room', r.roomName, r.roomId, slotRect(r.planSlot))),
    ],
  };
}

/** Ray casting; the ring may be closed or open. */
export function pointInRing([x, y]: LngLat, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as LngLat;
    const [xj, yj] = ring[j] as LngLat;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Bounds of a building on the site: [[west, south], [east, north]]. */
export const buildingBounds = (b: PlanBuilding): [LngLat, LngLat] => [
  toLngLat(b, -2, -2),
  toLngLat(b, FLOOR_WIDTH_M + 2, FLOOR_DEPTH_M + 2),
];
