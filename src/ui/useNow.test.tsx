// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PageContext, type PageInfo } from '../router/page.js';
import { useNow } from './useNow.js';

const page = (active: boolean): PageInfo => ({
  key: '/yunmuIot/allAlarms',
  path: '/yunmuIot/allAlarms',
  query: {},
  menuId: null,
  screen: null,
  title: '全部告警',
  active,
});

let renders = 0;
function Clock() {
  renders++;
  return <span data-testid="now">{useNow(1000)}</span>;
}
const clockIn = (active: boolean) => (
  <PageContext.Provider value={page(active)}>
    <Clock />
  </PageContext.Provider>
);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-12-07T08:00:00+08:00'));
  renders = 0;
});
afterEach(() => vi.useRealTimers());

it('ticks every second on screen, not at all behind another tab, and reads the time at once when shown again', () => {
  const view = render(clockIn(true));
  const shown = () => Number(view.getByTestId('now').textContent);
  const start = Date.now();
  act(() => vi.advanceTimersByTime(3000));
  expect(shown()).toBe(start + 3000);

  view.rerender(clockIn(false));
  const hiddenRenders = renders;
  act(() => vi.advanceTimersByTime(10_000));
  expect(renders).toBe(hiddenRenders);
  expect(shown()).toBe(start + 3000);

  view.rerender(clockIn(true));
  expect(shown()).toBe(start + 13_000);
  act(() => vi.advanceTimersByTime(1000));
  expect(shown()).toBe(start + 14_000);
});
