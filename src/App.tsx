import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
  NonIdealState,
  Radio,
  RadioGroup,
  Spinner,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigate, useNavigation, useOutlet } from 'react-router-dom';
import { ALL_DATA_DEPTS, dataDeptChoices, dataDeptName } from '../domain/deptChoice.js';
import { screenTitle } from '../domain/module.js';
import { VersionNotice } from '../features/callboard/VersionNotice.js';
import { NotFound, NotImplemented } from '../features/fallback/index.js';
import { AlarmAnnouncerProvider } from './alarm/context.js';
import type { ApiClient } from './api/client.js';
import { AppProvider, type AppServices } from './app/AppContext.js';
import { noteDataChanged, useOutsideChanges } from './app/dataChanges.js';
import { LoadingBar } from './app/LoadingBar.js';
import { SlowRequestDialog } from './app/slowRequest.js';
import { type ConfigActor, ConfigProvider } from './config/context.js';
import { ShellLayout } from './layout/ShellLayout.js';
import { WORKBENCH } from './menu/landing.js';
import {
  type DisplayMenu,
  IFRAME_BASE,
  iframeHash,
  menuLeaves,
  menusFromServer,
  withWorkbench,
} from './menu/menus.js';
import { RealtimeProvider } from './realtime/context.js';
import { useLiveChannels } from './realtime/useLiveChannels.js';
import { navigate, setNavigator } from './router/hash.js';
import { type KeptPage, KeptPages } from './router/KeptPages.js';
import { keptKeys } from './router/keepRule.js';
import type { PageInfo } from './router/page.js';
import { FALLBACK_ROUTE, type ScreenHandle } from './router/routes.js';
import { anyUnsaved, discardUnsaved, hasUnsaved } from './router/unsaved.js';
import { toast } from './session/createClient.js';
import { storedUser, type WarmStart } from './session/effects.js';
import { SESSION_ALERT_STATES, SessionAlert } from './session/SessionAlert.js';
import { useSession } from './session/useSession.js';
import {
  closeAll,
  closeOthers,
  closeTab,
  emptyTabs,
  openTab,
  parseTabs,
  type TabEffect,
  type TabState,
  tabPath,
} from './tabs/tabBar.js';
import { focusOnOpening } from './ui/Dialog.js';
import { emit } from './util/events.js';
import { local, session as sessionStore } from './util/storage.js';
import { applyWatermark } from './util/watermark.js';

function IframePage({ menu }: { menu: DisplayMenu | undefined }) {
  const link = menu?.menuLink ?? '';
  const safe = /^\/(?!\/)/.test(link) || /^https?:\/\//.test(link);
  if (!menu || !safe) return <NotFound />;
  return <iframe className="iframe-page" title={menu.title} src={link} data-testid="iframe-page" />;
}

/**
 * /home/iframe without a menu id: the embedded pages of the user's menu (IN_LINK entries), one to
 * open, rather than 页面不存在 for a path spec 001 names.
 */
function IframeLinks({ links }: { links: readonly DisplayMenu[] }) {
  return (
    <div className="page" data-testid="page-iframe-links">
      <NonIdealState
        icon="link"
        title="内嵌页面"
        description={links.length ? '请选择要打开的页面' : '当前账号的菜单中没有内嵌页面'}
        action={
          links.length ? (
            <div className="iframe-links">
              {links.map((l) => (
                <Button key={l.hash} icon="link" text={l.title} onClick={() => navigate(l.hash)} />
              ))}
            </div>
          ) : (
            <Button icon="home" text="返回首页" onClick={() => navigate(WORKBENCH)} />
          )
        }
      />
    </div>
  );
}

/** The signed-in account's tabs (another account's, left in this browser, are not theirs to see). */
function loadTabs(): TabState {
  return parseTabs(sessionStore.get('tabbarlist') ?? local.get('tabbarlist'), storedUser()?.userId ?? null);
}

const queryOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

