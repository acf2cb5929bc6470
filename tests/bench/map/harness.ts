/**
 * The map benchmark page: the console's FloorMap (deck.gl binary attributes over maplibre) or, for
 * comparison, maplibre alone with a GeoJSON source updated by setData (the way traccar-web draws
 * devices). ?mode=deck|geojson&n=markers. The benchmark drives it through window.__bench.
 */
import maplibregl, { type GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Position } from '../../../domain/devices.js';
import { buildingBounds, floorPlanGeoJson, type LngLat } from '../../../domain/floorPlan.js';
import { FloorMap, MARKER_COLOURS, OFFLINE_STYLE } from '../../../features/iot/map/floorMap.js';
import { positionTable } from '../../../streams/positions.js';

const params = new URLSearchParams(location.search);
const mode = params.get('mode') === 'geojson' ? 'geojson' : 'deck';
const n = Number(params.get('n') ?? 10_000);
/** Residents' names drawn beside the first markers (placed without overlaps each batch). */
const labels = Number(params.get('labels') ?? 0);
const container = document.getElementById('map') as HTMLDivElement;
const building = { buildingId: 1, buildingName: '1号楼', mapX: 0, mapY: 0 };
const plan = floorPlanGeoJson(
  building,
  Array.from({ length: 8 }, (_, i) => ({ roomId: i + 1, roomName: `110${i + 1}`, planSlot: i + 1 })),
);
const [[west, south], [east, north]] = buildingBounds(building);

// Devices walk at random inside the building; one batch moves every device once.
const batch: Position[] = Array.from({ length: n }, (_, i) => ({
  deviceId: i + 1,
  ts: 1,
  buildingId: 1,
  floorNo: 1,
  lng: west + Math.random() * (east - west),
  lat: south + Math.random() * (north - south),
  battery: 80,
}));
let clock = 1;
function walk() {
  clock++;
  const step = (east - west) / 200;
  for (const p of batch) {
    p.ts = clock;
    p.lng = Math.min(east, Math.max(west, p.lng + (Math.random() - 0.5) * step));
    p.lat = Math.min(north, Math.max(south, p.lat + (Math.random() - 0.5) * step));
  }
}
const stateOf = (deviceId: number) =>
  deviceId % 50 === 0 ? 'alarm' : deviceId % 17 === 0 ? 'offline' : 'online';

/** Applies one batch the way the page under test does; the benchmark times this call. */
let apply: () => void;
let redraws: () => number;
const ready = new Promise<void>((resolveReady) => {
  if (mode === 'deck') {
    const table = positionTable(n);
    const map = new FloorMap(container, table, {
      colourOf: (id) => MARKER_COLOURS[stateOf(id)],
      nameOf: () => '',
    });
    map.setScene({ plan, floorKey: 1001 });
    if (labels > 0)
      map.setLabels(Array.from({ length: labels }, (_, i) => ({ deviceId: i + 1, name: `长者${i + 1}` })));
    map.fitTo([
      [west, south],
      [east, north],
    ] as [LngLat, LngLat]);
    apply = () => {
      table.apply(batch);
      map.positionsChanged();
    };
    redraws = () => map.redraws;
    map.map.once('idle', () => resolveReady());
  } else {
    const map = new maplibregl.Map({
      container,
      style: OFFLINE_STYLE,
      bounds: [west, south, east, north],
      attributionControl: false,
    });
    let frames = 0;
    map.on('render', () => {
      frames++;
    });
    redraws = () => frames;
    map.on('load', () => {
      map.addSource('plan', { type: 'geojson', data: plan as unknown as GeoJSON.FeatureCollection });
      map.addLayer({
        id: 'plan',
        type: 'fill',
        source: 'plan',
        paint: { 'fill-color': '#ffffff', 'fill-outline-color': '#788291' },
      });
      map.addSource('devices', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addLayer({
        id: 'devices',
        type: 'circle',
        source: 'devices',
        paint: {
          'circle-radius': 7,
          'circle-stroke-width': 2,
          'circle-stroke-color': '#ffffff',
          'circle-color': ['match', ['get', 'state'], 'alarm', '#cd4246', 'offline', '#8f99a8', '#238551'],
        },
      });
      const source = map.getSource('devices') as GeoJSONSource;
      apply = () => {
        source.setData({
          type: 'FeatureCollection',
          features: batch.map((p) => ({
            type: 'Feature',
            id: p.deviceId,
            geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
            properties: { deviceId: p.deviceId, state: stateOf(p.deviceId) },
          })),
        });
      };
      map.once('idle', () => resolveReady());
    });
  }
});

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));

/** Applies `batches` batches, one per animation frame; returns the time each apply took on the main thread. */
async function run(batches: number) {
  const sync: number[] = [];
  const redrawsBefore = redraws();
  const started = performance.now();
  for (let i = 0; i < batches; i++) {
    await nextFrame();
    walk();
    const t0 = performance.now();
    apply();
    sync.push(performance.now() - t0);
  }
  await nextFrame();
  return { sync, elapsedMs: performance.now() - started, redraws: redraws() - redrawsBefore };
}

(window as unknown as { __bench: unknown }).__bench = { ready, run };
