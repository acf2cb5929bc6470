import { assign, setup } from 'xstate';
import { type ConfigPart, type SystemConfigParts, systemConfigDefaults } from '../domain/systemConfig.js';

export type SystemConfigEvent =
  | { type: 'config.loaded'; part: ConfigPart; value: unknown }
  | { type: 'config.failed'; part: ConfigPart }
  | { type: 'config.update'; part: ConfigPart; value: unknown }
  | { type: 'config.reload' };

const region = (part: ConfigPart) => ({
  initial: 'loading' as const,
  states: {
    loading: {
      on: {
        'config.loaded': {
          guard: { type: 'isPart' as const, params: { part } },
          target: 'settled',
          actions: 'mergePart' as const,
        },
        // Spec 000 §4: a part that fails keeps its default.
        'config.failed': { guard: { type: 'isPart' as const, params: { part } }, target: 'settled' },
      },
    },
    settled: { type: 'final' as const },
  },
});

/**
 * Spec 000 §3–§4: the four parts load in parallel, each falls back to its default; once all are
 * settled the config is stored and applied. Display settings update one part live.
 */
export const systemConfigMachine = setup({
  types: {} as { context: SystemConfigParts; events: SystemConfigEvent },
  guards: {
    isPart: ({ event }, params: { part: ConfigPart }) => 'part' in event && event.part === params.part,
  },
  actions: {
    mergePart: assign(({ context, event }) =>
      event.type === 'config.loaded' || event.type === 'config.update'
        ? { ...context, [event.part]: { ...context[event.part], ...(event.value as object) } }
        : context,
    ),
    loadParts: () => undefined,
    store: (_, _params: { config: SystemConfigParts }) => undefined,
  },
}).createMachine({
  id: 'systemConfig',
  context: systemConfigDefaults,
  initial: 'loading',
  states: {
    loading: {
      meta: { label: '加载系统配置' },
      entry: 'loadParts',
      type: 'parallel',
      states: {
        iconConfig: region('iconConfig'),
        loginPageConfig: region('loginPageConfig'),
        mattress: region('mattress'),
        Theme: region('Theme'),
      },
      onDone: { target: 'ready', actions: { type: 'store', params: ({ context }) => ({ config: context }) } },
    },
    ready: {
      meta: { label: '配置就绪' },
      on: {
        'config.update': {
          actions: ['mergePart', { type: 'store', params: ({ context }) => ({ config: context }) }],
        },
        'config.reload': 'loading',
      },
    },
  },
});

/** Chinese names of the machine's events and states (npm run paths, test-case sheets). */
export const eventLabels: Record<string, string> = {
  'config.loaded': '配置已加载',
  'config.failed': '配置加载失败',
  'config.update': '更新配置',
  'config.reload': '重新加载',
  'xstate.done.state.systemConfig.loading': '全部加载完成',
};
const partNames = {
  iconConfig: '图标配置',
  loginPageConfig: '登录页配置',
  mattress: '床垫配置',
  Theme: '主题色',
};
export const stateLabels: Record<string, string> = Object.fromEntries(
  Object.entries(partNames).flatMap(([part, name]) => [
    [`loading.${part}.loading`, `${name}加载中`],
    [`loading.${part}.settled`, `${name}已就绪`],
  ]),
);

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  isPart: '对应的配置项',
};
