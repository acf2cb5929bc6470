import { COORDINATE_SYSTEM } from '@deck.gl/core';
import { DataFilterExtension } from '@deck.gl/extensions';
import { GeoJsonLayer, PathLayer, PolygonLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { MapboxOverlay } from '@deck.gl/mapbox';
import maplibregl, { type StyleSpecification } from 'maplibre-gl';
import { declutter, type LabelBox, textWidth } from './declutter.js';
import 'maplibre-gl/dist/maplibre-gl.css';
import { type LngLat, type PlanCollection, SITE_ORIGIN } from '../../../domain/floorPlan.js';
import type { PositionTable } from '../../../streams/positions.js';
import { floorKeyOf, type TrailMark } from './markers.js';

/** A style with no tiles, glyphs or sprites: nothing is fetched from the internet (docs/architecture.md rule 7). */
export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef1f4' } }],
};

export type Rgba = [number, number, number, number];
export const MARKER_COLOURS = {
  online: [35, 133, 81, 255] as Rgba,
  offline: [143, 153, 168, 255] as Rgba,
  alarm: [205, 66, 70, 255] as Rgba,
  /** An acknowledged alarm, someone on the way (features/iot/map/markers.ts). */
  handling: [124, 58, 237, 255] as Rgba,
  lowBattery: [200, 118, 25, 255] as Rgba,
};

export interface Rail {
  railId: number;
  railName: string;
  polygon: LngLat[];
}
export interface MapScene {
  plan: PlanCollection | null;
  rails: Rail[];
  /** Vertices of a rail being drawn or edited (an open ring); their handles can be dragged. */
  drawing: LngLat[];
  /** Draw the vertices as a closed ring (editing an existing rail). */
  drawingClosed: boolean;
  selectedRailId: number | null;
  /** Trail of the selected device. */
  trail: LngLat[];
  /** Along the trail: arrows the way the resident went and the times they were there (trailMarks). */
  trailMarks: TrailMark[];
  /** floorKeyOf(buildingId, floorNo) of the floor shown. */
  floorKey: number;
  /** Devices with an unacknowledged 紧急 alarm: a pulsing ring and the name on top. */
  urgent: number[];
  /** The selected device: a ring around its marker. */
  highlight: number | null;
}

/** How far from a marker's edge a click still picks it (px). */
export const PICK_RADIUS_PX = 10;

/** How often an urgent ring pulses (ms): slow enough not to redraw the map every frame. */
const PULSE_MS = 600;

/**
 * The floor map: maplibre draws the blank background and handles the camera; deck.gl draws the plan,
 * rails and markers. Markers come from a PositionTable (typed arrays), so a batch of thousands of
 * moving devices is one attribute upload, filtered to the floor on the GPU: no per-marker objects.
 */
export class FloorMap {
  readonly map: maplibregl.Map;
  private overlay: MapboxOverlay;
  private scene: MapScene = {
    plan: null,
    rails: [],
    drawing: [],
    drawingClosed: false,
    selectedRailId: null,
    trail: [],
    trailMarks: [],
    floorKey: 0,
    urgent: [],
    highlight: null,
  };
  private pulse = false;
  /**
   * How much larger than the console the names, tags, room numbers and markers are drawn (setScale):
   * 1 in the console; the wall sizes them from its screen's height so they read from across the room.
   */
  private k = 1;
  /** The layers last handed to deck.gl (drawnSize reads them). */
  private drawn: unknown[] = [];
  private pulseTimer: ReturnType<typeof setInterval> | null = null;
  private colours = new Uint8Array(0);
  /** Marker positions as 32-bit offsets from the site origin: uploaded as they are, no 64-bit split. */
  private offsets = new Float32Array(0);
  private filterValues = new Float32Array(0);
  private markerVersion = 0;
  /** deck.gl redraws since start (the benchmark reads it). */
  redraws = 0;
  /**
   * Whether the map is on screen (setShown). A console tab kept alive behind another one keeps its map
   * but draws nothing: its hidden map went on redrawing 20–45 times a second with every batch of
   * positions, a core's worth of work under software WebGL, for a picture nobody could see.
   */
  private shown = true;
  /** Positions or the scene changed while hidden: recoloured and drawn when shown again. */
  private stale = false;
  private labels: { deviceId: number; name: string }[] = [];
  /** The names and room numbers that fit (declutter.ts), the same arrays while the choice holds. */
  private shownLabels: { deviceId: number; name: string }[] = [];
  private roomNames: PlanCollection['features'] = [];
  private placed = '';
  private namesHidden = 0;
  /** The residents' names drawn now (tests read them). */
  get shownNames(): readonly { deviceId: number; name: string }[] {
    return this.shownLabels;
  }
  private placedFrom: readonly [unknown, unknown] = [null, null];
  /** Stable arrays, so deck.gl does not rebuild text atlases on every frame. */
  private roomFeatures: PlanCollection['features'] = [];
  private drawingData: { path: LngLat[] }[] = [];
  private handleData: LngLat[] = [];
  private trailData: { path: LngLat[] }[] = [];

