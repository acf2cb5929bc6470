import { createContext, useContext } from 'react';
import type { Actor } from 'xstate';
import type { systemConfigMachine } from '../../machines/systemConfigMachine.js';

/** The console's system-config machine, kept running after the start (src/main.tsx) for live updates. */
export type ConfigActor = Actor<typeof systemConfigMachine>;

const ConfigContext = createContext<ConfigActor | null>(null);
export const ConfigProvider = ConfigContext.Provider;

/** The running system-config machine: 显示设置 sends it config.update, the shell follows its context. */
export function useConfigActor(): ConfigActor {
  const actor = useContext(ConfigContext);
  if (!actor) throw new Error('useConfigActor outside ConfigProvider');
  return actor;
}
