import { ArchivesScreens, SystemScreens } from '../../domain/screens.js';
import type { MenuItem, MenuType } from '../../domain/session.js';
import { WORKBENCH } from './landing.js';

/** Display form of a menu entry (spec 000 §3 "Menu item"). */
export interface DisplayMenu {
  menuId: number;
  name: string;
  title: string;
  hash: string;
  icon: string;
  iconbg: string;
  menuType: MenuType;
  menuLink: string;
  code: string;
  children: DisplayMenu[];
}

export const BENCH_MENU = 'pims_bench';
/** Spec 001 §2 "/home/iframe: embedded link page": each IN_LINK entry at /home/iframe/{menuId}. */
export const IFRAME_BASE = '/home/iframe';
export const iframeHash = (menuId: number) => `${IFRAME_BASE}/${menuId}`;

const entry = (menuId: number, name: string, hash: string, children: DisplayMenu[] = []): DisplayMenu => ({
  menuId,
  name,
  title: name,
  hash,
  icon: children.length ? 'folder-close' : 'document',
  iconbg: '',
  menuType: children.length ? 'MENU' : 'FUNC',
  menuLink: '',
  code: '',
  children,
});

/** Spec 000 §2: the built-in tree, used until the server supplies menus. */
export const builtInMenus: DisplayMenu[] = [
  entry(-1, '档案管理', '/archives', [
    entry(-2, '机构档案', ArchivesScreens.org),
    entry(-3, '基础档案', ArchivesScreens.base),
    entry(-4, '在院长者档案', ArchivesScreens.inInstitution),
    entry(-5, '特困人员档案', ArchivesScreens.hardship),
  ]),
  entry(-6, '系统管理', SystemScreens.users),
];

/**
 * Spec 000 §2: server menus replace the built-in tree. pims_bench at the top is removed; MENU
 * groups children; FUNC and CUSTOM_FUNC become routes only with a route path; IN_LINK opens
 * /home/iframe/{menuId}. Groups left empty disappear.
 */
export function menusFromServer(items: MenuItem[] | null | undefined): DisplayMenu[] {
  // No menu call answered: the built-in tree. An empty answer means this user may see no menu.
  if (!items) return builtInMenus;
  const convert = (item: MenuItem, depth: number): DisplayMenu | null => {
    const base = {
      menuId: item.menuId,
      name: item.menuName,
      title: item.menuName,
      icon: item.icon || 'document',
      iconbg: '',
      menuType: item.menuType,
      menuLink: item.menuLink ?? '',
      code: item.code,
    };
    switch (item.menuType) {
      case 'MENU': {
        const children =
          depth < 3
            ? item.children.map((c) => convert(c, depth + 1)).filter((c): c is DisplayMenu => c !== null)
            : [];
        return children.length
          ? { ...base, hash: item.routePath ?? '', icon: item.icon || 'folder-close', children }
          : null;
      }
      case 'FUNC':
      case 'CUSTOM_FUNC':
        return item.routePath ? { ...base, hash: item.routePath, children: [] } : null;
      case 'IN_LINK':
        return { ...base, hash: iframeHash(item.menuId), icon: item.icon || 'link', children: [] };
    }
  };
  return items
    .filter((item) => item.menuName !== BENCH_MENU && item.code !== BENCH_MENU)
    .map((item) => convert(item, 1))
    .filter((m): m is DisplayMenu => m !== null);
}

/** Every leaf of the tree (what can be opened). */
export function menuLeaves(menus: DisplayMenu[]): DisplayMenu[] {
  return menus.flatMap((m) => (m.children.length ? menuLeaves(m.children) : [m]));
}

/**
 * 工作台 first in every signed-in user's menu (issue #37 point 8): the workbench is the shell's,
 * everyone's, and no authority, so it is not part of the server's tree.
 */
export function withWorkbench(menus: DisplayMenu[]): DisplayMenu[] {
  if (menuLeaves(menus).some((m) => m.hash === WORKBENCH)) return menus;
  return [{ ...entry(0, '工作台', WORKBENCH), icon: 'home' }, ...menus];
}

/** Legacy hashes mapped to their current routes (spec 000 §2 and 001 aliases). */
export function remapHash(path: string, table: ReadonlyMap<string, string>): string {
  return table.get(path) ?? path;
}
