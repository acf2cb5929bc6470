import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../../src/api/client.js';
import { AppProvider, type AppServices } from '../../src/app/AppContext.js';
import { RealtimeProvider } from '../../src/realtime/context.js';
import { createRealtime } from '../../src/realtime/createRealtime.js';
import { toast } from '../../src/session/createClient.js';
import { provideSession } from '../../src/session/effects.js';
import { on } from '../../src/util/events.js';
import { coalesceFrames, WALL_FRAME_MS } from './frames.js';
import { ALERT_CLOSES_AFTER_MS, ALERT_STATES, leaveFor } from './session.js';
import { WallPage } from './WallPage.js';

/**
 * fullchart.html: the session of this browser (the token the console stored), the live channels while
 * it lasts, and the wall. No session, or a session that ends, leads to login.html and back here.
 */
export function WallApp({ client, flushLogs }: { client: ApiClient; flushLogs(): void }) {
  const machine = useMemo(() => provideSession(client), [client]);
  const sessionRef = useActorRef(machine);
  const state = useSelector(sessionRef, (s) => s.value as string);
  const ctx = useSelector(sessionRef, (s) => s.context);
  const services: AppServices = useMemo(() => ({ request: client.request, toast }), [client]);
  const alerting = (ALERT_STATES as readonly string[]).includes(state);

  useEffect(
    () => on('sessionError', ({ code }) => sessionRef.send({ type: 'session.error', code })),
    [sessionRef],
  );
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
  const [realtime, setRealtime] = useState<ReturnType<typeof createRealtime> | null>(null);
  const token = ctx.userInfo?.token;
  const mqttClientId = ctx.userInfo?.mqttClientId;
  const orgId = ctx.userInfo?.orgInfo.orgId;
  const signedIn = state === 'authenticated';
  useEffect(() => {
    if (!signedIn || !token || !mqttClientId || orgId === undefined) return;
    const live = createRealtime({
      token,
      mqttClientId,
      orgId,
      request: client.request,
      onSessionEnded: (code) => sessionRef.send({ type: 'session.error', code }),
      flushLogs,
    });
    setRealtime(live);
    return () => {
      live.stop();
      setRealtime(null);
    };
  }, [signedIn, token, mqttClientId, orgId, client, sessionRef, flushLogs]);

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
