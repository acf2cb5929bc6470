import { Button } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { AlarmRecord } from '../../../domain/alarms.js';
import { useRealtime } from '../../../src/realtime/context.js';
import { useLiveness } from '../../../src/realtime/useLiveness.js';
import { useNow } from '../../../src/ui/useNow.js';
import { LivePositionMap, useBuildingFloor } from '../PositionMap.js';
import { CYCLE_SECONDS, cycleStep, floorOfAlarm, urgentFloors } from './floorCycle.js';
import { wallMapScale } from './scale.js';

/** The map's scale from the window's height, again on every resize (wallMapScale). */
function useWallMapScale(): number {
  const [scale, setScale] = useState(() => wallMapScale(window.innerHeight));
  useEffect(() => {
    const onResize = () => setScale(wallMapScale(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return scale;
}

/** The cycle switch with its countdown; it ticks on its own so the map does not re-render every second. */
function CycleButton({
  auto,
  shownAt,
  holding,
  stays,
  stale,
  onToggle,
}: {
  auto: boolean;
  /** The live channels are down: the floor shown stays (its plan and last positions). */
  stale: boolean;
  shownAt: number;
  /** How many times the cycle stayed on a floor for its waiting 紧急 alarm. */
  stays: number;
  /** The floor shown holds the only waiting 紧急 alarm: the cycle stays. */
  holding: boolean;
  onToggle(): void;
}) {
  const now = useNow(1000);
  const left = Math.max(0, CYCLE_SECONDS - Math.floor((now - shownAt) / 1000));
  return (
    <Button
      size="large"
      icon={auto ? 'pause' : 'play'}
      intent={auto ? (holding ? 'danger' : 'none') : 'primary'}
      data-testid="wall-cycle"
      data-auto={auto ? 'true' : 'false'}
      data-holding={auto && holding ? 'true' : 'false'}
      data-stale={stale ? 'true' : 'false'}
      data-stays={stays}
      text={
        !auto
          ? '恢复楼层轮播'
          : stale
            ? '连接中断 · 停留本层'
            : holding
              ? '本层紧急告警未确认 · 停留本层'
              : `楼层轮播 · ${left} 秒后切换`
      }
      onClick={onToggle}
    />
  );
}

/**
 * The floors of the building shown that hold an unacknowledged 紧急 alarm, as a value that changes only
 * when that list does (the map does not re-render for every alarm update).
 */
function useUrgentFloors(buildingId: number | null): readonly number[] {
  const { alarms } = useRealtime();
  const store = useMemo(() => alarms.open(), [alarms]);
  const key = useSyncExternalStore(store.subscribe, () =>
    urgentFloors(store.getSnapshot(), buildingId).join(','),
  );
  return useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
}

/**
 * The positioning map of the console, floors cycling every CYCLE_SECONDS. A new alarm brings its floor
 * up (and holds it for a full cycle); while a floor holds an unacknowledged 紧急 alarm the cycle keeps to
 * such floors (cycleStep); the operator's own pick in the map's floor picker stops the cycle.
 */
export function WallMap({ focus }: { focus: { alarm: AlarmRecord; picked?: boolean } | null }) {
  const bf = useBuildingFloor();
  const scale = useWallMapScale();
  // offline the floor shown stays: another floor's plan and positions could not be read (a blank map)
  const { stale } = useLiveness();
  const [auto, setAuto] = useState(true);
  const [shownAt, setShownAt] = useState(() => Date.now());
  const [stays, setStays] = useState(0);
  const urgent = useUrgentFloors(bf.choice?.buildingId ?? null);
  const latest = useRef({ bf, urgent, stale });
  latest.current = { bf, urgent, stale };
  const holding = urgent.length === 1 && urgent[0] === bf.choice?.floorNo;

  // biome-ignore lint/correctness/useExhaustiveDependencies: every new choice restarts the countdown
  useEffect(() => setShownAt(Date.now()), [bf.choice]);
  // a floor gaining its first waiting SOS while another is shown: the next step goes there, at once
  // when the floor shown has none (a waiting SOS is not left off the map for a whole cycle)
  const urgentKey = urgent.join(',');
  useEffect(() => {
    if (!auto || !urgentKey || stale) return;
    const { bf: now } = latest.current;
    const floors = urgentKey.split(',').map(Number);
    if (now.choice && !floors.includes(now.choice.floorNo)) {
      const next = cycleStep(now.buildings, now.choice, floors);
      if (next) now.select(next.buildingId, next.floorNo, { remember: false });
    }
  }, [auto, urgentKey, stale]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: shownAt restarts the countdown on a stay
  useEffect(() => {
    if (!auto || !bf.choice || stale) return;
    const timer = setTimeout(() => {
      const { bf: now, urgent: floors } = latest.current;
      const next = cycleStep(now.buildings, now.choice, floors);
      if (!next) return;
      if (next.buildingId === now.choice?.buildingId && next.floorNo === now.choice.floorNo) {
        setShownAt(Date.now()); // staying: the next look is a cycle from now
        setStays((n) => n + 1);
      } else now.select(next.buildingId, next.floorNo, { remember: false });
    }, CYCLE_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [auto, bf.choice, shownAt, stale]);
  const cycling = useRef(auto);
  cycling.current = auto;
  useEffect(() => {
    if (!focus) return;
    // the operator looks at a resident: the map goes to her (below) and neither the cycle nor the
    // next arrival takes the floor away
    if (focus.picked) return setAuto(false);
    // an arrival brings its floor up while the floors cycle; a floor the operator holds stays (the
    // queue and the sound still announce the arrival)
    if (!cycling.current || latest.current.stale) return;
    const { bf: now, urgent: waiting } = latest.current;
    const floor = floorOfAlarm(now.buildings, focus.alarm);
    // a floor with a waiting 紧急 alarm is not left for an arrival elsewhere (the queue announces it)
    const toWaiting = floor?.buildingId === now.choice?.buildingId && waiting.includes(floor?.floorNo ?? -1);
    if (floor && (waiting.length === 0 || toWaiting))
      now.select(floor.buildingId, floor.floorNo, { remember: false });
  }, [focus]);

  const floorName =
    bf.building?.floors.find((f) => f.floorNo === bf.choice?.floorNo)?.floorName ??
    (bf.choice ? `${bf.choice.floorNo}层` : '');
  const operatorPicks = {
    ...bf,
    select: (buildingId: number, floorNo: number) => {
      setAuto(false);
      bf.select(buildingId, floorNo);
    },
  };
  // a row the operator clicked: the resident selected and centred (an arrival only brings up the floor)
  // (to the device's floor; the alarm's when the device has not been placed)
  const picked = useMemo(
    () =>
      focus?.picked
        ? { deviceId: focus.alarm.deviceId, floor: floorOfAlarm(latest.current.bf.buildings, focus.alarm) }
        : null,
    [focus],
  );
  return (
    <div className={`wall-map${stale ? ' stale' : ''}`} data-testid="wall-map" data-stale={String(stale)}>
      <div className="wall-map-head">
        <h2 data-testid="wall-floor">
          {bf.building?.buildingName ?? '—'} · {floorName}
        </h2>
        <CycleButton
          auto={auto}
          shownAt={shownAt}
          holding={holding}
          stays={stays}
          stale={stale}
          onToggle={() => setAuto(!auto)}
        />
      </div>
      <LivePositionMap bf={operatorPicks} focus={picked} scale={scale} />
      {stale ? (
        <div className="wall-map-stale" data-testid="wall-map-stale" role="status">
          连接中断 · 地图停在断线前的位置
        </div>
      ) : null}
    </div>
  );
}
