import { createActor } from 'xstate';
import { ConfigPaths } from '../../domain/api/settingsPaths.js';
import { CONFIG_PARTS, type ConfigPart, type SystemConfigParts } from '../../domain/systemConfig.js';
import { systemConfigMachine } from '../../machines/systemConfigMachine.js';
import type { Request } from '../app/request.js';
import { local } from '../util/storage.js';
import { applyTheme } from '../util/theme.js';

export type SystemConfig = SystemConfigParts;

const sources: Record<ConfigPart, { url: string; read(result: unknown): unknown }> = {
  iconConfig: { url: ConfigPaths.iconConfig, read: (r) => r },
  loginPageConfig: {
    url: ConfigPaths.loginPageConfig,
    read: (r) => ({ mainFirstUrl: typeof r === 'string' ? r : '' }),
  },
  mattress: { url: ConfigPaths.mattress, read: (r) => r },
  Theme: { url: ConfigPaths.systemThemeColor, read: (r) => r },
};

/** Starts the system-config machine with its effects; resolves once all four parts are settled. */
export function loadSystemConfig(
  request: Request,
): Promise<{ config: SystemConfig; actor: ReturnType<typeof createActor<typeof systemConfigMachine>> }> {
  return new Promise((resolve) => {
    const actor = createActor(
      systemConfigMachine.provide({
        actions: {
          loadParts: ({ self }) => {
            for (const part of CONFIG_PARTS) {
              request({ url: sources[part].url, silent: true }).then(
                (value) => self.send({ type: 'config.loaded', part, value: sources[part].read(value) }),
                () => self.send({ type: 'config.failed', part }),
              );
            }
          },
          store: (_, { config }) => {
            local.set('systemconfig', config);
            applyTheme(config.Theme.systemThemeColor);
            document.title = config.iconConfig.windowName || config.iconConfig.systemName;
            resolve({ config, actor });
          },
        },
      }),
    );
    // Nothing shows before all four parts are settled: the page names the parts still loading
    // (data-config-loading on <html>, gone once ready) for the path tests to read.
    actor.subscribe(({ value }) => {
      const regions = typeof value === 'string' ? {} : (value.loading as Record<string, string>);
      const loading = CONFIG_PARTS.filter((part) => regions[part] === 'loading');
      if (loading.length) document.documentElement.dataset.configLoading = loading.join(' ');
      else delete document.documentElement.dataset.configLoading;
    });
    actor.start();
  });
}
