import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ApiClient } from '../api/client.js';
import { on } from '../util/events.js';
import { provideSession, type UserStore, type WarmStart } from './effects.js';

/**
 * The session machine of a signed-in page (the console and the wall alike), with its effects, its
 * state and context, and the request layer's session errors (spec 000 §8) sent to it.
 */
export function useSession(client: ApiClient, warm?: WarmStart, store?: UserStore) {
  const machine = useMemo(() => provideSession(client, warm, store), [client, warm, store]);
  const sessionRef = useActorRef(machine);
  const state = useSelector(sessionRef, (s) => s.value as string);
  const ctx = useSelector(sessionRef, (s) => s.context);
  useEffect(
    () => on('sessionError', ({ code }) => sessionRef.send({ type: 'session.error', code })),
    [sessionRef],
  );
  return { sessionRef, state, ctx };
}
