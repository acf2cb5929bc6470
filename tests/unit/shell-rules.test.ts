// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { satisfies } from '../../domain/authorityExpr.js';
import type { MenuItem } from '../../domain/session.js';
import { themeOf } from '../../domain/systemConfig.js';
import { landingPath, readReturnUrl } from '../../src/menu/landing.js';
import { builtInMenus, iframeHash, menusFromServer } from '../../src/menu/menus.js';
import {
  back,
  CROSSING_MARKER,
  closeTab,
  emptyTabs,
  navigateInTab,
  openTab,
  parseTabs,
  tabPath,
} from '../../src/tabs/tabBar.js';
import { emit, on } from '../../src/util/events.js';
import { pageSettingKey } from '../../src/util/pageSettings.js';
import { clearSignedInStorage, local } from '../../src/util/storage.js';
import { applyTheme } from '../../src/util/theme.js';
import { applyWatermark, renderWatermarkDataUrl } from '../../src/util/watermark.js';

describe('authority expressions (spec 000 §6)', () => {
  const granted = new Set(['a', 'b']);
  it('one code, any of a|b, all of a&b; empty denies', () => {
    expect(satisfies(granted, 'a')).toBe(true);
    expect(satisfies(granted, 'c')).toBe(false);
    expect(satisfies(granted, 'c|b')).toBe(true);
    expect(satisfies(granted, 'a&b')).toBe(true);
    expect(satisfies(granted, 'a&c')).toBe(false);
    expect(satisfies(granted, '')).toBe(false);
    expect(satisfies(granted, '  ')).toBe(false);
  });
});

describe('menus from the server (spec 000 §2)', () => {
  const item = (
    menuId: number,
    menuType: MenuItem['menuType'],
    menuName: string,
    routePath = '',
    children: MenuItem[] = [],
  ): MenuItem => ({
    menuId,
    menuType,
    menuName,
    code: menuName,
    routePath,
    icon: '',
    menuLink: menuType === 'IN_LINK' ? '/help.html' : '',
    children,
  });
  it('drops pims_bench, routes FUNC only with a path, opens IN_LINK in an iframe, hides empty groups', () => {
    const tree = menusFromServer([
      item(1, 'MENU', 'pims_bench', '', [item(2, 'FUNC', 'x', '/x')]),
      item(3, 'MENU', '系统', '', [
        item(4, 'FUNC', '日志', '/log'),
        item(5, 'CUSTOM_FUNC', '无路由'),
        item(6, 'IN_LINK', '帮助'),
      ]),
      item(7, 'MENU', '空组', '', [item(8, 'FUNC', '无路由')]),
    ]);
    expect(tree.map((m) => m.name)).toEqual(['系统']);
    expect(tree[0]?.children.map((c) => [c.name, c.hash])).toEqual([
      ['日志', '/log'],
      ['帮助', iframeHash(6)],
    ]);
  });
  it('keeps the built-in tree without server menus; an empty answer is an empty menu', () => {
    expect(menusFromServer(null)).toBe(builtInMenus);
    expect(menusFromServer([])).toEqual([]);
  });
  it('lands on the workbench only with a main first URL', () => {
    expect(landingPath('/home')).toBe('/home');
    expect(landingPath('')).toBe('/console');
  });
  it('accepts only same-console return URLs', () => {
    expect(readReturnUrl('?returnUrl=%23%2FsystemSetting%2FlogList')).toBe('/systemSetting/logList');
    expect(readReturnUrl('?backurl=/home')).toBe('/home');
    expect(readReturnUrl('?returnUrl=https://evil.example/')).toBeNull();
    expect(readReturnUrl('?returnUrl=//evil.example/')).toBeNull();
  });
});