  constructor(
    container: HTMLElement,
    private readonly table: PositionTable,
    private readonly handlers: {
      onPick?(deviceId: number): void;
      onMapClick?(lngLat: LngLat): void;
      onRailPick?(railId: number): void;
      /** A vertex handle was dragged to a new place. */
      onVertexMove?(index: number, lngLat: LngLat): void;
      colourOf(deviceId: number): Rgba;
      nameOf(deviceId: number): string;
      /** How many residents' names on the floor did not fit (declutter.ts); told when it changes. */
      onNamesHidden?(count: number): void;
    },
  ) {
    this.map = new maplibregl.Map({
      container,
      style: OFFLINE_STYLE,
      center: [120.1303, 30.26008],
      zoom: 18.5,
      attributionControl: false,
      dragRotate: false,
      pitchWithRotate: false,
    });
    this.map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    this.overlay = new MapboxOverlay({
      interleaved: true,
      // a walking resident moves a marker's width in a fraction of a second: a click that lands just
      // behind the marker still takes them
      pickingRadius: PICK_RADIUS_PX,
      layers: [],
      onAfterRender: () => {
        this.redraws++;
      },
    });
    this.map.addControl(this.overlay);
    this.map.on('resize', () => {
      // a hidden tab's container is out of the document (size 0): the camera waits for the real size
      if (this.fitted && this.shown) this.map.fitBounds(this.fitted, { padding: 40, duration: 0 });
    });
    // names are placed in screen space: zooming in shows those that did not fit
    this.map.on('moveend', () => this.render());
    this.map.on('click', (e) => {
      if (this.dragged) {
        this.dragged = false;
        return;
      }
      this.handlers.onMapClick?.([e.lngLat.lng, e.lngLat.lat]);
    });
    this.listenForVertexDrags();
  }

  /** Index of the vertex handle within a few pixels of a screen point, or -1. */
  vertexAt(point: { x: number; y: number }): number {
    let best = -1;
    let bestDistance = VERTEX_GRAB_PX;
    this.scene.drawing.forEach((v, i) => {
      const p = this.map.project(v);
      const d = Math.hypot(p.x - point.x, p.y - point.y);
      if (d <= bestDistance) {
        best = i;
        bestDistance = d;
      }
    });
    return best;
  }

  /** Where a device's marker is on screen (map container pixels), or null when it has no position. */
  screenOf(deviceId: number): { x: number; y: number } | null {
    const row = this.table.rowOf(deviceId);
    if (row === undefined) return null;
    return this.project([this.table.lngLat[row * 2] ?? 0, this.table.lngLat[row * 2 + 1] ?? 0]);
  }

  /** Screen position of a map point (tests and the benchmark click through it). */
  project(lngLat: LngLat): { x: number; y: number } {
    const p = this.map.project(lngLat);
    return { x: p.x, y: p.y };
  }

  /**
   * Vertex handles are dragged with the mouse: a press on a handle stops the map from panning,
   * moves report the new place, the release gives panning back (and the click it may cause is eaten).
   */
  private dragging = -1;
  private dragged = false;
  private listenForVertexDrags() {
    this.map.on('mousedown', (e) => {
      // a drag's release makes no click when the mouse moved past the click tolerance, so the flag
      // that eats that click is cleared by the next press, not by a click that may never come
      this.dragged = false;
      if (!this.handlers.onVertexMove) return;
      const index = this.vertexAt(e.point);
      if (index < 0) return;
      e.preventDefault();
      this.dragging = index;
      this.map.dragPan.disable();
    });
    this.map.on('mousemove', (e) => {
      if (this.dragging < 0) {
        this.map.getCanvas().style.cursor = this.vertexAt(e.point) >= 0 ? 'move' : '';
        return;
      }
      this.dragged = true;
      this.handlers.onVertexMove?.(this.dragging, [e.lngLat.lng, e.lngLat.lat]);
    });
    this.map.on('mouseup', () => {
      if (this.dragging < 0) return;
      this.dragging = -1;
      this.map.dragPan.enable();
    });
  }

