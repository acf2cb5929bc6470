import { expect, type Page, type Route } from '@playwright/test';
import { ConfigPaths } from '../../../domain/api/settingsPaths.js';
import {
  CONFIG_PARTS,
  type ConfigPart,
  type SystemConfigParts,
  systemConfigDefaults,
  themeOf,
} from '../../../domain/systemConfig.js';
import type { SystemConfigEvent } from '../../../machines/systemConfigMachine.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { ADMIN, openMenu, signIn } from '../support.js';

/**
 * The system config's driver for the generated path tests (`npx tsx scripts/paths.ts systemConfig
 * --transitions --without config.loaded --format playwright --out tests/e2e/shell/systemConfig.paths.spec.ts`).
 *
 * Left out (`--without`): config.loaded. With it the covering paths are 51, nearly all orderings of
 * four independent calls; without it they are 19: each part falls back whichever others settled
 * before it, the console gets ready on the defaults alone, and is then updated by 显示设置 or
 * reloaded. A loaded part is every other spec's console start (each signs in with all four answered,
 * and display.spec.ts reads a loaded theme after a reload); the fallbacks are walked nowhere else.
 * The driver lets a real answer through all the same: `--transitions` alone runs too.
 *
 * The administrator's console (全部部门) starts with its four calls held (page.route): 图标配置 and
 * 登录页配置 from the public systemConfigs, 床垫配置 from the device settings, 主题色 from
 * systemThemeColor; the path says how each ends. 配置已加载: the server's answer let through.
 * 配置加载失败: the call aborted on the way, as a dropped connection; the server answers these reads
 * to anyone signed in and cannot be made to refuse one (a made-up refusal would be the driver's words,
 * not the server's), and the console treats every failure alike. 更新配置 is 显示设置 (系统管理 ›
 * 系统设置): the path's fields changed and 保存 pressed; what it saved on the server is put back by the
 * API at once, the console keeping what it applied, so the specs after this one meet the settings they
 * left. 重新加载 is the console reloaded (F5): nothing in the console sends the machine config.reload;
 * the new page starts again from the defaults, where the machine would keep what it had (no path goes
 * on from there).
 *
 * Nothing shows before all four parts are settled (the console's root stays empty): which parts are
 * still loading is read from the page's data-config-loading (src/config/systemConfig.ts) and from the
 * calls still held. Once ready, each part is read where the user meets it: the window title, the
 * header's name and logo, the side menu open or folded and the watermark (图标配置), the theme of the
 * page (主题色), no message about a part that failed; the login page's landing and the mattress
 * settings only in what the console stored (pims2.systemconfig), which is checked whole: a loaded part
 * the server's answer over its default, a failed one its default.
 */
export interface SystemConfigCtx {
  token: string;
  /** The parts whose next call is to be held (the console's start until it asked for each). */
  holding: Set<ConfigPart>;
  /** The console's calls not answered yet. */
  held: Record<ConfigPart, Route | null>;
  /** What the console is to have once ready. */
  config: SystemConfigParts;
  /** 显示设置 saved since the console started (the side menu's state is read at start only). */
  updated: boolean;
}

/** Where each part loads from and what the console makes of the answer (src/config/systemConfig.ts). */
const sources: Record<ConfigPart, { url: string; read(result: unknown): object }> = {
  iconConfig: { url: ConfigPaths.iconConfig, read: (r) => r as object },
  loginPageConfig: {
    url: ConfigPaths.loginPageConfig,
    read: (r) => ({ mainFirstUrl: typeof r === 'string' ? r : '' }),
  },
  mattress: { url: ConfigPaths.mattress, read: (r) => r as object },
  Theme: { url: ConfigPaths.systemThemeColor, read: (r) => r as object },
};

