import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ApiClient } from '../../../src/api/client.js';
import { AppProvider, type AppServices } from '../../../src/app/AppContext.js';
import { toast } from '../../../src/session/createClient.js';
import { provideSession } from '../../../src/session/effects.js';
import { ALERT_STATES, leaveFor } from '../../../src/session/standalone.js';
import { on } from '../../../src/util/events.js';
import { SettleInPage } from './SettleInPage.js';

/** This page's own address: login returns here (spec 000 §2). */
export const SETTLE_IN_PAGE = '/settleIn.html';

/**
 * settleIn.html: the session of this browser (the token the console stored) and the check-in
 * steps. No session, or one that ends, leads to login.html and back here.
 */
export function SettleInApp({ client }: { client: ApiClient }) {
  const machine = useMemo(() => provideSession(client), [client]);
  const sessionRef = useActorRef(machine);
  const state = useSelector(sessionRef, (s) => s.value as string);
  const ctx = useSelector(sessionRef, (s) => s.context);
  const services: AppServices = useMemo(() => ({ request: client.request, toast }), [client]);

  useEffect(
    () => on('sessionError', ({ code }) => sessionRef.send({ type: 'session.error', code })),
    [sessionRef],
  );
  useEffect(() => {
    const target = leaveFor(state, ctx.error, SETTLE_IN_PAGE);
    if (target) window.location.assign(target);
  }, [state, ctx.error]);

  if ((ALERT_STATES as readonly string[]).includes(state))
    return (
      <NonIdealState
        icon="warning-sign"
        title={ctx.alertText}
        description="即将返回登录页"
        action={
          <Button
            intent="warning"
            text="确定"
            onClick={() => sessionRef.send({ type: 'session.alertClosed' })}
          />
        }
      />
    );
  if (state !== 'authenticated' || !ctx.userInfo)
    return <NonIdealState icon={<Spinner />} title="正在进入…" />;
  return (
    <AppProvider services={services}>
      <SettleInPage />
    </AppProvider>
  );
}
