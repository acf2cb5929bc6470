import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { build, type Plugin } from 'vite';
import { modules } from '../../features/modules.js';
import { buildApp } from '../../server/app.js';
import { sampleModule } from '../support/sampleModule.js';
import { test } from './fixtures.js';
import { ADMIN, openMenu } from './support.js';

// A module defined from its descriptor alone (tests/support/sampleModule.ts) gets its menu entry,
// screen, list, form and export in a console built with it, against a server that serves it.
const outDir = resolve('.tmp/dist-sample');
const withSample = (): Plugin => ({
  name: 'with-sample-module',
  enforce: 'pre',
  resolveId(source, importer) {
    if (importer?.endsWith('src/main.tsx') && source === '../features/modules.js')
      return resolve('tests/support/modulesWithSample.ts');
    return null;
  },
});

let server: Awaited<ReturnType<typeof buildApp>>;
let base = '';
let dataDir = '';

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from its first parameter
test.beforeAll(async ({}, info) => {
  info.setTimeout(240_000);
  await build({
    configFile: resolve('vite.config.ts'),
    logLevel: 'error',
    plugins: [withSample()],
    build: { outDir, emptyOutDir: true },
  });
  dataDir = mkdtempSync(join(tmpdir(), 'eldercare-sample-'));
  server = await buildApp({
    dataDir,
    databaseFile: ':memory:',
    staticDir: outDir,
    modules: [...modules, sampleModule],
    loginRatePerMinute: 1000,
  });
  base = await server.listen({ port: 0, host: '127.0.0.1' });
});

test.afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signInHere(page: Page) {
  await page.goto(`${base}/login.html`);
  await page.getByLabel('账号').fill(ADMIN.loginName);
  await page.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: '登录' }).click();
  const chooser = page.getByTestId('dept-chooser');
  await expect(chooser.or(page.getByTestId('side-menu'))).toBeVisible();
  if (await chooser.isVisible()) {
    await chooser.getByText('护理一部', { exact: true }).click();
    await page.getByRole('button', { name: '进入系统' }).click();
  }
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

test('a module made of one descriptor has its menu, list, form, edit, workflow actions, delete and export', async ({
  page,
}) => {
  await signInHere(page);
  await openMenu(page, '器具管理', '护理器具');
  const screen = page.getByTestId('page-sampleTool');
  await expect(screen.getByText('暂无数据')).toBeVisible();
  await expect(page.getByTestId('tab').filter({ hasText: '护理器具' })).toBeVisible();

  await screen.getByRole('button', { name: '新增' }).click();
  const form = page.getByTestId('resource-form-sampleTool');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请填写器具名称')).toBeVisible();
  await form.getByLabel('器具名称').fill('助行器');
  await form.getByLabel('数量').fill('4');
  await form.getByLabel('单价').fill('350.5');
  await form.getByRole('button', { name: '保存' }).click();
  const table = screen.getByTestId('resource-table');
  await expect(table.getByText('助行器')).toBeVisible();
  await expect(table.getByText('350.50')).toBeVisible();

  await table.getByRole('button', { name: '编辑' }).click();
  await form.getByLabel('数量').fill('6');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(table.getByText('6', { exact: true })).toBeVisible();

  // Its workflow: 退役 asks first, then the row is retired; the machine offers 恢复, not 退役 again.
  const retire = table.getByRole('button', { name: '退役' });
  const restore = table.getByRole('button', { name: '恢复' });
  await expect(restore).toBeDisabled();
  await retire.click();
  await expect(page.getByText('确定退役护理器具“助行器”吗？')).toBeVisible();
  await page.getByRole('button', { name: '退役', exact: true }).last().click();
  await expect(retire).toBeDisabled();
  await expect(restore).toBeEnabled();
  await expect(table.getByText('否', { exact: true })).toBeVisible();
  await restore.click();
  await page.getByRole('button', { name: '恢复', exact: true }).last().click();
  await expect(retire).toBeEnabled();
  await expect(table.getByText('是', { exact: true })).toBeVisible();

  await screen.getByRole('button', { name: '导出' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  expect((await download).suggestedFilename()).toMatch(/护理器具.*\.csv$/);

  await table.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '删除', exact: true }).last().click();
  await expect(screen.getByText('暂无数据')).toBeVisible();
});