  setScene(patch: Partial<MapScene>) {
    if (patch.plan !== undefined && patch.plan !== this.scene.plan)
      this.roomFeatures = (patch.plan?.features ?? []).filter((f) => f.properties.kind === 'room');
    this.scene = { ...this.scene, ...patch };
    // the urgent rings pulse only while there are some
    if (this.scene.urgent.length > 0 && !this.pulseTimer)
      this.pulseTimer = setInterval(() => {
        this.pulse = !this.pulse;
        this.render();
      }, PULSE_MS);
    if (this.scene.urgent.length === 0 && this.pulseTimer) {
      clearInterval(this.pulseTimer);
      this.pulseTimer = null;
    }
    this.render();
  }

  /**
   * Draws names, urgent tags, room numbers and markers `k` times their console size (the wall: from
   * its screen's height, docs/decisions.md "The wall read from 3 m"). Labels are placed again.
   */
  setScale(k: number) {
    if (!(k > 0) || k === this.k) return;
    this.k = k;
    this.placed = '';
    this.render();
  }

  /** The font size (px) of a text layer as drawn now, or null when it is not drawn (tests read it). */
  drawnSize(layerId: 'marker-names' | 'urgent-names' | 'room-names'): number | null {
    const layer = this.drawn.find((l) => (l as { id?: string }).id === layerId) as
      | { props: { getSize: number } }
      | undefined;
    return layer ? layer.props.getSize : null;
  }

  /**
   * The map's page is on screen or hidden behind another tab. Hidden, it only keeps what it is told;
   * shown again, it takes its container's size and draws what changed meanwhile, once.
   */
  setShown(shown: boolean) {
    if (shown === this.shown) return;
    this.shown = shown;
    if (!shown) return;
    this.map.resize();
    if (this.stale) this.positionsChanged();
  }

  /** Brings a point to the middle of the map, close enough to tell residents apart. */
  centreOn(lngLat: LngLat) {
    this.map.jumpTo({ center: lngLat, zoom: Math.max(this.map.getZoom(), 19) });
  }

  fitTo(bounds: [LngLat, LngLat]) {
    this.fitted = bounds;
    this.map.fitBounds(bounds, { padding: 40, duration: 0 });
  }

  /** The floor the camera was last fitted to: a resized map (a wall's window, a 4K screen) fits it again. */
  private fitted: [LngLat, LngLat] | null = null;

  /**
   * After table.apply(frame): recolour and re-filter every row (cheap typed-array loops) and hand deck.gl
   * new attribute buffers. Returns the main-thread milliseconds spent here, for the benchmark.
   */
  positionsChanged(): number {
    if (!this.shown) {
      this.stale = true;
      return 0;
    }
    const started = performance.now();
    const n = this.table.length;
    if (this.colours.length < n * 4) {
      this.colours = new Uint8Array(this.table.deviceId.length * 4);
      this.offsets = new Float32Array(this.table.deviceId.length * 2);
      this.filterValues = new Float32Array(this.table.deviceId.length);
    }
    const { colours, offsets, filterValues } = this;
    const { deviceId, lngLat, buildingId, floorNo } = this.table;
    for (let row = 0; row < n; row++) {
      const c = this.handlers.colourOf(deviceId[row] ?? 0);
      colours[row * 4] = c[0];
      colours[row * 4 + 1] = c[1];
      colours[row * 4 + 2] = c[2];
      colours[row * 4 + 3] = c[3];
      offsets[row * 2] = (lngLat[row * 2] ?? 0) - SITE_ORIGIN.lng;
      offsets[row * 2 + 1] = (lngLat[row * 2 + 1] ?? 0) - SITE_ORIGIN.lat;
      filterValues[row] = floorKeyOf(buildingId[row] ?? 0, floorNo[row] ?? 0);
    }
    this.markerVersion++;
    this.render();
    return performance.now() - started;
  }

