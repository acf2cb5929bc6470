import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import type { ApiClient } from '../../src/api/client.js';
import { AppProvider, type AppServices } from '../../src/app/AppContext.js';
import { RealtimeProvider } from '../../src/realtime/context.js';
import { useLiveChannels } from '../../src/realtime/useLiveChannels.js';
import { toast } from '../../src/session/createClient.js';
import { ALERT_CLOSES_AFTER_MS, ALERT_STATES, leaveFor } from '../../src/session/standalone.js';
import { useSession } from '../../src/session/useSession.js';
import { coalesceFrames, WALL_FRAME_MS } from './frames.js';
import { WallPage } from './WallPage.js';

/**
 * fullchart.html: the session of this browser (the token the console stored), the live channels while
 * it lasts, and the wall. No session, or a session that ends, leads to login.html and back here.
 */
export function WallApp({ client, flushLogs }: { client: ApiClient; flushLogs(): void }) {
  const { sessionRef, state, ctx } = useSession(client);
  const services: AppServices = useMemo(() => ({ request: client.request, toast }), [client]);
  const alerting = (ALERT_STATES as readonly string[]).includes(state);

  useEffect(() => {
    const target = leaveFor(state, ctx.error);
    if (target) window.location.assign(target);
  }, [state, ctx.error]);
  useEffect(() => {
    if (!alerting) return;
    const timer = setTimeout(() => sessionRef.send({ type: 'session.alertClosed' }), ALERT_CLOSES_AFTER_MS);
    return () => clearTimeout(timer);
  }, [alerting, sessionRef]);

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

  if (alerting)
    return (
      <NonIdealState
        className="wall-alert"
        icon="warning-sign"
        title={ctx.alertText}
        description="即将返回登录页"
        action={
          <Button
            size="large"
            intent="warning"
            text="确定"
            onClick={() => sessionRef.send({ type: 'session.alertClosed' })}
          />
        }
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
