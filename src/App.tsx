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
import { useActorRef, useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { ALL_DATA_DEPTS, dataDeptChoices, dataDeptName } from '../domain/session.js';
import { VersionNotice } from '../features/callboard/VersionNotice.js';
import { NotFound, NotImplemented } from '../features/fallback/index.js';
import type { ApiClient } from './api/client.js';
import { AppProvider, type AppServices } from './app/AppContext.js';
import { LoadingBar } from './app/LoadingBar.js';
import { SlowRequestDialog } from './app/slowRequest.js';
import type { SystemConfig } from './config/systemConfig.js';
import { ShellLayout } from './layout/ShellLayout.js';
import { type DisplayMenu, iframeHash, menuLeaves, menusFromServer } from './menu/menus.js';
import { RealtimeProvider } from './realtime/context.js';
import { createRealtime } from './realtime/createRealtime.js';
import { navigate, parseHash, useHash } from './router/hash.js';
import type { Registry } from './router/registry.js';
import { toast } from './session/createClient.js';
import { provideSession } from './session/effects.js';
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
import { emit, on } from './util/events.js';
import { local, session as sessionStore } from './util/storage.js';
import { applyWatermark } from './util/watermark.js';

function IframePage({ menu }: { menu: DisplayMenu | undefined }) {
  const link = menu?.menuLink ?? '';
  const safe = /^\/(?!\/)/.test(link) || /^https?:\/\//.test(link);
  if (!menu || !safe) return <NotFound />;
  return <iframe className="iframe-page" title={menu.title} src={link} data-testid="iframe-page" />;
}

function loadTabs(): TabState {
  return parseTabs(sessionStore.get('tabbarlist') ?? local.get('tabbarlist'));
}

/** The console: session, shell, tabs and the page of the current hash route. */
export function App({
  client,
  registry,
  config,
  flushLogs = () => undefined,
}: {
  client: ApiClient;
  registry: Registry;
  config: SystemConfig;
  flushLogs?: () => void;
}) {
  const machine = useMemo(() => provideSession(client), [client]);
  const sessionRef = useActorRef(machine);
  const state = useSelector(sessionRef, (s) => s.value as string);
  const ctx = useSelector(sessionRef, (s) => s.context);
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
  const hash = useHash();
  const [tabs, setTabs] = useState<TabState>(loadTabs);
  const [deptChoice, setDeptChoice] = useState<number | null>(null);

  useEffect(
    () => on('sessionError', ({ code }) => sessionRef.send({ type: 'session.error', code })),
    [sessionRef],
  );
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
  const [realtime, setRealtime] = useState<ReturnType<typeof createRealtime> | null>(null);
  const token = ctx.userInfo?.token;
  const orgId = ctx.userInfo?.orgInfo.orgId;
  // A switch of department being chosen keeps the page and its live channels behind the dialog.
  const signedIn = state === 'authenticated' || (state === 'choosingDepartment' && canCancelSwitch);
  useEffect(() => {
    if (!signedIn || !token || orgId === undefined) return;
    const live = createRealtime({
      token,
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
  }, [signedIn, token, orgId, client, sessionRef, flushLogs]);

  // Notices and reminders pushed while the console is open show at once.
  useEffect(() => {
    if (!realtime) return;
    const s = realtime.notices$.subscribe((n) =>
      toast(`${n.kind === 'notice' ? '新公告' : '新提醒'}：${n.title}`, 'primary'),
    );
    return () => s.unsubscribe();
  }, [realtime]);

  const menus = useMemo(() => menusFromServer(ctx.menus), [ctx.menus]);
  const leaves = useMemo(() => menuLeaves(menus), [menus]);
  const { path, query } = parseHash(hash);

  const saveTabs = useCallback((next: TabState) => {
    setTabs(next);
    local.set('tabbarlist', next);
    sessionStore.set('tabbarlist', next);
  }, []);
  const runEffects = (effects: TabEffect[]) => {
    for (const e of effects) {
      if (e.type === 'tabchanged') emit('tabchanged', { path: e.path });
      if (e.type === 'tabbarremoved') emit('tabbarremoved', { path: e.path });
    }
  };
  const open = (p: string, q: Record<string, string>) => {
    const match = registry.match(p);
    const leaf = leaves.find((l) => l.hash === p);
    if (!match && !leaf) return;
    const result = openTab(
      tabs,
      {
        path: p,
        query: q,
        title: leaf?.title ?? match?.route.title ?? p,
        tab: match?.route.tab ?? true,
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
    if (state === 'authenticated') open(path, query);
  }, [hash, state]);

  const goTo = (target: string) => {
    if (window.location.hash.slice(1) === target) open(parseHash(target).path, parseHash(target).query);
    else navigate(target);
  };

  if (
    state !== 'authenticated' &&
    ![
      'expired',
      'signedInElsewhere',
      'keyInfoChanged',
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
  const match = registry.match(path);
  const leaf = leaves.find((l) => l.hash === path);
  let page = <NotFound />;
  if (path.startsWith('/home/iframe/')) page = <IframePage menu={leaves.find((l) => l.hash === path)} />;
  else if (match)
    page = realtime ? (
      <Suspense fallback={<NonIdealState icon={<Spinner />} title="加载中" />}>
        <match.route.component />
      </Suspense>
    ) : (
      <Spinner />
    );
  else if (leaf) page = <NotImplemented />;

  return (
    <AppProvider services={services}>
      <RealtimeProvider realtime={realtime}>
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
          onCloseTab={(p) => {
            const result = closeTab(tabs, p);
            saveTabs(result.state);
            runEffects(result.effects);
            if (tabs.active === p) navigate(result.state.active ?? '/home');
          }}
          onCloseOthers={(p) => saveTabs(closeOthers(tabs, p))}
          onCloseAll={() => {
            saveTabs(closeAll());
            navigate('/home');
          }}
          onSwitchDept={() => sessionRef.send({ type: 'session.switchDept' })}
          onOpenPath={goTo}
          onLogout={() => sessionRef.send({ type: 'session.logout' })}
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
          onOpening={() => setDeptChoice(null)}
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
        <Alert
          isOpen={['expired', 'signedInElsewhere', 'keyInfoChanged'].includes(state)}
          intent={Intent.WARNING}
          icon="warning-sign"
          confirmButtonText="确定"
          onConfirm={() => sessionRef.send({ type: 'session.alertClosed' })}
        >
          {ctx.alertText}
        </Alert>
        <VersionNotice session={signedIn ? (token ?? null) : null} />
        <SlowRequestDialog />
      </RealtimeProvider>
    </AppProvider>
  );
}
