import { defineConfig } from '@playwright/test';
import { ensureBuiltServer } from './scripts/builtServer.mjs';
import { TEST_CHROMIUM_PATH } from './tests/support/chromium.js';

/**
 * Each worker has a server of its own (ports E2E_PORT, E2E_PORT + 1, …; data in .tmp/e2e-data-<port>), so
 * the spec files run two at a time on this 2-core machine without seeing each other's data. Playwright loads
 * this file in every worker with TEST_PARALLEL_INDEX set (0 … workers − 1): that picks the worker's server.
 * tests/e2e/realtime.ts reads the same to find the worker's port and data.
 */
const basePort = Number(process.env.E2E_PORT ?? 18080);
const workers = Number(process.env.E2E_WORKERS ?? 2);
const port = basePort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
// One clock for the server, the browser and the tests' own date arithmetic: the home's, as `npm start`
// runs it (scripts/start.mjs). Set before any date is made; the test workers inherit it.
process.env.TZ = 'Asia/Shanghai';
// The servers the tests start run the server as production does (dist-server/), built here once,
// in the runner before any server starts (workers load this file too: they find it built).
const builtServer = process.env.TEST_WORKER_INDEX === undefined ? ensureBuiltServer() : 'dist-server/main.js';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => {
    const port = basePort + index;
    return {
      command: `rm -rf .tmp/e2e-data-${port} && TZ=Asia/Shanghai DATA_DIR=.tmp/e2e-data-${port} PORT=${port} LOG_LEVEL=warn LOGIN_RATE_PER_MINUTE=1000 CHECK_ANSWERS=1 ${process.env.STATIC_DIR ? `STATIC_DIR=${process.env.STATIC_DIR} ` : ''}node ${builtServer}`,
      url: `http://127.0.0.1:${port}/login.html`,
      reuseExistingServer: false,
      timeout: 60_000,
    };
  }),
});
