import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { AlarmRecord } from '../../domain/alarms.js';
import { IotPaths } from '../../domain/api/iot.js';
import { IotScreens } from '../../domain/screens.js';
import { useApp } from '../app/AppContext.js';
import { useOptionalRealtime } from '../realtime/context.js';
import { navigate } from '../router/hash.js';
import { AlarmAnnouncer, type AnnouncerState } from './announcer.js';

const AnnouncerContext = createContext<AlarmAnnouncer | null>(null);

/**
 * The alarm the header or a desktop notification asked to see, until its console shows it. It goes by
 * this store rather than the address: an address with ?recordId= is a tab of its own, so every alarm
 * opened from the header would have opened one more 告警中心 tab beside the operator's.
 */
let wanted: Pick<AlarmRecord, 'recordId' | 'source'> | null = null;
const wantedListeners = new Set<() => void>();
export const wantedAlarm = {
  subscribe(listener: () => void) {
    wantedListeners.add(listener);
    return () => void wantedListeners.delete(listener);
  },
  get: () => wanted,
  /** The console of the alarm's source shows it: the request is done. */
  taken(recordId: number) {
    if (wanted?.recordId !== recordId) return;
    wanted = null;
    for (const l of wantedListeners) l();
  },
};

/** 告警中心 of the alarm's source (its open tab, else a new one), showing the alarm's detail there. */
export function openAlarm(a: Pick<AlarmRecord, 'recordId' | 'source'>) {
  wanted = { recordId: a.recordId, source: a.source };
  for (const l of wantedListeners) l();
  navigate(a.source === 'pnt' ? IotScreens.locateAlarm : IotScreens.alarm);
}

/** One announcer for the signed-in console, over its live channels (none while they are not up). */
export function AlarmAnnouncerProvider({ userId, children }: { userId: number; children: ReactNode }) {
  const realtime = useOptionalRealtime();
  const { request } = useApp();
  const [announcer, setAnnouncer] = useState<AlarmAnnouncer | null>(null);
  useEffect(() => {
    if (!realtime) return;
    const made = new AlarmAnnouncer({ alarms: realtime.alarms, userId, open: openAlarm });
    made.start();
    setAnnouncer(made);
    // the institution's alarm voice (告警设置): on or off, beeps per round
    request<{ setContent: { alarmVoice: { status: number; times: number } } }>({
      url: IotPaths.mattressSetting,
      silent: true,
    }).then(
      (config) =>
        made.configureVoice(config.setContent.alarmVoice.times, config.setContent.alarmVoice.status === 1),
      () => undefined,
    );
    return () => {
      made.stop();
      setAnnouncer(null);
    };
  }, [realtime, userId, request]);
  return <AnnouncerContext.Provider value={announcer}>{children}</AnnouncerContext.Provider>;
}

export const useAnnouncer = (): AlarmAnnouncer | null => useContext(AnnouncerContext);

const none = () => () => {};
/** The announcer's state, or null before the live channels are up. */
export function useAnnouncerState(): AnnouncerState | null {
  const announcer = useAnnouncer();
  return useSyncExternalStore(announcer?.subscribe ?? none, () => announcer?.getSnapshot() ?? null);
}
