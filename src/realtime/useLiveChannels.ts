import { useEffect, useRef, useState } from 'react';
import type { UserInfo } from '../../domain/session.js';
import type { Request } from '../app/request.js';
import { createRealtime } from './createRealtime.js';

export type LiveChannels = ReturnType<typeof createRealtime>;

/**
 * The live channels of a signed-in page (the console and the wall start them alike): opened once
 * the session is signed in, for its token, broker client id and organisation; closed when it ends
 * or changes. A pushed login-expired is handed to `onSessionEnded` (spec 000 §4).
 */
export function useLiveChannels({
  signedIn,
  userInfo,
  request,
  onSessionEnded,
  flushLogs,
}: {
  signedIn: boolean;
  userInfo: UserInfo | null | undefined;
  request: Request;
  onSessionEnded(code: number): void;
  flushLogs(): void;
}): LiveChannels | null {
  const [live, setLive] = useState<LiveChannels | null>(null);
  // the latest handler, without reopening the channels when the caller passes a new function
  const ended = useRef(onSessionEnded);
  ended.current = onSessionEnded;
  const token = userInfo?.token;
  const mqttClientId = userInfo?.mqttClientId;
  const orgId = userInfo?.orgInfo.orgId;
  useEffect(() => {
    if (!signedIn || !token || !mqttClientId || orgId === undefined) return;
    const channels = createRealtime({
      token,
      mqttClientId,
      orgId,
      request,
      onSessionEnded: (code) => ended.current(code),
      flushLogs,
    });
    setLive(channels);
    return () => {
      channels.stop();
      setLive(null);
    };
  }, [signedIn, token, mqttClientId, orgId, request, flushLogs]);
  return live;
}
