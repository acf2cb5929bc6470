import { uploadApiOf } from './api/uploads.js';
import type { ResourceDef } from './resource.js';
import type { MenuType } from './session.js';

/**
 * Module descriptors (docs/architecture.md rule 1): one object per module of the spec names its resources
 * and its screens in menu order. The console's routes and menu, the server's seeded menu tree and
 * its generic routes all come from here, so a screen path is written once. docs/modules.md.
 */

/** A button authority under a menu entry (spec 000 §6). */
export interface MenuButton {
  code: string;
  menuName: string;
}

/**
 * The menu tree of the "web" landing end, seeded by the server and delivered per user by
 * GET /passport/web-rbac/logins/menu/{landingEndId}. Codes are the authority codes the server
 * checks on its routes and the console checks on buttons (spec 000 §6).
 */
export interface MenuSeed {
  menuType: MenuType;
  menuName: string;
  code: string;
  routePath?: string;
  icon?: string;
  menuLink?: string;
  children?: MenuSeed[];
  /** Button authorities under a FUNC entry. */
  buttons?: MenuButton[];
}

export interface ScreenDef {
  /** The hash path (spec 000 §2); every screen also takes a trailing /{menuId}. */
  path: string;
  title: string;
  /**
   * The authority code of the screen's menu entry. A screen with a code is a FUNC entry of the menu
   * where it is declared; one without (a detail or add screen) is a route only.
   */
  code?: string;
  /**
   * A save page that adds as well as edits: its title when the address names no record (no `id`),
   * so the new-article page reads 新增…, not 编辑… (issue #42 point 6).
   */
  newTitle?: string;
  /** Name in the menu when it differs from the title. */
  menuName?: string;
  icon?: string;
  buttons?: readonly MenuButton[];
  /** Detail and add screens open without a tab (spec 001 §2). */
  tab?: boolean;
  /** Legacy paths that open this screen (spec 001 §2 aliases). */
  aliases?: readonly string[];
  /** A screen that is one resource's list: the shared ResourceList renders it. */
  resource?: ResourceDef;
  /** A custom view: its key in the console's view registry (features/<folder>/views.ts). */
  view?: string;
  /**
   * Needed to open the screen when it is not in the menu (defaults to nothing: the screen's calls
   * carry their own authorities, which the server checks).
   */
  authority?: string;
}

/** A screen's title at an address: newTitle while it names no record, else its title. */
export const screenTitle = (screen: ScreenDef, query: Readonly<Record<string, string>>): string =>
  screen.newTitle && !query.id ? screen.newTitle : screen.title;

export type MenuNode =
  | { kind: 'screen'; screen: ScreenDef }
  | { kind: 'group'; code: string; name: string; icon?: string; children: readonly MenuNode[] }
  | { kind: 'link'; code: string; name: string; href: string; icon?: string }
  /** A FUNC entry without a screen: an authority roles are granted (its screens come later). */
  | { kind: 'holder'; code: string; name: string; buttons?: readonly MenuButton[] };

export interface ModuleDef {
  /** Stable key; the server's part of a module is registered under it. */
  name: string;
  /** The top-level menu entry; the shell's own screens have none. */
  menu?: { code: string; name: string; icon?: string };
  /** The resources the module serves with the generic engine (tables, CRUD routes, exports). */
  resources: readonly ResourceDef[];
  /** Screens, groups, links and authority holders in menu order. */
  items: readonly MenuNode[];
}

type ScreenOptions = Omit<ScreenDef, 'path' | 'title'>;

/** A screen at `path` titled `title`. */
export const screen = (path: string, title: string, options: ScreenOptions = {}): MenuNode => ({
  kind: 'screen',
  screen: { path, title, ...options },
});

/** A menu group (MENU) of screens. */
export const group = (
  code: string,
  name: string,
  icon: string | undefined,
  children: readonly MenuNode[],
): MenuNode => ({ kind: 'group', code, name, ...(icon ? { icon } : {}), children });

/** An embedded page (IN_LINK, opened at /home/iframe/{menuId}). */
export const link = (code: string, name: string, href: string): MenuNode => ({
  kind: 'link',
  code,
  name,
  href,
});

