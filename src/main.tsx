import './util/zodJitless.js';
import '../domain/zodLocale.js';
import '@blueprintjs/core/lib/css/blueprint.css';
import './ui/colors.css';
import './layout/shell.css';
import { HotkeysProvider, Spinner } from '@blueprintjs/core';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { LoginPaths } from '../domain/api/sessionPaths.js';
import { modules, webMenus } from '../features/modules.js';
import { views } from '../features/views.js';
import { App } from './App.js';
import { installGlobalErrorHandlers } from './api/frontLog.js';
import { askSlowRequest } from './app/slowRequest.js';
import { authorityNames } from './auth/authorityStore.js';
import { loadSystemConfig } from './config/systemConfig.js';
import { FALLBACK_ROUTE, pageRoutes, preloadScreen } from './router/routes.js';
import { warnBeforeUnload } from './router/unsaved.js';
import { RouterFailed, setViewErrorReporter } from './router/ViewError.js';
import { createPageClient } from './session/createClient.js';
import { warmStart } from './session/effects.js';
import { startBlinkClock } from './ui/blink.js';
import { installChineseLabels } from './ui/chineseLabels.js';
import { warnOldBrowser } from './util/browserWarning.js';
import { clearSignedInStorage, local } from './util/storage.js';

/** Every authority code of the menu tree with its Chinese name (buttons included). */
function menuNames(menus: typeof webMenus): [string, string][] {
  return menus.flatMap((m) => [
    [m.code, m.menuName] as [string, string],
    ...(m.buttons ?? []).map((b): [string, string] => [b.code, b.menuName]),
    ...menuNames(m.children ?? []),
  ]);
}

/** index.html: the console. */
async function start() {
  const { client, frontLog } = createPageClient(askSlowRequest);
  installGlobalErrorHandlers(window, frontLog);
  warnOldBrowser(navigator.userAgent);
  installChineseLabels();
  startBlinkClock();
  setViewErrorReporter((message) => frontLog.add({ type: 'error', message }));
  warnBeforeUnload(window);
  // the signed-in user, their menus and the screen's bundle load beside the settings
  const warm = warmStart(client);
  authorityNames.set(menuNames(webMenus));
  const pages = pageRoutes(modules, views);
  // (only when a session may resume: without one the page goes to sign in)
  if (warm.checked) preloadScreen(pages, window.location.hash.replace(/^#/, ''), views);
  const { actor: configActor } = await loadSystemConfig(client.request);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  // Spec 000 §2: a router error is logged (sent at once), then the user is logged out.
  let loggingOut = false;
  const logout = () => {
    if (loggingOut) return;
    loggingOut = true;
    frontLog.flush();
    const toLogin = () => {
      clearSignedInStorage();
      window.location.assign('/login.html');
    };
    client.request({ url: LoginPaths.loginOut, silent: true }).then(toLogin, toLogin);
  };
  // Spec 000 §2: hash routes; the screens come from the module descriptors, each loaded when opened.
  const router = createHashRouter([
    {
      element: <App client={client} configActor={configActor} flushLogs={frontLog.flush} warm={warm} />,
      errorElement: <RouterFailed logout={logout} />,
      hydrateFallbackElement: <Spinner className="boot" aria-label="加载中" />,
      children: [...pages, { id: FALLBACK_ROUTE, path: '*', element: null }],
    },
  ]);
  createRoot(root).render(
    // Blueprint's Table2 registers its keyboard shortcuts with the provider.
    <HotkeysProvider>
      <RouterProvider router={router} />
    </HotkeysProvider>,
  );
}

start().catch((error: unknown) => {
  // Spec 000 §8: a start-up failure goes to the error page unless debug is on.
  const { code = 990, message = String(error) } = (error ?? {}) as { code?: number; message?: string };
  if (local.getRaw('debug')) throw error;
  window.location.assign(
    `/error.html?code=${encodeURIComponent(String(code))}&msg=${encodeURIComponent(message)}`,
  );
});
