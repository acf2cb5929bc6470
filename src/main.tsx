import '../domain/zodLocale.js';
import '@blueprintjs/core/lib/css/blueprint.css';
import './layout/shell.css';
import { HotkeysProvider } from '@blueprintjs/core';
import { createRoot } from 'react-dom/client';
import { routes as archivesRoutes } from '../features/archives/index.js';
import { routes as callboardRoutes } from '../features/callboard/index.js';
import { routes as consultRoutes } from '../features/consult/index.js';
import { routes as contractRoutes } from '../features/contract/index.js';
import { routes as expenseRoutes } from '../features/expense/index.js';
import { routes as fallbackRoutes } from '../features/fallback/index.js';
import { routes as homecareRoutes } from '../features/homecare/index.js';
import { routes as iotRoutes } from '../features/iot/index.js';
import { routes as outingRoutes } from '../features/outing/index.js';
import { routes as residenceRoutes } from '../features/residence/index.js';
import { routes as systemManageRoutes } from '../features/system-manage/Users.js';
import { routes as systemSettingRoutes } from '../features/system-settings/index.js';
import { routes as workbenchRoutes } from '../features/workbench/index.js';
import { App } from './App.js';
import { installGlobalErrorHandlers } from './api/frontLog.js';
import { askSlowRequest } from './app/slowRequest.js';
import { loadSystemConfig } from './config/systemConfig.js';
import { createRegistry } from './router/registry.js';
import { createPageClient } from './session/createClient.js';
import { installChineseLabels } from './ui/chineseLabels.js';
import { warnOldBrowser } from './util/browserWarning.js';
import { local } from './util/storage.js';

/** index.html: the console. */
async function start() {
  const { client, frontLog } = createPageClient(askSlowRequest);
  installGlobalErrorHandlers(window, frontLog);
  warnOldBrowser(navigator.userAgent);
  installChineseLabels();
  const registry = createRegistry([
    workbenchRoutes,
    fallbackRoutes,
    systemSettingRoutes,
    systemManageRoutes,
    iotRoutes,
    callboardRoutes,
    archivesRoutes,
    residenceRoutes,
    consultRoutes,
    outingRoutes,
    contractRoutes,
    homecareRoutes,
    expenseRoutes,
  ]);
  const { config } = await loadSystemConfig(client.request);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  createRoot(root).render(
    // Blueprint's Table2 registers its keyboard shortcuts with the provider.
    <HotkeysProvider>
      <App client={client} registry={registry} config={config} flushLogs={frontLog.flush} />
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
