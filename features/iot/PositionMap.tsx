import {
  Button,
  Callout,
  Card,
  HTMLSelect,
  InputGroup,
  Intent,
  Menu,
  MenuItem,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { severityNames } from '../../domain/alarms.js';
import { IotPaths } from '../../domain/api/iot.js';
import type { Page } from '../../domain/codes.js';
import type { MarkerState, Position } from '../../domain/devices.js';
import { buildingBounds, type LngLat, type PlanCollection } from '../../domain/floorPlan.js';
import { pathWith } from '../../domain/http.js';
import { alarmOffers } from '../../machines/alarmMachine.js';
import { AckButton } from '../../src/alarm/AckButton.js';
import { stopwatch } from '../../src/alarm/queue.js';
import { useApp } from '../../src/app/AppContext.js';
import { useRealtime, useStore } from '../../src/realtime/context.js';
import { usePage } from '../../src/router/page.js';
import { usePageInterval } from '../../src/ui/usePageInterval.js';
import { isOutNow } from '../../streams/outings.js';
import { positionTable } from '../../streams/positions.js';
import { AlarmDialogs, type Dialogs } from './AlarmDialogs.js';
import { HealthLight } from './HealthLight.js';
import { FloorMap, MARKER_COLOURS, type Rail, type Rgba } from './map/floorMap.js';
import {
  addToTrail,
  alarmsByDevice,
  alarmsByResident,
  alarmsPerFloor,
  floorKeyOf,
  type MapMarkerState,
  mapStateName,
  markerStateOf,
  residentAlarms,
  searchResidents,
  TRAIL_MS,
  type TrailPoint,
  trailMarks,
  trailOnFloor,
  urgentDevices,
} from './map/markers.js';
import { wantedOnMap } from './map/wanted.js';
import { useAlarmActions } from './useAlarmActions.js';
import './iot.css';

export interface Building {
  buildingId: number;
  buildingName: string;
  mapX: number;
  mapY: number;
  floors: { floorId: number; floorName: string; floorNo: number }[];
}
interface LiveDevice {
  deviceId: number;
  deviceName: string;
  kindName: string;
  oldmanId: number | null;
  oldmanName: string | null;
  online: number;
  lastSeen: number | null;
  battery: number | null;
  buildingId: number | null;
  floorNo: number | null;
  lng: number | null;
  lat: number | null;
  state: MarkerState;
  /** 1 while the elder is out on an outing (docs/decisions.md "Outings"); live changes: isOutNow. */
  outing: number;
}
interface MattressRow {
  oldmanId: number | null;
  vitals: { heartRate: number; breathRate: number; inBed: number; ts: number } | null;
}

/** Loads the buildings and remembers the user's choice of building and floor on the server. */
export function useBuildingFloor() {
  const { request } = useApp();
  const [buildings, setBuildings] = useState<Building[]>([]);
  const [choice, setChoice] = useState<{ buildingId: number; floorNo: number } | null>(null);
  const [plan, setPlan] = useState<PlanCollection | null>(null);
  useEffect(() => {
    Promise.all([
      request<Building[]>({ url: IotPaths.buildings }),
      request<number | null>({ url: IotPaths.userBuilding, silent: true }).catch(() => null),
    ]).then(
      ([list, saved]) => {
        setBuildings(list);
        const building = list.find((b) => b.buildingId === saved) ?? list[0];
        // a floor shown meanwhile (a jump to an alarm's resident that was quicker) stays
        if (building)
          setChoice(
            (shown) =>
              shown ?? { buildingId: building.buildingId, floorNo: building.floors[0]?.floorNo ?? 1 },
          );
      },
      () => undefined,
    );
  }, [request]);
  /** Plans drawn before, by floor: offline, a floor seen before keeps its plan (issue #38 point 7). */
  const plans = useRef(new Map<string, PlanCollection>());
  useEffect(() => {
    if (!choice) return;
    const key = `${choice.buildingId}:${choice.floorNo}`;
    // the floor's plan as drawn before (or none) until the server answers: never the last floor's plan
    // under this floor's residents
    setPlan(plans.current.get(key) ?? null);
    request<PlanCollection>({ url: IotPaths.floorMap, params: choice }).then(
      (answer) => {
        plans.current.set(key, answer);
        setPlan(answer);
      },
      () => setPlan(plans.current.get(key) ?? null),
    );
  }, [choice, request]);
  const building = buildings.find((b) => b.buildingId === choice?.buildingId) ?? null;
  /**
   * Shows a floor. A choice the user makes is remembered for the next visit; `remember: false` is for
   * moves nobody chose (the wall's cycle, an arrival's floor), which must not overwrite it.
   */
  const select = (buildingId: number, floorNo: number, { remember = true } = {}) => {
    setChoice({ buildingId, floorNo });
    if (remember && buildingId !== choice?.buildingId)
      request({
        url: IotPaths.userBuilding,
        method: 'POST',
        data: { buildingId },
        silent: true,
      }).catch(() => undefined);
  };
  return { buildings, building, choice, plan, select };
}

export function FloorPicker({
  bf,
  alarms,
}: {
  bf: ReturnType<typeof useBuildingFloor>;
  /** Open alarms per floor (alarmsPerFloor): each floor says how many, and how many wait unacknowledged. */
  alarms?: ReadonlyMap<number, { open: number; unacked: number }>;
}) {
  return (
    <>
      <HTMLSelect
        aria-label="楼栋"
        value={bf.choice?.buildingId ?? ''}
        onChange={(e) => {
          const b = bf.buildings.find((x) => x.buildingId === Number(e.currentTarget.value));
          if (b) bf.select(b.buildingId, b.floors[0]?.floorNo ?? 1);
        }}
      >
        {bf.buildings.map((b) => (
          <option key={b.buildingId} value={b.buildingId}>
            {b.buildingName}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label="楼层"
        value={bf.choice?.floorNo ?? ''}
        onChange={(e) => bf.choice && bf.select(bf.choice.buildingId, Number(e.currentTarget.value))}
      >
        {(bf.building?.floors ?? []).map((f) => {
          const n = alarms?.get(floorKeyOf(bf.building?.buildingId ?? 0, f.floorNo));
          return (
            <option
              key={f.floorId}
              value={f.floorNo}
              data-alarms={n?.open ?? 0}
              data-unacked={n?.unacked ?? 0}
            >
              {n
                ? `${f.floorName} · 告警 ${n.open}${n.unacked ? `（未确认 ${n.unacked}）` : ''}`
                : f.floorName}
            </option>
          );
        })}
      </HTMLSelect>
    </>
  );
}

/**
 * /yunmuIot/elderPosition/realTime: residents' watches and bands on the floor plan, live. Position
 * frames go straight into typed arrays and deck.gl (no React render per message); React renders
 * only the toolbar, the legend counts (once a second) and the card of the selected resident.
 */
export function PositionMap() {
  // ?deviceId= (an alarm's 定位 in 告警中心): that resident, on their floor, selected
  const [params] = useSearchParams();
  const wanted = Number(params.get('deviceId'));
  const linked = useMemo(() => (wanted > 0 ? { deviceId: wanted } : null), [wanted]);
  // 在地图上查看 on an alarm row (features/iot/map/wanted.ts): taken by the map on screen, once
  const page = usePage();
  const wish = useSyncExternalStore(wantedOnMap.subscribe, wantedOnMap.get);
  const [asked, setAsked] = useState<MapFocus | null>(null);
  useEffect(() => {
    if (!wish || !page.active) return;
    wantedOnMap.taken(wish);
    setAsked({ deviceId: wish.deviceId, oldmanId: wish.oldmanId, floor: wish.floor });
  }, [wish, page.active]);
  return <LivePositionMap bf={useBuildingFloor()} focus={asked ?? linked} search />;
}

/** A resident to show, on the floor of their device or, when it has no place yet, on `floor`. */
interface MapFocus {
  deviceId: number;
  /** The resident, whose watch is shown when the device has no marker (a mattress's alarm). */
  oldmanId?: number | null;
  floor?: { buildingId: number; floorNo: number } | null;
}

/**
 * The live map of a building and floor chosen by its owner (the wall page cycles the floors). `focus`
 * (a new object each time) brings a device's floor up, centres on it and selects it.
 */
export function LivePositionMap({
  bf,
  focus = null,
  search = false,
  scale = 1,
}: {
  bf: ReturnType<typeof useBuildingFloor>;
  focus?: MapFocus | null;
  search?: boolean;
  /** Names, tags and markers this many times their console size (the wall's, from its screen). */
  scale?: number;
}) {
  const { request } = useApp();
  const realtime = useRealtime();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<FloorMap | null>(null);
  const table = useMemo(() => positionTable(256), []);
  const devices = useRef(new Map<number, LiveDevice>());
  /** When the request of the device list shown left (0 before the first answer). */
  const devicesLoadedAt = useRef(0);
  const heardPresence = useStore(realtime.outingPresence);
  const trails = useRef(new Map<number, TrailPoint[]>());
  const openAlarms = useStore(useMemo(() => realtime.alarms.open(), [realtime]));
  const alarmsOf = useRef(new Map<number, typeof openAlarms>());
  const alarmsOfResident = useRef(new Map<number, typeof openAlarms>());
  /** The open alarms of a marker's resident (residentAlarms): the device's own and their other devices'. */
  const alarmsAt = (deviceId: number) =>
    residentAlarms(
      alarmsOf.current,
      alarmsOfResident.current,
      deviceId,
      devices.current.get(deviceId)?.oldmanId,
    );
  const floorAlarms = useMemo(() => alarmsPerFloor(openAlarms), [openAlarms]);
  // 确认 and 处理 on the card: the alarm list's own actions and dialogs (one code path, one machine)
  const actions = useAlarmActions('all');
  const [dialog, setDialog] = useState<Dialogs>(null);
  const page = usePage();
  const [selected, setSelected] = useState<number | null>(null);
  const [counts, setCounts] = useState<Record<MapMarkerState, number>>({
    online: 0,
    offline: 0,
    alarm: 0,
    handling: 0,
    lowBattery: 0,
  });
  const [rails, setRails] = useState<Rail[]>([]);
  const [vitals, setVitals] = useState<MattressRow['vitals']>(null);
  const [, setTick] = useState(0);

  const stateOf = (deviceId: number): MapMarkerState => {
    const row = table.rowOf(deviceId);
    const ts = row === undefined ? 0 : (table.ts[row] ?? 0);
    const d = devices.current.get(deviceId);
    const battery = row === undefined ? d?.battery : table.battery[row];
    return markerStateOf(alarmsAt(deviceId), Math.max(ts, d?.lastSeen ?? 0), battery, Date.now());
  };
  const floorKey = floorKeyOf(bf.choice?.buildingId ?? 0, bf.choice?.floorNo ?? 0);
  /** A device's floor as the map knows it (its last position), else as the device list said. */
  const floorOf = (deviceId: number) => {
    const row = table.rowOf(deviceId);
    if (row !== undefined)
      return { buildingId: table.buildingId[row] ?? 0, floorNo: table.floorNo[row] ?? 0 };
    const d = devices.current.get(deviceId);
    return d?.buildingId != null && d.floorNo != null
      ? { buildingId: d.buildingId, floorNo: d.floorNo }
      : null;
  };
  /** Where the camera goes once the floor of a jump is shown. */
  const centreWhenShown = useRef<number | null>(null);
  const jumpTo = (
    wantedId: number,
    fallback: { buildingId: number; floorNo: number } | null = null,
    oldmanId: number | null = null,
  ) => {
    // a device without a marker (a mattress): the resident's watch or band, where they are
    const worn =
      devices.current.has(wantedId) || oldmanId === null
        ? undefined
        : [...devices.current.values()].find((d) => d.oldmanId === oldmanId && floorOf(d.deviceId) !== null);
    const deviceId = worn?.deviceId ?? wantedId;
    const floor = floorOf(deviceId) ?? fallback;
    setSelected(deviceId);
    if (!floor) return;
    centreWhenShown.current = deviceId;
    if (floor.buildingId !== bf.choice?.buildingId || floor.floorNo !== bf.choice?.floorNo)
      bf.select(floor.buildingId, floor.floorNo);
    else centreOnDevice(deviceId);
  };
  const centreOnDevice = (deviceId: number) => {
    const row = table.rowOf(deviceId);
    const d = devices.current.get(deviceId);
    const at: LngLat | null =
      row !== undefined
        ? [table.lngLat[row * 2] ?? 0, table.lngLat[row * 2 + 1] ?? 0]
        : d?.lng != null && d.lat != null
          ? [d.lng, d.lat]
          : null;
    if (at) mapRef.current?.centreOn(at);
    centreWhenShown.current = null;
  };

  const [namesHidden, setNamesHidden] = useState(0);
  // The map itself, created once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one map per page
  useEffect(() => {
    if (!container.current) return;
    const map = new FloorMap(container.current, table, {
      colourOf: (id): Rgba => MARKER_COLOURS[stateOf(id)],
      nameOf: (id) => devices.current.get(id)?.oldmanName ?? '',
      onPick: (id) => setSelected(id),
      onNamesHidden: setNamesHidden,
    });
    mapRef.current = map;
    (window as unknown as { __floorMap?: FloorMap }).__floorMap = map;
    return () => {
      map.destroy();
      mapRef.current = null;
    };
  }, []);

  useEffect(() => mapRef.current?.setScale(scale), [scale]);
  // behind another tab, the map draws nothing (floorMap.ts setShown)
  useEffect(() => mapRef.current?.setShown(page.active), [page.active]);

  // Initial device states, again after each reconnect (missed changes), then live frames.
  useEffect(() => {
    let live = true;
    const load = () => {
      const requestedAt = Date.now();
      request<LiveDevice[]>({ url: IotPaths.liveDevices, silent: devicesLoadedAt.current > 0 }).then(
        (list) => {
          if (!live) return;
          const seed: Position[] = [];
          for (const d of list) {
            devices.current.set(d.deviceId, d);
            if (d.lng !== null && d.lat !== null && d.buildingId !== null && d.floorNo !== null)
              seed.push({
                deviceId: d.deviceId,
                ts: d.lastSeen ?? 1,
                buildingId: d.buildingId,
                floorNo: d.floorNo,
                lng: d.lng,
                lat: d.lat,
                ...(d.battery === null ? {} : { battery: d.battery }),
              });
          }
          devicesLoadedAt.current = requestedAt;
          // each trail begins where its resident was when the map loaded (or came back): one step taken
          // since already shows its way. Stamped no later than the request, so the pushes after it
          // (stamped on arrival) follow it; the same place twice is one point.
          for (const p of seed) {
            const last = trails.current.get(p.deviceId)?.at(-1);
            if (!last || last.lng !== p.lng || last.lat !== p.lat)
              addToTrail(trails.current, p, Math.min(p.ts, requestedAt), requestedAt);
          }
          table.apply(seed);
          mapRef.current?.setLabels(
            list.filter((d) => d.oldmanName).map((d) => ({ deviceId: d.deviceId, name: d.oldmanName ?? '' })),
          );
          mapRef.current?.positionsChanged();
        },
        () => undefined,
      );
    };
    load();
    const resync = realtime.reconnects$.subscribe(load);
    const subscription = realtime.positions$.subscribe((frame) => {
      if (table.apply(frame.values()) === 0) return;
      const now = Date.now();
      // stamped on arrival: a device's own clock may be off
      for (const p of frame.values()) addToTrail(trails.current, p, now, now);
      mapRef.current?.positionsChanged();
    });
    return () => {
      live = false;
      resync.unsubscribe();
      subscription.unsubscribe();
    };
  }, [realtime, request, table]);

  // Alarms recolour markers; unacknowledged 紧急 ones pulse with the name on top.
  useEffect(() => {
    alarmsOf.current = alarmsByDevice(openAlarms);
    alarmsOfResident.current = alarmsByResident(openAlarms);
    mapRef.current?.setScene({ urgent: [...urgentDevices(openAlarms)] });
    mapRef.current?.positionsChanged();
  }, [openAlarms]);

  const trailOf = (deviceId: number | null) =>
    deviceId === null ? [] : trailOnFloor(trails.current.get(deviceId) ?? [], floorKey, Date.now());
  /** The selected trail, its way and its times, for the map's scene. */
  const trailScene = (deviceId: number | null) => ({
    trail: trailOf(deviceId),
    trailMarks: deviceId === null ? [] : trailMarks(trails.current.get(deviceId) ?? [], floorKey, Date.now()),
    highlight: deviceId,
  });

  // Legend counts and the selected trail, once a second (not per message) while the page is on screen.
  // One interval, reading the latest render's values (usePageInterval): an interval made again at
  // every render never fired while the page rendered more often than once a second (the first seconds
  // of a busy map: the legend said 在线 0 under seven residents drawn).
  usePageInterval(() => {
    const next: Record<MapMarkerState, number> = {
      online: 0,
      offline: 0,
      alarm: 0,
      handling: 0,
      lowBattery: 0,
    };
    for (let row = 0; row < table.length; row++) {
      if (floorKeyOf(table.buildingId[row] ?? 0, table.floorNo[row] ?? 0) !== floorKey) continue;
      next[stateOf(table.deviceId[row] ?? 0)]++;
    }
    setCounts(next);
    if (selected !== null) mapRef.current?.setScene(trailScene(selected));
    setTick((t) => t + 1);
  }, 1000);

  // Another floor or building: the card and the trail of a resident who is not there go (issue #19);
  // a jump's resident is there, and the camera comes to them once the floor is drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of floor only
  useEffect(() => {
    if (selected === null) return;
    const floor = floorOf(selected);
    if (!floor || floorKeyOf(floor.buildingId, floor.floorNo) !== floorKey) setSelected(null);
  }, [floorKey]);

  // A jump asked from outside (an alarm's 定位, the wall's row) once the device list is in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per focus object
  useEffect(() => {
    if (!focus) return;
    if (devicesLoadedAt.current > 0) jumpTo(focus.deviceId, focus.floor, focus.oldmanId);
    else {
      const timer = setInterval(() => {
        if (devicesLoadedAt.current === 0) return;
        clearInterval(timer);
        jumpTo(focus.deviceId, focus.floor, focus.oldmanId);
      }, 100);
      return () => clearInterval(timer);
    }
  }, [focus]);

  // Floor plan, rails and camera follow the chosen floor.
  // biome-ignore lint/correctness/useExhaustiveDependencies: centreOnDevice reads refs only
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !bf.choice || !bf.building) return;
    map.setScene({ plan: bf.plan, floorKey: floorKeyOf(bf.choice.buildingId, bf.choice.floorNo) });
    map.fitTo(buildingBounds(bf.building));
    if (centreWhenShown.current !== null) centreOnDevice(centreWhenShown.current);
    request<Page<Rail>>({ url: IotPaths.railList, params: { ...bf.choice, pageHelper: 0 } }).then(
      ({ list }) => {
        setRails(list);
        map.setScene({ rails: list });
      },
      () => undefined,
    );
  }, [bf.plan, bf.choice, bf.building, request]);

  // The selected resident's vitals from their mattress, if they have one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the trail is drawn again every second anyway
  useEffect(() => {
    setVitals(null);
    const oldmanId = selected === null ? null : devices.current.get(selected)?.oldmanId;
    mapRef.current?.setScene(trailScene(selected));
    if (oldmanId == null) return;
    request<MattressRow[]>({ url: pathWith(IotPaths.mattressMonitor, { kind: 1 }), silent: true }).then(
      (rows) => setVitals(rows.find((r) => r.oldmanId === oldmanId)?.vitals ?? null),
      () => undefined,
    );
  }, [selected, request]);

  const device = selected === null ? undefined : devices.current.get(selected);
  const row = selected === null ? undefined : table.rowOf(selected);
  const state = selected === null ? null : stateOf(selected);
  const deviceAlarms = selected === null ? [] : alarmsAt(selected);
  const trail = selected === null ? [] : (trails.current.get(selected) ?? []);
  const trailPoints = trailOf(selected).length;
  const trailFrom = trail.find((p) => p.floorKey === floorKey && Date.now() - p.ts <= TRAIL_MS)?.ts;

  // Esc closes the card: on the page on screen only, never while a dialog or a field has the key
  const cardOpen = device !== undefined;
  useEffect(() => {
    if (!cardOpen || dialog !== null || !page.active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const t = e.target;
      if (
        t instanceof HTMLElement &&
        (t.isContentEditable ||
          ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName) ||
          t.closest('.bp6-overlay-content, .bp6-popover') !== null)
      )
        return;
      setSelected(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [cardOpen, dialog, page.active]);
  return (
    <div className="page position-page" data-testid="page-position-map">
      <div className="map-toolbar">
        <FloorPicker bf={bf} alarms={floorAlarms} />
        {search ? <ResidentSearch devices={devices.current} onPick={jumpTo} /> : null}
        <span className="legend" data-testid="map-legend">
          {(Object.keys(mapStateName) as MapMarkerState[]).map((s) => (
            <Tag key={s} minimal round className={`legend-${s}`} data-testid={`legend-${s}`}>
              <span
                className="dot"
                style={{ background: `rgb(${MARKER_COLOURS[s].slice(0, 3).join(',')})` }}
              />
              {mapStateName[s]} {counts[s]}
            </Tag>
          ))}
        </span>
        <span className="rails-count">围栏 {rails.length}</span>
        <HealthLight />
      </div>
      <div className="map-wrap">
        <div ref={container} className="map-canvas" data-testid="map-canvas" />
        {namesHidden > 0 ? (
          <div className="names-hidden" data-testid="names-hidden" role="status">
            {namesHidden} 位长者的姓名因重叠未显示，放大地图可查看
          </div>
        ) : null}
        {device ? (
          <Card className="elder-card" elevation={2} data-testid="elder-card">
            <div className="elder-card-head">
              <strong>{device.oldmanName ?? '未绑定长者'}</strong>
              <Tag
                data-testid="elder-state"
                intent={
                  state === 'alarm' ? Intent.DANGER : state === 'online' ? Intent.SUCCESS : Intent.WARNING
                }
              >
                {state ? mapStateName[state] : ''}
              </Tag>
              {isOutNow(heardPresence, device.oldmanId, device.outing === 1, devicesLoadedAt.current) ? (
                <Tag intent={Intent.PRIMARY} data-testid="elder-outing">
                  外出中
                </Tag>
              ) : null}
              <Button minimal small icon="cross" aria-label="关闭" onClick={() => setSelected(null)} />
            </div>
            <div>
              {device.kindName} · {device.deviceName}
            </div>
            {deviceAlarms.map((a) => (
              <div
                key={a.recordId}
                className={`elder-card-alarm${a.ackTime === null ? ' unacked' : ''}`}
                data-testid="elder-card-alarm"
                data-record-id={a.recordId}
              >
                <div>
                  <b>{a.alarmTypeName}</b> · {severityNames[a.severity as 1 | 2 | 3] ?? a.severity} · 已等待{' '}
                  {stopwatch(Date.now() - a.firstTime)} ·{' '}
                  {a.ackTime === null && actions.waiting.has(a.recordId)
                    ? '确认待重发'
                    : a.ackTime === null
                      ? '未确认'
                      : `已确认${a.ackName ? `（${a.ackName}）` : ''}`}
                </div>
                {actions.mayHandle(a) ? (
                  // the alarm list's actions: the machine decides what is offered, the same calls send it
                  <div className="elder-card-actions">
                    {alarmOffers(a, 'alarm.ack') ? (
                      <AckButton
                        small
                        waiting={actions.waiting.has(a.recordId)}
                        onAck={() => void actions.ack(a)}
                      />
                    ) : null}
                    {alarmOffers(a, 'alarm.handle') ? (
                      <Button
                        small
                        intent={Intent.PRIMARY}
                        text="处理"
                        onClick={() => setDialog({ kind: 'handle', record: a })}
                      />
                    ) : null}
                  </div>
                ) : null}
              </div>
            ))}
            <div>电量 {row === undefined ? (device.battery ?? '—') : table.battery[row]}%</div>
            <div>
              最近定位{' '}
              {row === undefined
                ? '—'
                : new Date(table.ts[row] ?? 0).toLocaleTimeString('zh-CN', { hour12: false })}
            </div>
            {vitals ? (
              // the mattress's own reading, with its time: it is not where the watch is
              <div className="vitals" data-testid="elder-vitals">
                床垫（{new Date(vitals.ts).toLocaleTimeString('zh-CN', { hour12: false })}）：心率{' '}
                {vitals.heartRate} 次/分 · 呼吸 {vitals.breathRate} 次/分 · {vitals.inBed ? '在床' : '离床'}
              </div>
            ) : (
              <div className="muted">暂无床垫体征</div>
            )}
            <div className="muted" data-testid="elder-trail">
              轨迹：最近 {TRAIL_MS / 60_000} 分钟本层 {trailPoints} 个定位点
              {trailPoints > 1 && trailFrom !== undefined
                ? `，自 ${new Date(trailFrom).toLocaleTimeString('zh-CN', { hour12: false })} 起，箭头为行走方向`
                : ''}
            </div>
          </Card>
        ) : null}
      </div>
      {bf.buildings.length === 0 ? <Callout intent={Intent.WARNING}>没有可显示的楼栋</Callout> : null}
      <AlarmDialogs dialog={dialog} onDialog={setDialog} actions={actions} />
    </div>
  );
}

/** 查找长者: a name (or device) on the map; picking one brings up their floor and card. */
function ResidentSearch({
  devices,
  onPick,
}: {
  devices: ReadonlyMap<number, LiveDevice>;
  onPick(deviceId: number): void;
}) {
  const [text, setText] = useState('');
  const found = searchResidents([...devices.values()], text);
  return (
    <span className="resident-search">
      <InputGroup
        leftIcon="search"
        placeholder="查找长者"
        aria-label="查找长者"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid="resident-search"
      />
      {text.trim() ? (
        <Menu className="resident-search-results" data-testid="resident-search-results">
          {found.length === 0 ? (
            <MenuItem disabled text="没有找到" />
          ) : (
            found.map((d) => (
              <MenuItem
                key={d.deviceId}
                text={d.oldmanName ?? '未绑定长者'}
                label={`${d.deviceName}${d.floorNo === null ? ' · 无定位' : ''}`}
                onClick={() => {
                  setText('');
                  onPick(d.deviceId);
                }}
              />
            ))
          )}
        </Menu>
      ) : null}
    </span>
  );
}
