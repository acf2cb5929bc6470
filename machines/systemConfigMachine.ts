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