  /** Names drawn next to markers (at most a few hundred on a floor). */
  setLabels(labels: { deviceId: number; name: string }[]) {
    this.labels = labels;
    this.render();
  }

  destroy() {
    if (this.pulseTimer) clearInterval(this.pulseTimer);
    this.map.remove();
  }

  /** Where a device is, when it is on the floor shown. */
  private onFloor(deviceId: number): LngLat | null {
    const row = this.table.rowOf(deviceId);
    if (row === undefined || (this.filterValues[row] ?? -1) !== this.scene.floorKey) return null;
    return [this.table.lngLat[row * 2] ?? 0, this.table.lngLat[row * 2 + 1] ?? 0];
  }

  /**
   * Which names to draw on the floor shown: an urgent alarm's tag always, then the highlighted
   * resident's name, the other residents' names, and room numbers where nothing else is.
   */
  private placeLabels(rings: { deviceId: number; at: LngLat; name: string }[], highlight: number | null) {
    const canvas = this.map.getCanvas();
    const { k } = this;
    // names of residents off screen are neither drawn nor counted as hidden
    const inView = (p: { x: number; y: number }) =>
      p.x > -40 && p.y > -20 && p.x < canvas.clientWidth + 40 && p.y < canvas.clientHeight + 20;
    const urgent = new Set(rings.map((r) => r.deviceId));
    const reserved = rings.map((r) => {
      const p = this.map.project(r.at);
      const text = r.name || '未绑定长者';
      return {
        x: p.x,
        y: p.y + URGENT_OFFSET * k,
        w: textWidth(text, URGENT_SIZE * k) + 8 * k,
        h: (URGENT_SIZE + 6) * k,
      };
    });
    const boxes: LabelBox[] = [];
    for (const [i, l] of this.labels.entries()) {
      const at = urgent.has(l.deviceId) ? null : this.onFloor(l.deviceId);
      if (!at) continue;
      const p = this.map.project(at);
      if (!inView(p)) continue;
      const w = textWidth(l.name, NAME_SIZE * k);
      boxes.push({
        key: i,
        x: p.x,
        y: p.y + NAME_OFFSET * k,
        w,
        h: (NAME_SIZE + 2) * k,
        priority: l.deviceId === highlight ? 2 : 1,
      });
    }
    const ROOM = 1_000_000;
    for (const [i, f] of this.roomFeatures.entries()) {
      const p = this.map.project(centreOf(f.geometry.coordinates[0] ?? []));
      boxes.push({
        key: ROOM + i,
        x: p.x,
        y: p.y,
        w: textWidth(f.properties.name, ROOM_NAME_SIZE * k),
        h: (ROOM_NAME_SIZE + 2) * k,
        priority: 0,
      });
    }
    const shown = declutter(boxes, reserved);
    const hidden = boxes.filter((b) => b.key < ROOM && !shown.has(b.key)).length;
    if (hidden !== this.namesHidden) {
      this.namesHidden = hidden;
      this.handlers.onNamesHidden?.(hidden);
    }
    const keys = [...shown].sort((a, b) => a - b).join(',');
    const from = [this.labels, this.roomFeatures] as const;
    if (keys === this.placed && from[0] === this.placedFrom[0] && from[1] === this.placedFrom[1]) return;
    this.placed = keys;
    this.placedFrom = from;
    this.shownLabels = this.labels.filter((_, i) => shown.has(i));
    this.roomNames = this.roomFeatures.filter((_, i) => shown.has(ROOM + i));
  }