/** The fields of 显示设置 by the key they set; the selects among them. */
const displayFields: Record<string, string> = {
  systemName: '系统名称',
  systemIcon: '系统图标地址',
  windowName: '窗口名称',
  menuOpenStatus: '菜单默认',
  waterMark: '水印',
  systemThemeColor: '主题色',
};
const selects = new Set(['menuOpenStatus', 'waterMark', 'systemThemeColor']);

const defaults = (): SystemConfigParts => structuredClone(systemConfigDefaults);

/** The console (re)started by `navigate`: its four calls all sent, and held. */
async function startConsole(ctx: SystemConfigCtx, navigate: () => Promise<unknown>) {
  ctx.holding = new Set(CONFIG_PARTS);
  ctx.config = defaults();
  ctx.updated = false;
  await navigate();
  // the four load side by side: each is asked before any is answered
  await expect
    .poll(() => CONFIG_PARTS.filter((part) => !ctx.held[part]), { message: 'the console asks for each part' })
    .toEqual([]);
}

/** The held call of the part; it is the path's to answer from now on. */
function take(ctx: SystemConfigCtx, part: ConfigPart): Route {
  const route = ctx.held[part];
  if (!route) throw new Error(`no call for ${part} is held`);
  ctx.held[part] = null;
  return route;
}

/** The parts still loading in a state value of the machine: { loading: { iconConfig: 'loading', … } }. */
const loadingParts = (state: unknown) => {
  const regions = (state as { loading: Record<ConfigPart, string> }).loading;
  return CONFIG_PARTS.filter((part) => regions[part] === 'loading');
};

/**
 * The administrator's sign-in (pims2.* of local storage), from the first path of the worker on: each
 * path opens the console in a new tab of that session, as a user coming back to it does (a sign-in
 * per path would be most of the spec's time).
 */
let signedIn: Record<string, string> | null = null;

async function signedInTab(page: Page) {
  if (!signedIn) {
    await signIn(page, ADMIN);
    signedIn = await page.evaluate(() =>
      Object.fromEntries(Object.entries(localStorage).filter(([key]) => key.startsWith('pims2.'))),
    );
    return;
  }
  // any page of the site gives its local storage
  await page.goto('/favicon.svg');
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, signedIn);
}

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('pims2.systemconfig') ?? 'null') as unknown);