describe('tab bar (spec 000 §2)', () => {
  const route = (path: string, query?: Record<string, string>) => ({ path, query, title: path });
  it('keys tabs by path and sorted query', () => {
    expect(tabPath('/a', { z: '1', b: '2' })).toBe('/a?b=2&z=1');
    let s = openTab(emptyTabs, route('/a', { z: '1', b: '2' })).state;
    s = openTab(s, route('/a', { b: '2', z: '1' })).state;
    expect(s.tabs).toHaveLength(1);
    s = openTab(s, route('/a', { b: '3' })).state;
    expect(s.tabs).toHaveLength(2);
  });
  it('opening an open tab activates it and raises tabchanged', () => {
    let s = openTab(emptyTabs, route('/a')).state;
    s = openTab(s, route('/b')).state;
    const again = openTab(s, route('/a'));
    expect(again.state.tabs).toHaveLength(2);
    expect(again.state.active).toBe('/a');
    expect(again.effects).toEqual([{ type: 'tabchanged', path: '/a' }]);
  });
  it('crossing-mode paths match by path alone; with a query session id the tab resets', () => {
    const p = `/x${CROSSING_MARKER}detail`;
    let s = openTab(emptyTabs, route(p, { id: '1' })).state;
    s = navigateInTab(s, '/inner');
    const noSid = openTab(s, route(p, { id: '2' }));
    expect(noSid.state.tabs).toHaveLength(1);
    expect(noSid.state.tabs[0]?.backHistory).toEqual([`${p}?id=1`]);
    const withSid = openTab(s, route(p, { id: '2' }), { querySid: 'sid' });
    expect(withSid.state.tabs[0]).toMatchObject({
      path: `${p}?id=2`,
      activedPath: `${p}?id=2`,
      backHistory: [],
    });
  });
  it('routes that are not tabs open no tab', () =>
    expect(openTab(emptyTabs, { ...route('/d'), tab: false }).state.tabs).toHaveLength(0));
  it('goes back through the tab history', () => {
    let s = openTab(emptyTabs, route('/a')).state;
    s = navigateInTab(s, '/a/detail');
    const r = back(s);
    expect(r.effects).toEqual([{ type: 'routeback', path: '/a' }]);
    expect(r.state.tabs[0]?.activedPath).toBe('/a');
  });
  it('closing the active tab activates its neighbour', () => {
    let s = openTab(emptyTabs, route('/a')).state;
    s = openTab(s, route('/b')).state;
    s = openTab(s, route('/c')).state;
    s = openTab(s, route('/b')).state;
    const r = closeTab(s, '/b');
    expect(r.state.active).toBe('/c');
    expect(r.effects).toEqual([{ type: 'tabbarremoved', path: '/b' }]);
  });
  it('reads corrupted storage as no tabs', () => {
    expect(parseTabs('garbage', 1)).toEqual(emptyTabs);
    expect(parseTabs({ owner: 1, tabs: [{ path: 1 }], active: 'x' }, 1)).toEqual({ tabs: [], active: null });
  });
  it("reads another account's tabs, or tabs of nobody's, as none", () => {
    const mine = openTab(emptyTabs, route('/a')).state;
    expect(parseTabs({ ...mine, owner: 1 }, 1)).toEqual(mine);
    expect(parseTabs({ ...mine, owner: 1 }, 2)).toEqual(emptyTabs);
    expect(parseTabs(mine, 1)).toEqual(emptyTabs);
    expect(parseTabs({ ...mine, owner: 1 }, null)).toEqual(emptyTabs);
  });
});

describe('storage, events, theme and watermark', () => {
  it('stores under the pims2 prefix and clears what logout clears', () => {
    local.set('userInfo', { a: 1 });
    local.set('querySid', 's');
    expect(localStorage.getItem('pims2.userInfo')).toBe('{"a":1}');
    sessionStorage.setItem('pims2.tabbarlist', '{"owner":1,"tabs":[],"active":null}');
    clearSignedInStorage();
    expect(local.get('userInfo')).toBeNull();
    expect(local.get('querySid')).toBe('s');
    // the tabs of this browser tab go too: the next person signs in to their own screen
    expect(sessionStorage.getItem('pims2.tabbarlist')).toBeNull();
  });
  it('page settings need a setting name', () => {
    expect(pageSettingKey('logList', 'columns')).toMatch(/^adjfd[0-9a-f]{32}$/);
    expect(() => pageSettingKey('logList', '')).toThrow();
  });
  it('an unknown page event name throws', () => {
    expect(() => emit('nope' as 'refresh', {})).toThrow('未知的页面事件: nope');
    const got: string[] = [];
    const stop = on('tabchanged', (e) => got.push(e.path));
    emit('tabchanged', { path: '/a' });
    stop();
    emit('tabchanged', { path: '/b' });
    expect(got).toEqual(['/a']);
  });
  it('maps theme colours and falls back to default', () => {
    expect(themeOf('#FF9D11')).toBe('qingxiangcheng');
    expect(themeOf('#009995')).toBe('heyelv');
    expect(themeOf('#743B8F')).toBe('ziluolan');
    expect(themeOf('#E0241B')).toBe('lieyanhong');
    expect(themeOf('#123456')).toBe('default');
    applyTheme('#009995');
    expect(document.documentElement.dataset.theme).toBe('heyelv');
  });
  it('draws the watermark on 300×200 at −20° in 14px, after 500 ms, and removes it when CLOSE', () => {
    const calls: string[] = [];
    const ctx = {
      rotate: (a: number) => calls.push(`rotate ${a.toFixed(4)}`),
      fillText: () => undefined,
      set font(f: string) {
        calls.push(`font ${f}`);
      },
    };
    const canvas = { width: 0, height: 0, getContext: () => ctx, toDataURL: () => 'data:image/png;base64,x' };
    const doc = { createElement: () => canvas } as unknown as Document;
    renderWatermarkDataUrl('admin 王建国', doc);
    expect([canvas.width, canvas.height]).toEqual([300, 200]);
    expect(calls).toContain(`rotate ${((-20 * Math.PI) / 180).toFixed(4)}`);
    expect(calls.some((c) => c.startsWith('font 14px'))).toBe(true);

    vi.useFakeTimers();
    applyWatermark('OPEN', 'admin', '王建国');
    vi.advanceTimersByTime(499);
    expect(document.querySelector('[data-testid="watermark"]')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.querySelector<HTMLElement>('[data-testid="watermark"]')?.dataset.text).toBe(
      'admin 王建国',
    );
    applyWatermark('CLOSE', 'admin', '王建国');
    expect(document.querySelector('[data-testid="watermark"]')).toBeNull();
    vi.useRealTimers();
  });
});
