import { NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import type { AlarmRecord } from '../../../domain/alarms.js';
import type { UserInfo } from '../../../domain/session.js';
import { StaleBanner } from '../../../src/realtime/StaleBanner.js';
import { AlarmQueue } from './AlarmQueue.js';
import { TopBar } from './TopBar.js';

/** The map carries deck.gl and maplibre: a chunk of its own, loaded after the counters and the queue. */
const WallMap = lazy(() => import('./WallMap.js').then((m) => ({ default: m.WallMap })));

/** The wall: counters, clock and health on top; the map on the left; the alarm queue on the right. */
export function WallPage({ user }: { user: UserInfo }) {
  // A new object per arrival, so the same floor is brought up again for a second alarm there.
  const [focus, setFocus] = useState<{ alarm: AlarmRecord; picked?: boolean } | null>(null);
  return (
    <div className="wall" data-testid="wall">
      <TopBar orgName={user.orgInfo.orgName} />
      <StaleBanner wall />
      <main className="wall-main">
        <section className="wall-map-panel" aria-label="实时定位">
          <Suspense fallback={<NonIdealState icon={<Spinner size={64} />} title="地图加载中" />}>
            <WallMap focus={focus} />
          </Suspense>
        </section>
        <AlarmQueue
          onArrival={(alarm) => setFocus({ alarm })}
          onPick={(alarm) => setFocus({ alarm, picked: true })}
        />
      </main>
    </div>
  );
}
