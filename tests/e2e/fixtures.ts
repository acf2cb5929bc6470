import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
  type TestInfo,
} from '@playwright/test';

/**
 * The tests' `page` on a warm browser (issue #43, the test run): each test still gets a page of its
 * own, signed out, with nothing stored, but in one browser context the worker keeps from test to test,
 * as a person's browser keeps its cache. Opening the console in a new context cost 1.4 s of Chromium's
 * time (a new renderer process, every script fetched and compiled again, cold fonts); in the kept one
 * 0.65 s, some 370 times a run.
 *
 * Between two tests the context's pages are closed, its cookies, permissions and offline switch reset,
 * and the console origin's stored data (local and session storage, IndexedDB, caches) cleared before
 * the next page opens. A test that changes the context itself (a mocked clock, an init script, a
 * route, exposed functions: nothing can take those back) leaves it to be thrown away after it. A test's
 * `context` is the page's; one that opens consoles side by side makes more from `browser`, as before.
 */
let warm: { context: BrowserContext; key: string; tainted: boolean } | null = null;

type ContextOptions = Pick<BrowserContextOptions, 'baseURL' | 'locale' | 'timezoneId' | 'viewport'>;

async function warmContext(browser: Browser, options: ContextOptions) {
  const key = JSON.stringify(options);
  if (warm && warm.key !== key) {
    await warm.context.close();
    warm = null;
  }
  if (!warm) {
    const context = await browser.newContext(options);
    const made = { context, key, tainted: false };
    context.on('close', () => {
      if (warm === made) warm = null;
    });
    // what cannot be undone marks the context for throwing away after the test
    const taint = <T extends object>(target: T, names: readonly (keyof T)[]) => {
      for (const name of names) {
        const original = target[name];
        if (typeof original !== 'function') continue;
        target[name] = ((...args: unknown[]) => {
          made.tainted = true;
          return (original as (...a: unknown[]) => unknown).apply(target, args);
        }) as T[keyof T];
      }
    };
    taint(context, [
      'addInitScript',
      'route',
      'routeFromHAR',
      'exposeBinding',
      'exposeFunction',
      'setExtraHTTPHeaders',
      'setGeolocation',
      'setHTTPCredentials',
    ]);
    taint(context.clock, [
      'install',
      'pauseAt',
      'setFixedTime',
      'setSystemTime',
      'runFor',
      'fastForward',
      'resume',
    ]);
    warm = made;
  }
  return warm;
}

/** The console origin's stored data cleared, through a blank page of the context. */
async function clearOrigin(context: BrowserContext, baseURL: string | undefined) {
  if (!baseURL) return;
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  try {
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseURL).origin,
      storageTypes:
        'cookies,local_storage,session_storage,indexeddb,cache_storage,service_workers,file_systems',
    });
  } finally {
    await cdp.detach();
    await blank.close();
  }
}

/** On a failed test, what the page showed as text (the page closes before Playwright's own report reads it). */
async function attachPageText(page: Page, testInfo: TestInfo) {
  if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
  const text = await page
    .locator('body')
    .ariaSnapshot({ timeout: 3_000 })
    .catch((e: Error) => `(no snapshot: ${e.message})`);
  await testInfo.attach('page-snapshot', { body: text, contentType: 'text/plain' });
}

export const test = base.extend({
  // the test's context: the worker's kept one (one per set of options: a file's own viewport has its own)
  context: async ({ browser, baseURL, locale, timezoneId, viewport, permissions }, use) => {
    const kept = await warmContext(browser, { baseURL, locale, timezoneId, viewport });
    const { context } = kept;
    for (const open of context.pages()) await open.close();
    await context.clearCookies();
    await context.clearPermissions();
    await context.setOffline(false);
    await clearOrigin(context, baseURL);
    if (permissions?.length) await context.grantPermissions(permissions, baseURL ? { origin: baseURL } : {});
    await use(context);
    if (warm !== kept) return; // closed by the test
    for (const open of context.pages()) await open.close();
    if (kept.tainted) {
      warm = null;
      await context.close();
    }
  },
  page: async ({ context }, use, testInfo) => {
    const page = await context.newPage();
    await use(page);
    await attachPageText(page, testInfo);
  },
});