/** The console: session, shell, tabs and the pages of the hash router (react-router-dom). */
export function App({
  client,
  configActor,
  flushLogs = () => undefined,
  warm,
}: {
  client: ApiClient;
  /** The system-config machine: the shell follows its context, 显示设置 updates it. */
  configActor: ConfigActor;
  flushLogs?: () => void;
  /** The session's first calls, already asked by the page (src/main.tsx). */
  warm?: WarmStart;
}) {
  const { sessionRef, state, ctx } = useSession(client, warm);
  const config = useSelector(configActor, (s) => s.context);
  const canCancelSwitch = useSelector(sessionRef, (s) => s.can({ type: 'session.cancelSwitch' }));
  const chosenDept = ctx.userInfo?.selectedDataDeptId;
  const services: AppServices = useMemo(
    () => ({
      request: client.request,
      toast,
      ...(chosenDept != null && chosenDept !== ALL_DATA_DEPTS ? { dataDeptId: chosenDept } : {}),
    }),
    [client, chosenDept],
  );
  const location = useLocation();
  const routerNavigate = useNavigate();
  const matches = useMatches();
  const outlet = useOutlet();
  // While the next screen's bundle loads, the page left is hidden and a spinner shows.
  const loadingScreen = useNavigation().state === 'loading';
  const [tabs, setTabs] = useState<TabState>(loadTabs);
  /** A way out that would throw away unsaved changes, waiting for the user's answer. */
  const [closing, setClosing] = useState<{
    keys: string[];
    close(): void;
    /** What the way out is called (关闭 a tab, 退出登录, 切换部门). */
    action: string;
  } | null>(null);
  useEffect(() => {
    setNavigator((to) => void routerNavigate(to));
    return () => setNavigator(null);
  }, [routerNavigate]);
  const [deptChoice, setDeptChoice] = useState<number | null>(null);

  useEffect(() => {
    if (state === 'anonymous')
      window.location.assign(`/login.html?returnUrl=${encodeURIComponent(window.location.hash || '#/')}`);
    if (state === 'passwordChangeRequired') window.location.assign('/login.html');
    if (state === 'startupFailed' && !local.getRaw('debug')) {
      window.location.assign(
        `/error.html?code=${encodeURIComponent(String(ctx.error?.code ?? 990))}&msg=${encodeURIComponent(ctx.error?.message ?? '')}`,
      );
    }
  }, [state, ctx.error]);

  useEffect(() => {
    if (state !== 'authenticated' || !ctx.userInfo) return;
    return applyWatermark(config.iconConfig.waterMark, ctx.userInfo.username, ctx.userInfo.empInfo.empName);
  }, [state, ctx.userInfo, config.iconConfig.waterMark]);

  // The live channels run while a user is signed in; a pushed login-expired ends the session.
  const token = ctx.userInfo?.token;
  // A switch of department being chosen keeps the page and its live channels behind the dialog.
  const signedIn = state === 'authenticated' || (state === 'choosingDepartment' && canCancelSwitch);
  const realtime = useLiveChannels({
    signedIn,
    userInfo: ctx.userInfo,
    request: client.request,
    onSessionEnded: (code) => sessionRef.send({ type: 'session.error', code }),
    flushLogs,
  });

  // Notices and reminders pushed while the console is open show at once.
  useEffect(() => {
    if (!realtime) return;
    const s = realtime.notices$.subscribe((n) =>
      toast(`${n.kind === 'notice' ? '新公告' : '新提醒'}：${n.title}`, 'primary'),
    );
    return () => s.unsubscribe();
  }, [realtime]);

  // Stale views (issue #36 point 7): the console coming back before the user (focus, shown again,
  // reconnected) and the push channel's notice of a residence change mark the data changed, so
  // lists, pickers and maps read it again (src/app/dataChanges.ts).
  useOutsideChanges();
  useEffect(() => {
    if (!realtime) return;
    const s = realtime.dashboard$.subscribe((kinds) => {
      if (kinds.includes('residence')) noteDataChanged('pushed');
    });
    return () => s.unsubscribe();
  }, [realtime]);

  const menus = useMemo(() => withWorkbench(menusFromServer(ctx.menus)), [ctx.menus]);
  const leaves = useMemo(() => menuLeaves(menus), [menus]);
  const path = location.pathname;
  const query = useMemo(() => queryOf(location.search), [location.search]);
  const matched = matches.at(-1);
  const screen = (matched?.handle as ScreenHandle | undefined)?.screen ?? null;
  const menuId = matched?.params.menuId ?? null;
  const current = tabPath(path, query);

  const saveTabs = useCallback((next: TabState) => {
    setTabs(next);
    const owned = { ...next, owner: storedUser()?.userId ?? null };
    local.set('tabbarlist', owned);
    sessionStore.set('tabbarlist', owned);
  }, []);
  const runEffects = (effects: TabEffect[]) => {
    for (const e of effects) {
      if (e.type === 'tabchanged') emit('tabchanged', { path: e.path });
      if (e.type === 'tabbarremoved') emit('tabbarremoved', { path: e.path });
    }
  };
  const open = () => {
    const leaf = leaves.find((l) => l.hash === path);
    if (!screen && !leaf) return;
    const result = openTab(
      tabs,
      {
        path,
        query,
        title: leaf?.title ?? (screen ? screenTitle(screen, query) : path),
        tab: screen?.tab ?? true,
        menuType: leaf?.menuType,
        menuLink: leaf?.menuLink,
      },
      { querySid: local.get<string>('querySid') },
    );
    saveTabs(result.state);
    runEffects(result.effects);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: opening follows the address only
  useEffect(() => {
    if (state === 'authenticated') open();
  }, [location.key, location.pathname, location.search, state]);

  const goTo = (target: string) => {
    if (`${location.pathname}${location.search}` === target) open();
    else routerNavigate(target);
  };
  /** Closes tabs, asking first when one of them holds unsaved changes. */
  const closeAsking = (keys: string[], close: () => void) => {
    if (keys.some(hasUnsaved)) setClosing({ keys, close, action: '关闭' });
    else close();
  };
  /** Signing out and switching department leave every page: they ask when any holds changes. */
  const leaveAllAsking = (action: string, leave: () => void) => {
    if (anyUnsaved()) setClosing({ keys: [], close: leave, action });
    else leave();
  };

  // Pages stay mounted while their tab is open (src/router/keepRule.ts).
  const kept = useRef<{ keys: string[]; pages: Map<string, KeptPage> }>({ keys: [], pages: new Map() });
  const pageFor = (info: PageInfo, element: ReactNode): KeptPage => {
    const before = kept.current.pages.get(info.key);
    if (before && before.info.active === info.active && before.element === element) return before;
    return { info, element };
  };

  if (
    state !== 'authenticated' &&
    ![
      ...SESSION_ALERT_STATES,
      'loggingOut',
      'leaving',
      'choosingDepartment',
      'selectingDepartment',
      'loadingMenus',
    ].includes(state)
  ) {
    return (
      <div className="boot">
        <Spinner />
      </div>
    );
  }
  const user = ctx.userInfo;
  let element: ReactNode = outlet;
  const iframeLinks = path === IFRAME_BASE;
  if (iframeLinks)
    element = <IframeLinks links={leaves.filter((l) => l.hash.startsWith(`${IFRAME_BASE}/`))} />;
  else if (path.startsWith(`${IFRAME_BASE}/`))
    element = <IframePage menu={leaves.find((l) => l.hash === path)} />;
  else if (matched?.id === FALLBACK_ROUTE || (menuId !== null && !/^\d+$/.test(menuId)))
    element = leaves.some((l) => l.hash === path) ? <NotImplemented /> : <NotFound />;
  const info: PageInfo = {
    key: current,
    path: screen?.path ?? path,
    query,
    menuId,
    screen,
    title:
      leaves.find((l) => l.hash === path)?.title ??
      (iframeLinks ? '内嵌页面' : screen ? screenTitle(screen, query) : '页面不存在'),
    active: true,
  };
  const keys = keptKeys(kept.current.keys, current, {
    tabs: new Set(tabs.tabs.map((t) => t.path)),
    hasUnsaved,
  });
  const pages = new Map<string, KeptPage>();
  for (const key of keys) {
    const before = kept.current.pages.get(key);
    if (key === current) pages.set(key, pageFor(info, <Suspense fallback={<Spinner />}>{element}</Suspense>));
    else if (before) pages.set(key, pageFor({ ...before.info, active: false }, before.element));
  }
  kept.current = { keys, pages };
  const shown = loadingScreen
    ? [...pages.values()].map((p) => pageFor({ ...p.info, active: false }, p.element))
    : [...pages.values()];
  const page = realtime ? (
    <>
      <KeptPages pages={shown} />
      {loadingScreen ? <Spinner className="page-loading" aria-label="加载中" /> : null}
    </>
  ) : (
    <Spinner />
  );

  return (
    <ConfigProvider value={configActor}>
      <AppProvider services={services}>
        <RealtimeProvider realtime={realtime}>
          <AlarmAnnouncerProvider userId={user?.userId ?? 0}>
            <LoadingBar />
            <ShellLayout
              systemName={config.iconConfig.systemName}
              systemIcon={config.iconConfig.systemIcon}
              empName={user?.empInfo.empName ?? ''}
              deptName={dataDeptName(user)}
              menuOpen={config.iconConfig.menuOpenStatus !== 'CLOSE'}
              menus={menus}
              tabs={tabs}
              activePath={tabPath(path, query)}
              onOpenMenu={(m) => goTo(m.menuType === 'IN_LINK' ? iframeHash(m.menuId) : m.hash)}
              onSelectTab={(p) => goTo(p)}
              onCloseTab={(p) =>
                closeAsking([p], () => {
                  const result = closeTab(tabs, p);
                  saveTabs(result.state);
                  runEffects(result.effects);
                  if (tabs.active === p) routerNavigate(result.state.active ?? WORKBENCH);
                })
              }
              onCloseOthers={(p) =>
                closeAsking(
                  tabs.tabs.map((t) => t.path).filter((k) => k !== p),
                  () => saveTabs(closeOthers(tabs, p)),
                )
              }
              onCloseAll={() =>
                closeAsking(
                  tabs.tabs.map((t) => t.path),
                  () => {
                    saveTabs(closeAll());
                    routerNavigate(WORKBENCH);
                  },
                )
              }
              onSwitchDept={() =>
                leaveAllAsking('切换数据部门', () => sessionRef.send({ type: 'session.switchDept' }))
              }
              onOpenPath={goTo}
              onLogout={() => leaveAllAsking('退出登录', () => sessionRef.send({ type: 'session.logout' }))}
            >
              {state === 'loadingMenus' ? <NonIdealState icon={<Spinner />} title="加载中" /> : page}
            </ShellLayout>
            <Dialog
              isOpen={state === 'choosingDepartment' || state === 'selectingDepartment'}
              title="请选择数据部门"
              icon="office"
              // the first choice after sign-in must be made; a switch can always be called off
              isCloseButtonShown={canCancelSwitch}
              canEscapeKeyClose={canCancelSwitch}
              canOutsideClickClose={canCancelSwitch}
              onClose={() => sessionRef.send({ type: 'session.cancelSwitch' })}
              onOpening={(node) => {
                focusOnOpening(node);
                setDeptChoice(null);
              }}
            >
              <DialogBody>
                <div data-testid="dept-chooser">
                  <RadioGroup
                    selectedValue={deptChoice ?? user?.selectedDataDeptId ?? undefined}
                    onChange={(e) => setDeptChoice(Number(e.currentTarget.value))}
                  >
                    {(user ? dataDeptChoices(user) : []).map((d) => (
                      <Radio key={d.deptId} value={d.deptId} label={d.deptName} />
                    ))}
                  </RadioGroup>
                  {state === 'choosingDepartment' && ctx.error ? (
                    <Callout intent={Intent.DANGER} icon={null}>
                      {ctx.error.message}
                    </Callout>
                  ) : null}
                </div>
              </DialogBody>
              <DialogFooter
                actions={
                  <>
                    {canCancelSwitch ? (
                      <Button text="取消" onClick={() => sessionRef.send({ type: 'session.cancelSwitch' })} />
                    ) : null}
                    <Button
                      intent={Intent.PRIMARY}
                      text="进入系统"
                      loading={state === 'selectingDepartment'}
                      disabled={deptChoice === null || deptChoice === user?.selectedDataDeptId}
                      onClick={() => {
                        if (deptChoice !== null) {
                          saveTabs(emptyTabs);
                          sessionRef.send({ type: 'session.selectDept', deptId: deptChoice });
                        }
                      }}
                    />
                  </>
                }
              />
            </Dialog>
            <SessionAlert
              state={state}
              text={ctx.alertText}
              onClose={() => sessionRef.send({ type: 'session.alertClosed' })}
            />
            <Alert
              isOpen={closing !== null}
              intent={Intent.WARNING}
              icon="warning-sign"
              confirmButtonText={closing?.action ?? '关闭'}
              cancelButtonText="取消"
              onCancel={() => setClosing(null)}
              onConfirm={() => {
                for (const key of closing?.keys ?? []) discardUnsaved(key);
                closing?.close();
                setClosing(null);
              }}
            >
              有未保存的修改，{closing?.action ?? '关闭'}后将丢失，确定{closing?.action ?? '关闭'}吗？
            </Alert>
            <VersionNotice session={signedIn ? (token ?? null) : null} />
            <SlowRequestDialog />
          </AlarmAnnouncerProvider>
        </RealtimeProvider>
      </AppProvider>
    </ConfigProvider>
  );
}
