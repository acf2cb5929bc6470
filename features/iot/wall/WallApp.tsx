import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import type { AlarmRecord } from '../../../domain/alarms.js';
import { AlarmSound } from '../../../src/alarm/sound.js';
import type { ApiClient } from '../../../src/api/client.js';
import { AppProvider, type AppServices } from '../../../src/app/AppContext.js';
import { RealtimeProvider } from '../../../src/realtime/context.js';
import { useLiveChannels } from '../../../src/realtime/useLiveChannels.js';
import { toast } from '../../../src/session/createClient.js';
import type { UserStore } from '../../../src/session/effects.js';
import { ALERT_STATES, leaveFor } from '../../../src/session/standalone.js';
import { useSession } from '../../../src/session/useSession.js';
import { coalesceFrames, WALL_FRAME_MS } from './frames.js';
import { WallPage } from './WallPage.js';

/**
 * A signed-out wall is loud (issue #38 point 7): a full-screen red notice that stays until someone
 * signs in again, and the alarm sound's most urgent round, again and again — never a silently frozen
 * wall. The alarm sound of the queue, fed one stand-in 紧急 alarm that nobody can acknowledge.
 */
function SignedOutNotice({ reason, onSignIn }: { reason: string; onSignIn(): void }) {
  const [sounding, setSounding] = useState(false);
  useEffect(() => {
    const sound = new AlarmSound(3, true);
    sound.onChange = () => setSounding(sound.sounding);
    // a stand-in alarm: only what the sound reads (unacknowledged, 紧急, new)
    sound.update([{ recordId: -1, ackTime: null, severity: 3, lastTime: Date.now() } as AlarmRecord]);
    const resume = () =>
      sound.update([{ recordId: -1, ackTime: null, severity: 3, lastTime: Date.now() } as AlarmRecord]);
    // a browser that held sound back lets it play after the first touch
    window.addEventListener('pointerdown', resume, { once: true });
    return () => {
      window.removeEventListener('pointerdown', resume);
      sound.close();
    };
  }, []);
  return (
    <div
      className="wall-signed-out"
      role="alert"
      data-testid="wall-signed-out"
      data-sounding={String(sounding)}
    >
      <h1>大屏已退出登录，告警不再更新</h1>
      <p className="wall-signed-out-action">请重新登录</p>
      <p className="wall-signed-out-reason">{reason}</p>
      <Button size="large" intent="none" text="重新登录" onClick={onSignIn} />
    </div>
  );
}

/**
 * fullchart.html: the wall's own session (wallSession.ts: opened from the console's, kept apart), the
 * live channels while it lasts, and the wall. No session leads to login.html and back here; a session
 * that ends shows the loud notice until someone signs in again.
 */
export function WallApp({
  client,
  store,
  flushLogs,
}: {
  client: ApiClient;
  store: UserStore;
  flushLogs(): void;
}) {
  const { sessionRef, state, ctx } = useSession(client, undefined, store);
  const services: AppServices = useMemo(() => ({ request: client.request, toast }), [client]);
  const alerting = (ALERT_STATES as readonly string[]).includes(state);

  useEffect(() => {
    const target = leaveFor(state, ctx.error);
    if (target) window.location.assign(target);
  }, [state, ctx.error]);

  // The live channels run while the session does; a pushed login-expired ends it (spec 000 §4).
  const realtime = useLiveChannels({
    signedIn: state === 'authenticated',
    userInfo: ctx.userInfo,
    request: client.request,
    onSessionEnded: (code) => sessionRef.send({ type: 'session.error', code }),
    flushLogs,
  });

  // The wall's map redraws at most every WALL_FRAME_MS, not once per animation frame.
  const wallRealtime = useMemo(
    () => realtime && { ...realtime, positions$: realtime.positions$.pipe(coalesceFrames(WALL_FRAME_MS)) },
    [realtime],
  );

  // the notice stays (nobody may be at the wall's keyboard): it does not close by itself
  if (alerting)
    return (
      <SignedOutNotice
        reason={ctx.alertText}
        onSignIn={() => sessionRef.send({ type: 'session.alertClosed' })}
      />
    );
  if (!wallRealtime || !ctx.userInfo)
    return <NonIdealState className="wall-boot" icon={<Spinner size={80} />} title="正在连接…" />;
  return (
    <AppProvider services={services}>
      <RealtimeProvider realtime={wallRealtime}>
        <WallPage user={ctx.userInfo} />
      </RealtimeProvider>
    </AppProvider>
  );
}
