import type { ComponentType } from 'react';

export interface RouteDef {
  path: string;
  title: string;
  component: ComponentType;
  /** Detail and add screens are not tabs (spec 001 §2). */
  tab?: boolean;
  aliases?: string[];
}

export interface Registry {
  routes: RouteDef[];
  /** The route for a path; a trailing /{menuId} (digits) is allowed on every route (spec 000 §2). */
  match(path: string): { route: RouteDef; menuId: string | null } | null;
  aliases: ReadonlyMap<string, string>;
}

/** Builds the registry; a duplicate path or alias is refused (spec 000 §2). */
export function createRegistry(groups: RouteDef[][]): Registry {
  const byPath = new Map<string, RouteDef>();
  const aliases = new Map<string, string>();
  for (const route of groups.flat()) {
    for (const p of [route.path, ...(route.aliases ?? [])]) {
      if (byPath.has(p) || aliases.has(p)) throw new Error(`路由重复: ${p}`);
    }
    byPath.set(route.path, route);
    for (const alias of route.aliases ?? []) aliases.set(alias, route.path);
  }
  return {
    routes: [...byPath.values()],
    aliases,
    match(raw) {
      const path = aliases.get(raw) ?? raw;
      const exact = byPath.get(path);
      if (exact) return { route: exact, menuId: null };
      const m = /^(.*)\/(\d+)$/.exec(path);
      const base = m?.[1] ? (aliases.get(m[1]) ?? m[1]) : null;
      const withId = base ? byPath.get(base) : undefined;
      return withId && m ? { route: withId, menuId: m[2] ?? null } : null;
    },
  };
}
