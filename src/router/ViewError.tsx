import { Button, NonIdealState } from '@blueprintjs/core';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { Timing } from '../../domain/http.js';
import type { ViewLoader } from './views.js';

/** Reported to the server's front log (spec 000 §8: errors are logged and pushed). */
let report: (message: string) => void = () => undefined;
export const setViewErrorReporter = (r: (message: string) => void) => {
  report = r;
};

const text = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A screen whose bundle did not load (network, a new release replaced the chunk): an error with
 * 重试, which loads it again and then shows the screen in place.
 */
export function BundleFailed({ load, error }: { load: ViewLoader; error: unknown }) {
  const [state, setState] = useState<{ Loaded?: ComponentType; loading: boolean; error: unknown }>({
    loading: false,
    error,
  });
  if (state.Loaded) return <state.Loaded />;
  return (
    <div className="page" data-testid="page-load-failed">
      <NonIdealState
        icon="offline"
        title="页面加载失败"
        description={`网络异常或系统已更新，请重试（${text(state.error)}）`}
        action={
          <Button
            intent="primary"
            icon="refresh"
            text="重试"
            loading={state.loading}
            onClick={() => {
              setState({ ...state, loading: true });
              load().then(
                (Loaded) => setState({ Loaded, loading: false, error: null }),
                (e: unknown) => {
                  report(`页面加载失败: ${text(e)}`);
                  setState({ loading: false, error: e });
                },
              );
            }}
          />
        }
      />
    </div>
  );
}

/** The error of a page bundle that did not load in time. */
export const bundleTimeoutMessage = (ms: number) => `页面加载超时（${Math.round(ms / 1000)} 秒）`;

/**
 * Spec 000 §9: a page bundle that has not loaded within `ms` fails with a timeout (the shell then
 * offers 重试; a late arrival is used by the retry, as the browser keeps the loaded module).
 */
export const withinTime =
  (load: ViewLoader, ms: number = Timing.pageBundleTimeoutMs): ViewLoader =>
  () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(bundleTimeoutMessage(ms))), ms);
      load().then(
        (loaded) => {
          clearTimeout(timer);
          resolve(loaded);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });

/**
 * The route's lazy loader: a load that fails or outlasts the bundle timeout becomes BundleFailed
 * (with 重试) instead of a router error.
 */
export const retryable =
  (load: ViewLoader, ms: number = Timing.pageBundleTimeoutMs) =>
  async (): Promise<{ Component: ComponentType } | { element: ReactNode }> => {
    try {
      return { Component: await withinTime(load, ms)() };
    } catch (error) {
      report(`页面加载失败: ${text(error)}`);
      return { element: <BundleFailed load={withinTime(load, ms)} error={error} /> };
    }
  };

/** A screen that failed while rendering: logged (code 9999, spec 000 §8) and shown with a reload. */
export function PageCrashed() {
  const error = useRouteError();
  useEffect(() => {
    report(`9999#${Date.now()}: ${text(error)}`);
  }, [error]);
  return (
    <div className="page" data-testid="page-crashed">
      <NonIdealState
        icon="error"
        title="页面出错了"
        description={text(error)}
        action={<Button icon="refresh" text="重新加载" onClick={() => window.location.reload()} />}
      />
    </div>
  );
}

/**
 * Spec 000 §2: a router error — one no screen caught: the shell or the router itself failed — is
 * logged, then the user is logged out (`logout` ends the session and goes to the login page).
 * A screen's own failure stays in its tab (PageCrashed): the other tabs keep their work.
 */
export function RouterFailed({ logout }: { logout(): void }) {
  const error = useRouteError();
  useEffect(() => {
    report(`路由错误: ${text(error)}`);
    logout();
  }, [error, logout]);
  return (
    <div className="page" data-testid="router-failed">
      <NonIdealState icon="error" title="系统出错，正在退出登录" description={text(error)} />
    </div>
  );
}
