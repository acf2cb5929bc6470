import { Button } from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AlarmRecord } from '../../domain/alarms.js';
import { useNow } from '../../src/ui/useNow.js';
import { LivePositionMap, useBuildingFloor } from '../iot/PositionMap.js';
import { CYCLE_SECONDS, floorOfAlarm, nextFloor } from './floorCycle.js';

/** The cycle switch with its countdown; it ticks on its own so the map does not re-render every second. */
function CycleButton({ auto, shownAt, onToggle }: { auto: boolean; shownAt: number; onToggle(): void }) {
  const now = useNow(1000);
  const left = Math.max(0, CYCLE_SECONDS - Math.floor((now - shownAt) / 1000));
  return (
    <Button
      size="large"
      icon={auto ? 'pause' : 'play'}
      intent={auto ? 'none' : 'primary'}
      data-testid="wall-cycle"
      data-auto={auto ? 'true' : 'false'}
      text={auto ? `楼层轮播 · ${left} 秒后切换` : '恢复楼层轮播'}
      onClick={onToggle}
    />
  );
}

/**
 * The positioning map of the console, floors cycling every CYCLE_SECONDS. A new alarm brings its floor
 * up (and holds it for a full cycle); the operator's own pick in the map's floor picker stops the cycle.
 */
export function WallMap({ focus }: { focus: { alarm: AlarmRecord; picked?: boolean } | null }) {
  const bf = useBuildingFloor();
  const [auto, setAuto] = useState(true);
  const [shownAt, setShownAt] = useState(() => Date.now());
  const latest = useRef(bf);
  latest.current = bf;

  // biome-ignore lint/correctness/useExhaustiveDependencies: every new choice restarts the countdown
  useEffect(() => setShownAt(Date.now()), [bf.choice]);
  useEffect(() => {
    if (!auto || !bf.choice) return;
    const timer = setTimeout(() => {
      const next = nextFloor(latest.current.buildings, latest.current.choice);
      if (next) latest.current.select(next.buildingId, next.floorNo, { remember: false });
    }, CYCLE_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [auto, bf.choice]);
  const cycling = useRef(auto);
  cycling.current = auto;
  useEffect(() => {
    if (!focus) return;
    // the operator looks at a resident: the map goes to her (below) and neither the cycle nor the
    // next arrival takes the floor away
    if (focus.picked) return setAuto(false);
    // an arrival brings its floor up while the floors cycle; a floor the operator holds stays (the
    // queue and the sound still announce the arrival)
    if (!cycling.current) return;
    const floor = floorOfAlarm(latest.current.buildings, focus.alarm);
    if (floor) latest.current.select(floor.buildingId, floor.floorNo, { remember: false });
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
        ? { deviceId: focus.alarm.deviceId, floor: floorOfAlarm(latest.current.buildings, focus.alarm) }
        : null,
    [focus],
  );
  return (
    <div className="wall-map">
      <div className="wall-map-head">
        <h2 data-testid="wall-floor">
          {bf.building?.buildingName ?? '—'} · {floorName}
        </h2>
        <CycleButton auto={auto} shownAt={shownAt} onToggle={() => setAuto(!auto)} />
      </div>
      <LivePositionMap bf={operatorPicks} focus={picked} />
    </div>
  );
}
