/**
 * jsdom lays nothing out: gives Table2's viewport a size, so it renders the rows in view, and a
 * ResizeObserver that never reports. For a beforeAll of tests that draw ResourceTable.
 */
export function layOutTables() {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
