import { useCallback, useEffect, useRef, useState } from 'react';
import { auditTime } from 'rxjs';
import { IotPaths } from '../../domain/api/iot.js';
import { pathWith } from '../../domain/api/path.js';
import type { DashboardChangeKind } from '../../domain/push.js';
import { DashboardScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { useOptionalRealtime } from '../../src/realtime/context.js';
import { storedUser } from '../../src/session/effects.js';
import { usePageInterval } from '../../src/ui/usePageInterval.js';
import { readPageSetting, writePageSetting } from '../../src/util/pageSettings.js';
import type { CallStatistics } from '../iot/api/calls.js';
import type { DeviceStatistics } from '../iot/api/monitors.js';
import {
  type DashboardPanel,
  type IndexCount,
  DashboardPaths as P,
  type PanelChart,
  panelsMovedBy,
  type ShowSet,
} from './api.js';

export interface DashboardConfig {
  orgId: number;
  orgName: string;
  title: string;
  refreshSeconds: number;
}
export interface WaitHandle {
  alarms: number;
  outingAudits: number;
  pendingTasks: number;
  unpaidBills: number;
  waitingCheckIn: number;
}
export interface Birthday {
  oldmanId: number;
  oldmanName: string;
  day: number;
  age: number;
  bedName: string | null;
}
export interface Headline {
  count: IndexCount;
  wait: WaitHandle;
  average: { averageAge: number; averageStayDays: number };
  /** Today's nurse calls and the devices online: null for a user without the IoT authority codes. */
  calls: CallStatistics | null;
  devices: DeviceStatistics[] | null;
}

/** The panels this user had on screen last time (spec 000 §3 page setting), for asking them early. */
interface RememberedPanels {
  userId: number;
  panels: DashboardPanel[];
}
const REMEMBERED = 'shownPanels';

function rememberedPanels(): DashboardPanel[] {
  const user = storedUser();
  const mine = readPageSetting<RememberedPanels>(DashboardScreens.moreEcharts, REMEMBERED);
  return user && mine?.userId === user.userId && Array.isArray(mine.panels) ? mine.panels : [];
}

function rememberPanels(panels: DashboardPanel[]) {
  const user = storedUser();
  if (user)
    writePageSetting(DashboardScreens.moreEcharts, REMEMBERED, {
      userId: user.userId,
      panels,
    } satisfies RememberedPanels);
}

/**
 * What the dashboard shows and when it reads it again: everything at open, on 刷新, after the push
 * channel reconnects and every `refreshSeconds`; the headline and the panels a change moves when the
 * push channel says so ('dashboard.changed', at most once a second).
 */
export function useDashboard() {
  const { request } = useApp();
  const realtime = useOptionalRealtime();
  const [config, setConfig] = useState<DashboardConfig | null>(null);
  const [set, setSet] = useState<ShowSet | null>(null);
  const [headline, setHeadline] = useState<Headline | null>(null);
  const [birthdays, setBirthdays] = useState<Birthday[]>([]);
  const [charts, setCharts] = useState<Partial<Record<DashboardPanel, PanelChart>>>({});
  const [error, setError] = useState('');
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const shown = useRef<DashboardPanel[]>([]);

  const get = useCallback(<T>(url: string) => request<T>({ url, silent: true }), [request]);

  const loadHeadline = useCallback(async () => {
    const optional = <T>(url: string) => get<T>(url).catch(() => null);
    const [count, wait, average, calls, devices] = await Promise.all([
      get<IndexCount>(P.count),
      get<WaitHandle>(P.waitHandleCount),
      get<Headline['average']>(P.average),
      optional<CallStatistics>(IotPaths.callStatistics),
      optional<DeviceStatistics[]>(IotPaths.deviceStatistics),
    ]);
    setHeadline({ count, wait, average, calls, devices });
    setUpdatedAt(new Date());
  }, [get]);

  const loadPanels = useCallback(
    async (panels: readonly DashboardPanel[]) => {
      const list = await Promise.all(panels.map((panel) => get<PanelChart>(pathWith(P.show, { panel }))));
      setCharts((old) => ({ ...old, ...Object.fromEntries(list.map((c) => [c.panel, c])) }));
    },
    [get],
  );

  const loadAll = useCallback(async () => {
    try {
      // The headline needs neither the settings nor the panel set: it is asked beside them.
      const headlineLoaded = loadHeadline();
      headlineLoaded.catch(() => undefined); // reported below, or moot when the settings failed
      // Nor do the panels shown last time: they are asked beside the settings (the settings then add
      // any panel shown since, elsewhere); on a reload or refresh, those on screen now.
      const early = shown.current.length ? shown.current : rememberedPanels();
      const earlyLoaded = loadPanels(early);
      earlyLoaded.catch(() => undefined); // as the headline
      const [cfg, mine] = await Promise.all([get<DashboardConfig>(P.systemConfig), get<ShowSet>(P.showSet)]);
      setConfig(cfg);
      setSet(mine);
      shown.current = mine.panels.filter((p) => p.show).map((p) => p.panel);
      rememberPanels(shown.current);
      await Promise.all([
        headlineLoaded,
        earlyLoaded,
        loadPanels(shown.current.filter((p) => !early.includes(p))),
        get<Birthday[]>(pathWith(P.birthCalendar, { orgId: cfg.orgId })).then(setBirthdays),
      ]);
      setError('');
    } catch (e) {
      setError((e as Error).message || '加载失败');
    }
  }, [get, loadHeadline, loadPanels]);

  const changed = useCallback(
    (kinds: readonly DashboardChangeKind[]) => {
      const moved = new Set(kinds.flatMap((k) => panelsMovedBy[k]));
      Promise.all([loadHeadline(), loadPanels(shown.current.filter((p) => moved.has(p)))]).catch((e: Error) =>
        setError(e.message || '加载失败'),
      );
    },
    [loadHeadline, loadPanels],
  );

  useEffect(() => {
    void loadAll();
  }, [loadAll]);
  usePageRefresh(() => void loadAll());

  useEffect(() => {
    if (!realtime) return;
    const pushes = realtime.dashboard$.subscribe(changed);
    const resync = realtime.reconnects$.pipe(auditTime(1000)).subscribe(() => void loadAll());
    return () => {
      pushes.unsubscribe();
      resync.unsubscribe();
    };
  }, [realtime, changed, loadAll]);

  // the home's refresh period, while the board is on screen (pushes keep a hidden one current)
  const every = config?.refreshSeconds;
  usePageInterval(() => void loadAll(), every ? every * 1000 : null, { atOnce: false });

  return { config, set, headline, birthdays, charts, error, updatedAt, reload: loadAll };
}