/** An authority without a screen yet. */
export const holder = (code: string, name: string, buttons?: readonly MenuButton[]): MenuNode => ({
  kind: 'holder',
  code,
  name,
  ...(buttons ? { buttons } : {}),
});

/** The 新增/编辑/删除 buttons of a list screen's authority code. */
export const crudButtons = (base: string, name: string): MenuButton[] => [
  { code: `${base}:add`, menuName: `新增${name}` },
  { code: `${base}:edit`, menuName: `编辑${name}` },
  { code: `${base}:delete`, menuName: `删除${name}` },
];

export const defineModule = (module: ModuleDef): ModuleDef => module;

function nodeScreens(nodes: readonly MenuNode[]): ScreenDef[] {
  return nodes.flatMap((n) =>
    n.kind === 'screen' ? [n.screen] : n.kind === 'group' ? nodeScreens(n.children) : [],
  );
}

/** Every screen of a module, menu entries and routes alike. */
export const moduleScreens = (module: ModuleDef): ScreenDef[] => nodeScreens(module.items);

function seedOf(node: MenuNode): MenuSeed[] {
  switch (node.kind) {
    case 'screen': {
      const s = node.screen;
      if (!s.code) return [];
      return [
        {
          menuType: 'FUNC',
          menuName: s.menuName ?? s.title,
          code: s.code,
          routePath: s.path,
          ...(s.icon ? { icon: s.icon } : {}),
          ...(s.buttons ? { buttons: [...s.buttons] } : {}),
        },
      ];
    }
    case 'group':
      return [
        {
          menuType: 'MENU',
          menuName: node.name,
          code: node.code,
          ...(node.icon ? { icon: node.icon } : {}),
          children: node.children.flatMap(seedOf),
        },
      ];
    case 'link':
      return [{ menuType: 'IN_LINK', menuName: node.name, code: node.code, menuLink: node.href }];
    case 'holder':
      return [
        {
          menuType: 'FUNC',
          menuName: node.name,
          code: node.code,
          ...(node.buttons ? { buttons: [...node.buttons] } : {}),
        },
      ];
  }
}

/** The seeded menu tree: each module with a menu is a top-level entry, in registry order. */
export function menuTree(modules: readonly ModuleDef[]): MenuSeed[] {
  return modules.flatMap((m): MenuSeed[] =>
    m.menu
      ? [
          {
            menuType: 'MENU',
            menuName: m.menu.name,
            code: m.menu.code,
            ...(m.menu.icon ? { icon: m.menu.icon } : {}),
            children: m.items.flatMap(seedOf),
          },
        ]
      : [],
  );
}

/** Every authority code in a menu tree, buttons included. */
export function allAuthorityCodes(menus: readonly MenuSeed[]): string[] {
  return menus.flatMap((m) => [
    m.code,
    ...(m.buttons ?? []).map((b) => b.code),
    ...allAuthorityCodes(m.children ?? []),
  ]);
}

/**
 * Checks a registry: screen paths and aliases are unique (spec 000 §2: a duplicate route path is
 * rejected), module names and resource names too, and every screen names at most one way to render.
 * Returns the problems, in Chinese, as the router would report them.
 */
export function registryProblems(modules: readonly ModuleDef[]): string[] {
  const problems: string[] = [];
  const paths = new Set<string>();
  const names = new Set<string>();
  const resources = new Set<string>();
  for (const m of modules) {
    if (names.has(m.name)) problems.push(`模块重复: ${m.name}`);
    names.add(m.name);
    for (const r of m.resources) {
      if (resources.has(r.name)) problems.push(`资源重复: ${r.name}`);
      resources.add(r.name);
      for (const f of r.fields) {
        const api = f.uploadApi === undefined ? null : uploadApiOf(f.uploadApi);
        if (api && !api.ok) problems.push(`${r.name}.${f.name}: ${api.message}`);
      }
    }
    for (const s of moduleScreens(m)) {
      for (const p of [s.path, ...(s.aliases ?? [])]) {
        if (paths.has(p)) problems.push(`路由重复: ${p}`);
        paths.add(p);
      }
      if (s.resource && s.view) problems.push(`页面既有列表又有视图: ${s.path}`);
    }
  }
  return problems;
}
