// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PageContext, type PageInfo } from '../router/page.js';
import { usePageInterval } from './usePageInterval.js';

const page = (active: boolean): PageInfo => ({
  key: '/dashboard',
  path: '/dashboard',
  query: {},
  menuId: null,
  screen: null,
  title: '数据看板',
  active,
});

let ticks = 0;
function Poller({ everyMs, atOnce }: { everyMs: number | null; atOnce?: boolean }) {
  usePageInterval(() => ticks++, everyMs, atOnce === undefined ? {} : { atOnce });
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  ticks = 0;
});
afterEach(() => vi.useRealTimers());

it('outside the tabs (the wall) it always runs; a period of none never runs', () => {
  const view = render(<Poller everyMs={1000} />);
  expect(ticks).toBe(1);
  act(() => vi.advanceTimersByTime(3000));
  expect(ticks).toBe(4);
  view.rerender(<Poller everyMs={null} />);
  act(() => vi.advanceTimersByTime(3000));
  expect(ticks).toBe(4);
});

it('with atOnce false it waits a period on mount and when shown again, and stays still while hidden', () => {
  const inPage = (active: boolean) => (
    <PageContext.Provider value={page(active)}>
      <Poller everyMs={1000} atOnce={false} />
    </PageContext.Provider>
  );
  const view = render(inPage(true));
  expect(ticks).toBe(0);
  act(() => vi.advanceTimersByTime(2000));
  expect(ticks).toBe(2);
  view.rerender(inPage(false));
  act(() => vi.advanceTimersByTime(5000));
  expect(ticks).toBe(2);
  view.rerender(inPage(true));
  expect(ticks).toBe(2);
  act(() => vi.advanceTimersByTime(1000));
  expect(ticks).toBe(3);
});
