/** Spec 000 §2 "Tab bar": pure rules; the shell keeps the state and persists it. */
export interface Tab {
  title: string;
  name: string;
  /** Path plus the query string sorted by key. */
  path: string;
  activedPath: string;
  backHistory: string[];
  menuType?: string;
  menuLink?: string;
}
export interface TabState {
  tabs: Tab[];
  active: string | null;
}
export type TabEffect =
  | { type: 'tabchanged'; path: string }
  | { type: 'tabbarremoved'; path: string }
  | { type: 'routeback'; path: string };

/** Routes under this segment are in crossing mode: they match an open tab by path alone. */
export const CROSSING_MARKER = '/cross/';

export const emptyTabs: TabState = { tabs: [], active: null };

export function tabPath(path: string, query: Record<string, string> = {}): string {
  const keys = Object.keys(query).sort();
  if (!keys.length) return path;
  return `${path}?${keys.map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k] ?? '')}`).join('&')}`;
}

const pathOnly = (p: string) => p.split('?')[0] ?? p;

function findTab(tabs: Tab[], full: string): Tab | undefined {
  const bare = pathOnly(full);
  return tabs.find((t) => t.path === full || (bare.includes(CROSSING_MARKER) && pathOnly(t.path) === bare));
}

export interface OpenRoute {
  path: string;
  query?: Record<string, string>;
  title: string;
  name?: string;
  menuType?: string;
  menuLink?: string;
  /** Detail and add screens open without a tab. */
  tab?: boolean;
}

/** Opens (or re-activates) a tab. Opening an already open tab yields a tabchanged refresh. */
export function openTab(
  state: TabState,
  route: OpenRoute,
  opts: { querySid?: string | null } = {},
): { state: TabState; effects: TabEffect[] } {
  const full = tabPath(route.path, route.query);
  if (route.tab === false) return { state, effects: [] };
  const existing = findTab(state.tabs, full);
  const crossing = Boolean(opts.querySid);
  if (existing) {
    const updated: Tab = crossing
      ? { ...existing, path: full, activedPath: full, backHistory: [] }
      : existing;
    const tabs = state.tabs.map((t) => (t === existing ? updated : t));
    const effects: TabEffect[] = [{ type: 'tabchanged', path: updated.path }];
    return { state: { tabs, active: updated.path }, effects };
  }
  const tab: Tab = {
    title: route.title,
    name: route.name ?? route.title,
    path: full,
    activedPath: full,
    backHistory: [],
    menuType: route.menuType,
    menuLink: route.menuLink,
  };
  return { state: { tabs: [...state.tabs, tab], active: full }, effects: [] };
}

/** A screen opened inside the active tab (a detail page) remembers where to go back to. */
export function navigateInTab(state: TabState, to: string): TabState {
  return {
    ...state,
    tabs: state.tabs.map((t) =>
      t.path === state.active ? { ...t, backHistory: [...t.backHistory, t.activedPath], activedPath: to } : t,
    ),
  };
}

export function back(state: TabState): { state: TabState; effects: TabEffect[] } {
  const tab = state.tabs.find((t) => t.path === state.active);
  const previous = tab?.backHistory.at(-1);
  if (!tab || previous === undefined) return { state, effects: [] };
  const tabs = state.tabs.map((t) =>
    t === tab ? { ...t, activedPath: previous, backHistory: t.backHistory.slice(0, -1) } : t,
  );
  return { state: { ...state, tabs }, effects: [{ type: 'routeback', path: previous }] };
}

export function closeTab(state: TabState, path: string): { state: TabState; effects: TabEffect[] } {
  const index = state.tabs.findIndex((t) => t.path === path);
  if (index < 0) return { state, effects: [] };
  const tabs = state.tabs.filter((t) => t.path !== path);
  const neighbour = tabs[index] ?? tabs[index - 1] ?? null;
  const active = state.active === path ? (neighbour?.path ?? null) : state.active;
  return { state: { tabs, active }, effects: [{ type: 'tabbarremoved', path }] };
}

export function closeOthers(state: TabState, keep: string): TabState {
  return { tabs: state.tabs.filter((t) => t.path === keep), active: keep };
}

export const closeAll = (): TabState => emptyTabs;

export function activeTab(state: TabState): Tab | undefined {
  return state.tabs.find((t) => t.path === state.active);
}

/** Reads stored tabs, tolerating anything malformed. */
/**
 * The tabs as stored, for the account that stored them (`owner`: its userId). Another account's tabs
 * (the last user of this browser) read as none: tabs, the last page and what they show belong to one
 * account.
 */
export function parseTabs(raw: unknown, owner: number | null): TabState {
  if (!raw || typeof raw !== 'object') return emptyTabs;
  if (owner === null || (raw as { owner?: unknown }).owner !== owner) return emptyTabs;
  const { tabs, active } = raw as { tabs?: unknown; active?: unknown };
  if (!Array.isArray(tabs)) return emptyTabs;
  const valid = tabs.filter(
    (t): t is Tab =>
      !!t &&
      typeof t === 'object' &&
      typeof (t as Tab).path === 'string' &&
      typeof (t as Tab).title === 'string' &&
      Array.isArray((t as Tab).backHistory),
  );
  return {
    tabs: valid,
    active:
      typeof active === 'string' && valid.some((t) => t.path === active) ? active : (valid[0]?.path ?? null),
  };
}
