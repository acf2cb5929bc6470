import { describe, expect, it } from 'vitest';
import { Authority } from '../../domain/menus.js';
import { allAuthorityCodes } from '../../domain/module.js';
import { allResources, webMenus } from '../../features/modules.js';
import { allRoutes } from '../../server/modules/index.js';

/**
 * Every authority code the server checks or a screen asks for is one an administrator can grant: it is
 * in the menu tree the server seeds (menus and their buttons). A code typed with a slip, or left behind
 * when a menu was renamed, would make a call or a button nobody can ever be given.
 */
const granted = new Set(allAuthorityCodes(webMenus));
/** The codes of an expression: a|b (any), a&b (all). */
const codesOf = (expression: string) =>
  expression
    .split(/[|&]/)
    .map((c) => c.trim())
    .filter(Boolean);

describe('authority codes exist in the menu tree', () => {
  it('every route checks codes the menu tree grants', () => {
    const routes = allRoutes({ loginRatePerMinute: 30 });
    const checked = routes.filter((r) => r.auth !== 'public' && r.auth !== 'session');
    expect(checked.length).toBeGreaterThan(300);
    const unknown = checked.flatMap((r) =>
      codesOf(r.auth).flatMap((c) => (granted.has(c) ? [] : [`${r.method} ${r.url}: ${c}`])),
    );
    expect(unknown).toEqual([]);
  });

  it('every resource authority is granted by the menu tree', () => {
    const unknown = allResources.flatMap((d) =>
      Object.entries(d.authority).flatMap(([what, expression]) =>
        typeof expression === 'string' && expression !== 'session' && expression !== 'public'
          ? codesOf(expression).flatMap((c) => (granted.has(c) ? [] : [`${d.name}.${what}: ${c}`]))
          : [],
      ),
    );
    expect(unknown).toEqual([]);
  });

  it("every code of the shell's Authority table is granted by the menu tree", () => {
    const unknown = Object.entries(Authority).flatMap(([name, code]) =>
      codesOf(code).flatMap((c) => (granted.has(c) ? [] : [`${name}: ${c}`])),
    );
    expect(unknown).toEqual([]);
  });
});