export const driver = {
  /** The administrator's console opened with its four calls held. */
  async start(page: Page): Promise<SystemConfigCtx> {
    await signedInTab(page);
    const ctx: SystemConfigCtx = {
      token: await tokenOf(page),
      holding: new Set(),
      held: { iconConfig: null, loginPageConfig: null, mattress: null, Theme: null },
      config: defaults(),
      updated: false,
    };
    for (const part of CONFIG_PARTS)
      await page.route(
        (url) => url.pathname === sources[part].url,
        (route) => {
          // 显示设置 reads the theme from the same address: only the console's start is held
          if (!ctx.holding.delete(part)) return route.continue();
          ctx.held[part] = route;
        },
      );
    await startConsole(ctx, () => page.goto('/index.html'));
    return ctx;
  },

  async send(page: Page, ctx: SystemConfigCtx, event: SystemConfigEvent) {
    switch (event.type) {
      case 'config.loaded': {
        const route = take(ctx, event.part);
        const answer = await route.fetch();
        const body = (await answer.json()) as { code: number; msg: string; result: unknown };
        expect(body.code, body.msg).toBe(0);
        ctx.config = {
          ...ctx.config,
          [event.part]: { ...ctx.config[event.part], ...sources[event.part].read(body.result) },
        };
        return route.fulfill({ response: answer });
      }
      case 'config.failed':
        return take(ctx, event.part).abort('failed');
      case 'config.update': {
        const changes = event.value as Record<string, string>;
        if (event.part !== 'iconConfig' && event.part !== 'Theme')
          throw new Error(`显示设置 does not set ${event.part}`);
        // what the form opens with: the settings stored on the server
        const icon = await call(page, ctx.token, 'GET', ConfigPaths.displayIcon);
        const theme = await call(page, ctx.token, 'GET', ConfigPaths.systemThemeColor);
        await openMenu(page, '系统管理', '系统设置', '显示设置');
        const screen = page.getByTestId('page-display');
        for (const [key, value] of Object.entries(changes)) {
          const field = screen.getByLabel(displayFields[key] ?? key, { exact: true });
          // the form opens once the stored values are in
          await expect(field).toBeEnabled();
          if (selects.has(key)) await field.selectOption(value);
          else await field.fill(value);
        }
        // 显示设置 saves the icon settings and the theme, both as on the form
        const savedIcon: Rec = { ...icon, ...(event.part === 'iconConfig' ? changes : {}) };
        const savedTheme: Rec = { ...theme, ...(event.part === 'Theme' ? changes : {}) };
        let onServer: Rec[];
        try {
          await screen.getByRole('button', { name: '保存' }).click();
          await expect(page.getByText('显示设置已保存')).toBeVisible();
          onServer = [
            await call(page, ctx.token, 'GET', ConfigPaths.displayIcon),
            await call(page, ctx.token, 'GET', ConfigPaths.systemThemeColor),
          ];
        } finally {
          // the server's settings as they were (the console keeps what it applied until reloaded)
          await call(page, ctx.token, 'PUT', ConfigPaths.displayIcon, icon);
          await call(page, ctx.token, 'PUT', ConfigPaths.systemThemeColor, theme);
        }
        expect(onServer).toEqual([savedIcon, savedTheme]);
        ctx.config = {
          ...ctx.config,
          iconConfig: { ...ctx.config.iconConfig, ...savedIcon },
          Theme: { ...ctx.config.Theme, ...savedTheme },
        };
        ctx.updated = true;
        return;
      }
      case 'config.reload':
        return startConsole(ctx, () => page.reload());
      default: {
        const unknown: never = event;
        throw new Error(`the system-config driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: SystemConfigCtx, state: unknown) {
    const html = page.locator('html');
    const menu = page.getByTestId('side-menu');
    if (state !== 'ready') {
      const loading = loadingParts(state);
      await expect(html).toHaveAttribute('data-config-loading', loading.join(' '));
      for (const part of CONFIG_PARTS)
        expect(ctx.held[part] !== null, `${part} is still asked for`).toBe(loading.includes(part));
      // nothing of the console before every part is settled
      await expect(page.locator('#root')).toBeEmpty();
      return;
    }
    const { iconConfig, Theme } = ctx.config;
    await expect(html).not.toHaveAttribute('data-config-loading');
    await expect(menu).toBeVisible();
    expect(CONFIG_PARTS.filter((part) => ctx.held[part])).toEqual([]);
    await expect(page).toHaveTitle(iconConfig.windowName || iconConfig.systemName);
    const home = page.getByRole('link', { name: `${iconConfig.systemName}，返回首页` });
    await expect(home).toBeVisible();
    await expect(home.locator('img')).toHaveAttribute('src', iconConfig.systemIcon || '/favicon.svg');
    // the menu's default state is the start's; the user may fold it since
    if (!ctx.updated)
      await expect(menu).toHaveClass(iconConfig.menuOpenStatus === 'CLOSE' ? /collapsed/ : /^side-menu$/);
    await expect(page.getByTestId('watermark')).toHaveCount(iconConfig.waterMark === 'CLOSE' ? 0 : 1);
    const name = themeOf(Theme.systemThemeColor);
    await expect(html).toHaveAttribute('data-theme', name);
    await expect
      .poll(() => html.evaluate((el) => el.style.getPropertyValue('--theme-color')))
      .toBe(name === 'default' ? systemConfigDefaults.Theme.systemThemeColor : Theme.systemThemeColor);
    // a part that failed falls back silently: no message about it
    if (!ctx.updated) await expect(page.locator('.bp6-toast')).toHaveCount(0);
    expect(await stored(page)).toEqual(ctx.config);
  },
};
