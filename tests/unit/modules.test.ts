import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { MenuSeed } from '../../domain/module.js';
import { type ModuleDef, moduleScreens, registryProblems, screen } from '../../domain/module.js';
import { modules, webMenus } from '../../features/modules.js';
import { views } from '../../features/views.js';
import { serverModules } from '../../server/modules/index.js';
import { keptKeys } from '../../src/router/keepRule.js';
import { pageRoutes, type ScreenHandle, viewKeys } from '../../src/router/routes.js';

const screens = modules.flatMap(moduleScreens);
const leaves = (menus: readonly MenuSeed[]): MenuSeed[] =>
  menus.flatMap((m) => (m.children?.length ? leaves(m.children) : [m]));

describe('the module registry (domain/modules)', () => {
  it('has no duplicate path, alias, module or resource', () => {
    expect(registryProblems(modules)).toEqual([]);
  });

  it('makes every menu entry with a route path from a screen, and puts every screen with a code in the menu', () => {
    const menuPaths = leaves(webMenus).flatMap((m) => (m.routePath ? [m.routePath] : []));
    const paths = new Set(screens.map((s) => s.path));
    expect(menuPaths.filter((p) => !paths.has(p))).toEqual([]);
    expect(screens.filter((s) => s.code && !menuPaths.includes(s.path)).map((s) => s.path)).toEqual([]);
  });

  it('gives every custom view a component and has no component without a screen', () => {
    const named = new Set(viewKeys(modules));
    expect([...named].filter((k) => !views[k])).toEqual([]);
    expect(Object.keys(views).filter((k) => !named.has(k))).toEqual([]);
  });

  it("names only registered modules and their own resources on the server's side", () => {
    for (const [name, part] of Object.entries(serverModules)) {
      const module = modules.find((m) => m.name === name);
      expect(module, name).toBeDefined();
      const own = new Set(module?.resources.map((r) => r.name));
      expect(Object.keys(part.resources ?? {}).filter((r) => !own.has(r))).toEqual([]);
    }
  });
});

describe('the console routes made from the descriptors', () => {
  const routes = pageRoutes(modules, views);
  const match = (path: string) => {
    const found = matchRoutes(routes, path);
    const last = found?.at(-1);
    return last
      ? { screen: (last.route.handle as ScreenHandle | undefined)?.screen.path, menuId: last.params.menuId }
      : null;
  };

  it('matches a screen with and without the trailing menuId of spec 000 §2, case-sensitively', () => {
    expect(match('/live/archives/base')).toEqual({ screen: '/live/archives/base', menuId: undefined });
    expect(match('/live/archives/base/42')).toEqual({ screen: '/live/archives/base', menuId: '42' });
    expect(match('/live/Outing/register')?.screen).toBe('/live/Outing/register');
    expect(match('/live/outing/register')).toBeNull();
    expect(match('/expense/account/baseCharge')?.screen).toBe('/expense/account/baseCharge');
  });

  it('sends a legacy alias to its screen', () => {
    const found = matchRoutes(routes, '/charge/accountList')?.at(-1);
    expect(found?.route.handle).toBeUndefined();
    expect(found?.route.element).toBeTruthy();
  });

  it('refuses a duplicate path with the spec error', () => {
    const twice: ModuleDef[] = [
      { name: 'a', resources: [], items: [screen('/x', 'X')] },
      { name: 'b', resources: [], items: [screen('/y', 'Y', { aliases: ['/x'] })] },
    ];
    expect(() => pageRoutes(twice, {})).toThrow('路由重复: /x');
  });

  it('refuses a screen whose view no folder registers', () => {
    const missing: ModuleDef[] = [
      { name: 'a', resources: [], items: [screen('/x', 'X', { view: 'a.Nope' })] },
    ];
    expect(() => pageRoutes(missing, {})).toThrow('视图未注册: a.Nope');
  });
});

describe('kept tabs (src/router/keepRule.ts)', () => {
  const rule = (tabs: string[], unsaved: string[] = [], capacity = 3) => ({
    tabs: new Set(tabs),
    hasUnsaved: (k: string) => unsaved.includes(k),
    capacity,
  });

  it('keeps the open tabs used last, the current page first of all', () => {
    let kept: string[] = [];
    for (const key of ['/a', '/b', '/c', '/d']) kept = keptKeys(kept, key, rule(['/a', '/b', '/c', '/d']));
    expect(kept).toEqual(['/b', '/c', '/d']);
    expect(keptKeys(kept, '/b', rule(['/a', '/b', '/c', '/d']))).toEqual(['/c', '/d', '/b']);
  });

  it('never drops a page with unsaved changes, and drops a left detail page (no tab) at once', () => {
    let kept = keptKeys([], '/form', rule(['/form']));
    kept = keptKeys(kept, '/detail?id=1', rule(['/form']));
    kept = keptKeys(kept, '/b', rule(['/form', '/b']));
    expect(kept).toEqual(['/form', '/b']);
    for (const key of ['/c', '/d', '/e'])
      kept = keptKeys(kept, key, rule(['/form', '/b', '/c', '/d', '/e'], ['/form']));
    expect(kept).toEqual(['/form', '/c', '/d', '/e']);
  });

  it('drops a closed tab', () => {
    const kept = keptKeys(['/a', '/b'], '/c', rule(['/b', '/c']));
    expect(kept).toEqual(['/b', '/c']);
  });
});
