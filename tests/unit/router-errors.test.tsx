// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Timing } from '../../domain/http.js';
import {
  bundleTimeoutMessage,
  PageCrashed,
  RouterFailed,
  retryable,
  setViewErrorReporter,
  withinTime,
} from '../../src/router/ViewError.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const Screen = () => <div>屏幕</div>;

function Boom(): never {
  throw new Error('壳层出错');
}

describe('a router error (spec 000 §2)', () => {
  it('is logged and then logs the user out, once', async () => {
    const reported: string[] = [];
    setViewErrorReporter((m) => reported.push(m));
    const logout = vi.fn();
    const router = createMemoryRouter([
      { path: '/', element: <Boom />, errorElement: <RouterFailed logout={logout} /> },
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
    expect(reported).toEqual(['路由错误: 壳层出错']);
    expect(screen.getByTestId('router-failed').textContent).toContain('系统出错，正在退出登录');
  });

  it('a screen that fails inside the shell stays in its tab: logged, no logout', async () => {
    const reported: string[] = [];
    setViewErrorReporter((m) => reported.push(m));
    const logout = vi.fn();
    const router = createMemoryRouter([
      {
        path: '/',
        element: <Outlet />,
        errorElement: <RouterFailed logout={logout} />,
        children: [{ index: true, element: <Boom />, ErrorBoundary: PageCrashed }],
      },
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={router} />);
    await screen.findByTestId('page-crashed');
    expect(logout).not.toHaveBeenCalled();
    expect(reported).toEqual([expect.stringMatching(/^9999#\d+: 壳层出错$/)]);
  });
});

describe('a page bundle that does not arrive (spec 000 §9)', () => {
  it('fails after the bundle timeout, 120 s by default, and not a moment before', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<never>(() => undefined);
    const outcome = vi.fn();
    withinTime(never)().then(
      () => outcome('loaded'),
      (e: Error) => outcome(e.message),
    );
    await vi.advanceTimersByTimeAsync(Timing.pageBundleTimeoutMs - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(bundleTimeoutMessage(Timing.pageBundleTimeoutMs));
    expect(bundleTimeoutMessage(120_000)).toBe('页面加载超时（120 秒）');
  });

  it('a bundle in time is the screen; a late one becomes the error page with 重试', async () => {
    vi.useFakeTimers();
    const quick = retryable(async () => Screen, 1000)();
    await expect(quick).resolves.toEqual({ Component: Screen });
    const slow = retryable(() => new Promise((r) => setTimeout(() => r(Screen), 5000)), 1000)();
    await vi.advanceTimersByTimeAsync(1000);
    const failed = (await slow) as { element: ReactElement };
    expect(failed).toHaveProperty('element');
    vi.useRealTimers();
    render(failed.element);
    expect(screen.getByText('页面加载失败')).toBeTruthy();
    expect(screen.getByText(/页面加载超时（1 秒）/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
