import { Button, NonIdealState } from '@blueprintjs/core';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
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

/** The route's lazy loader: a failed load becomes BundleFailed instead of a router error. */
export const retryable =
  (load: ViewLoader) => async (): Promise<{ Component: ComponentType } | { element: ReactNode }> => {
    try {
      return { Component: await load() };
    } catch (error) {
      report(`页面加载失败: ${text(error)}`);
      return { element: <BundleFailed load={load} error={error} /> };
    }
  };

/** A screen that failed while rendering: logged (code 9999, spec 000 §8) and shown with a reload. */
export function PageCrashed() {
  const error = useRouteError();
  useEffect(() => report(`9999#${Date.now()}: ${text(error)}`), [error]);
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
