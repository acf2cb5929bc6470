/** App-wide events (spec 000 §9 event names plus the shell's own). An unknown name throws (spec §8). */
export interface AppEvents {
  refresh: { path?: string };
  showdetail: unknown;
  routeback: { path?: string };
  tabbarremoved: { path: string };
  schemafieldselected: unknown;
  routeBackRefresh: unknown;
  schemafieldcascadered: unknown;
  schemafieldtree: unknown;
  tabchanged: { path: string };
  apiFailed: { code: number | string; message: string; path: string };
  logout: undefined;
  sessionError: { code: number; message: string };
  loading: boolean;
  push: unknown;
  reconnect: undefined;
}
export type AppEventName = keyof AppEvents;

const names = new Set<string>([
  'refresh',
  'showdetail',
  'routeback',
  'tabbarremoved',
  'schemafieldselected',
  'routeBackRefresh',
  'schemafieldcascadered',
  'schemafieldtree',
  'tabchanged',
  'apiFailed',
  'logout',
  'sessionError',
  'loading',
  'push',
  'reconnect',
]);
const handlers = new Map<string, Set<(payload: never) => void>>();

function known(name: string) {
  if (!names.has(name)) throw new Error(`未知的页面事件: ${name}`);
}

export function on<K extends AppEventName>(name: K, handler: (payload: AppEvents[K]) => void): () => void {
  known(name);
  const set = handlers.get(name) ?? new Set();
  set.add(handler as (payload: never) => void);
  handlers.set(name, set);
  return () => off(name, handler);
}

export function off<K extends AppEventName>(name: K, handler: (payload: AppEvents[K]) => void) {
  known(name);
  handlers.get(name)?.delete(handler as (payload: never) => void);
}

export function emit<K extends AppEventName>(
  name: K,
  ...[payload]: AppEvents[K] extends undefined ? [] : [AppEvents[K]]
) {
  known(name);
  for (const handler of [...(handlers.get(name) ?? [])])
    (handler as (p: AppEvents[K] | undefined) => void)(payload);
}