  private render() {
    if (!this.shown) {
      this.stale = true;
      return;
    }
    this.stale = false;
    const { plan, rails, drawing, drawingClosed, selectedRailId, trail, floorKey, urgent, highlight } =
      this.scene;
    const rings = urgent.flatMap((deviceId) => {
      const at = this.onFloor(deviceId);
      return at ? [{ deviceId, at, name: this.handlers.nameOf(deviceId) }] : [];
    });
    const highlighted = highlight === null ? null : this.onFloor(highlight);
    this.placeLabels(rings, highlight);
    if (this.handleData !== drawing) {
      this.handleData = drawing;
      const first = drawing[0];
      this.drawingData = [{ path: drawingClosed && first ? [...drawing, first] : drawing }];
    }
    if (this.trailData[0]?.path !== trail) this.trailData = [{ path: trail }];
    const t = this.table;
    const n = t.length;
    const { k } = this;
    const layers = [
      plan &&
        new GeoJsonLayer({
          id: 'plan',
          data: plan as unknown as GeoJSON.FeatureCollection,
          filled: true,
          stroked: true,
          getFillColor: (f: { properties: { kind: string } }) =>
            f.properties.kind === 'room'
              ? [255, 255, 255, 255]
              : f.properties.kind === 'corridor'
                ? [226, 232, 238, 255]
                : [246, 247, 249, 255],
          getLineColor: [120, 130, 145, 255],
          lineWidthUnits: 'pixels',
          getLineWidth: 1,
        }),
      plan &&
        new TextLayer({
          id: 'room-names',
          data: this.roomNames,
          getPosition: (f: PlanCollection['features'][number]) => centreOf(f.geometry.coordinates[0] ?? []),
          getText: (f: PlanCollection['features'][number]) => f.properties.name,
          getSize: ROOM_NAME_SIZE * k,
          getColor: [95, 107, 124, 255],
          characterSet: 'auto',
          fontFamily: '"Noto Sans CJK SC", "Microsoft YaHei", sans-serif',
        }),
      new PolygonLayer<Rail>({
        id: 'rails',
        data: rails,
        getPolygon: (r) => r.polygon,
        getFillColor: (r) => (r.railId === selectedRailId ? [45, 114, 210, 90] : [205, 66, 70, 50]),
        getLineColor: (r) => (r.railId === selectedRailId ? [45, 114, 210, 255] : [205, 66, 70, 200]),
        lineWidthUnits: 'pixels',
        getLineWidth: 2,
        // only where a rail can be chosen (the fence editor): elsewhere a click inside a rail is for the
        // resident near it, not for the rail under it
        pickable: Boolean(this.handlers.onRailPick),
        onClick: ({ object }) => {
          if (object) this.handlers.onRailPick?.(object.railId);
          return Boolean(object);
        },
        updateTriggers: { getFillColor: selectedRailId, getLineColor: selectedRailId },
      }),
      drawing.length > 0 &&
        new PathLayer({
          id: 'drawing',
          data: this.drawingData,
          getPath: (d: { path: LngLat[] }) => d.path,
          getColor: [45, 114, 210, 255],
          getWidth: 2,
          widthUnits: 'pixels',
        }),
      drawing.length > 0 &&
        new ScatterplotLayer<LngLat>({
          id: 'vertex-handles',
          data: this.handleData,
          getPosition: (v) => v,
          radiusUnits: 'pixels',
          getRadius: 6,
          getFillColor: [255, 255, 255, 255],
          stroked: true,
          getLineColor: [45, 114, 210, 255],
          lineWidthUnits: 'pixels',
          getLineWidth: 2,
        }),
      trail.length > 1 &&
        new PathLayer({
          id: 'trail',
          data: this.trailData,
          getPath: (d: { path: LngLat[] }) => d.path,
          getColor: [45, 114, 210, 160],
          getWidth: 3,
          widthUnits: 'pixels',
        }),
      trail.length > 1 &&
        new TextLayer<TrailMark>({
          id: 'trail-arrows',
          data: this.scene.trailMarks.filter((m) => m.kind === 'arrow'),
          getPosition: (m) => m.at,
          getText: () => '➤',
          getAngle: (m) => m.angle,
          getSize: 18,
          getColor: [45, 114, 210, 255],
          characterSet: ['➤'],
        }),
      trail.length > 1 &&
        new TextLayer<TrailMark>({
          id: 'trail-times',
          data: this.scene.trailMarks.filter((m) => m.kind === 'time'),
          getPosition: (m) => m.at,
          getText: (m) => m.text,
          getSize: 12,
          // below the point: residents' names stand above their markers
          getPixelOffset: [0, 14],
          getColor: [29, 78, 145, 255],
          background: true,
          getBackgroundColor: [255, 255, 255, 220],
          backgroundPadding: [2, 1],
          characterSet: '0123456789:',
        }),
      new ScatterplotLayer({
        id: 'markers',
        data: {
          length: n,
          attributes: {
            getPosition: { value: this.offsets, size: 2 },
            getFillColor: { value: this.colours, size: 4, normalized: true },
            getFilterValue: { value: this.filterValues, size: 1 },
          },
        },
        coordinateSystem: COORDINATE_SYSTEM.LNGLAT_OFFSETS,
        coordinateOrigin: [SITE_ORIGIN.lng, SITE_ORIGIN.lat, 0],
        radiusUnits: 'pixels',
        getRadius: 7 * k,
        stroked: true,
        getLineColor: [255, 255, 255, 255],
        lineWidthUnits: 'pixels',
        getLineWidth: 2 * k,
        pickable: true,
        extensions: [new DataFilterExtension({ filterSize: 1 })],
        filterRange: [floorKey - 0.5, floorKey + 0.5],
        onClick: ({ index }) => {
          const deviceId = t.deviceId[index];
          if (deviceId !== undefined) this.handlers.onPick?.(deviceId);
          return true;
        },
        updateTriggers: {
          getPosition: this.markerVersion,
          getFillColor: this.markerVersion,
          getFilterValue: this.markerVersion,
        },
      }),
      this.shownLabels.length > 0 &&
        new TextLayer({
          id: 'marker-names',
          data: this.shownLabels,
          getPosition: (l: { deviceId: number }) => {
            const row = t.rowOf(l.deviceId);
            return row === undefined ? [0, 0] : [t.lngLat[row * 2] ?? 0, t.lngLat[row * 2 + 1] ?? 0];
          },
          getText: (l: { name: string }) => l.name,
          getSize: NAME_SIZE * k,
          getPixelOffset: [0, NAME_OFFSET * k],
          getColor: [28, 33, 39, 255],
          characterSet: 'auto',
          fontFamily: '"Noto Sans CJK SC", "Microsoft YaHei", sans-serif',
          updateTriggers: { getPosition: this.markerVersion },
        }),
      highlighted &&
        new ScatterplotLayer<LngLat>({
          id: 'highlight',
          data: [highlighted],
          getPosition: (v) => v,
          radiusUnits: 'pixels',
          getRadius: 14 * k,
          filled: false,
          stroked: true,
          getLineColor: [45, 114, 210, 255],
          lineWidthUnits: 'pixels',
          getLineWidth: 3 * k,
          updateTriggers: { getPosition: this.markerVersion },
        }),
      rings.length > 0 &&
        new ScatterplotLayer<{ at: LngLat }>({
          id: 'urgent-rings',
          data: rings,
          getPosition: (r) => r.at,
          radiusUnits: 'pixels',
          getRadius: (this.pulse ? 22 : 15) * k,
          filled: true,
          getFillColor: [205, 66, 70, this.pulse ? 40 : 90],
          stroked: true,
          getLineColor: [205, 66, 70, 255],
          lineWidthUnits: 'pixels',
          getLineWidth: 3 * k,
          updateTriggers: { getRadius: this.pulse, getFillColor: this.pulse },
        }),
      rings.length > 0 &&
        new TextLayer<{ at: LngLat; name: string }>({
          id: 'urgent-names',
          data: rings,
          getPosition: (r) => r.at,
          getText: (r) => r.name || '未绑定长者',
          getSize: URGENT_SIZE * k,
          getPixelOffset: [0, URGENT_OFFSET * k],
          getColor: [255, 255, 255, 255],
          background: true,
          getBackgroundColor: [205, 66, 70, 255],
          backgroundPadding: [4 * k, 2 * k],
          fontWeight: 700,
          characterSet: 'auto',
          fontFamily: '"Noto Sans CJK SC", "Microsoft YaHei", sans-serif',
        }),
    ].filter(Boolean);
    this.drawn = layers;
    this.overlay.setProps({ layers });
  }
}

/** Font sizes (px) and offsets above the marker of residents' names, urgent tags and room numbers. */
const NAME_SIZE = 12;
const NAME_OFFSET = -16;
const URGENT_SIZE = 15;
const URGENT_OFFSET = -32;
const ROOM_NAME_SIZE = 13;

/** How near (screen pixels) a press must be to grab a vertex handle. */
const VERTEX_GRAB_PX = 10;

export function centreOf(ring: LngLat[]): LngLat {
  const pts = ring.slice(0, -1);
  const n = Math.max(1, pts.length);
  return [pts.reduce((a, p) => a + p[0], 0) / n, pts.reduce((a, p) => a + p[1], 0) / n];
}
