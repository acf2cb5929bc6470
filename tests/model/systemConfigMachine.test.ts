import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { CONFIG_PARTS, type SystemConfigParts, systemConfigDefaults } from '../../domain/systemConfig.js';
import { type SystemConfigEvent, systemConfigMachine } from '../../machines/systemConfigMachine.js';

const loaded: Record<string, unknown> = {
  iconConfig: { systemName: '阳光颐养院' },
  loginPageConfig: { mainFirstUrl: '/home' },
  mattress: { setId: 9 },
  Theme: { systemThemeColor: '#009995' },
};

/** Each part may load or fail, in any order; then a display update and a reload. */
function eventsFor(snapshot: ReturnType<typeof systemConfigMachine.getInitialSnapshot>): SystemConfigEvent[] {
  if (snapshot.matches('ready'))
    return [
      { type: 'config.update', part: 'iconConfig', value: { waterMark: 'CLOSE' } },
      { type: 'config.reload' },
    ];
  return CONFIG_PARTS.filter((part) => snapshot.matches({ loading: { [part]: 'loading' } })).flatMap(
    (part) => [
      { type: 'config.loaded', part, value: loaded[part] } as const,
      { type: 'config.failed', part } as const,
    ],
  );
}

const model = createTestModel(systemConfigMachine, {
  events: eventsFor,
  filterEvents: (_, e) => !e.type.startsWith('xstate.'),
});

function sut() {
  const stored: SystemConfigParts[] = [];
  let loads = 0;
  const actor = createActor(
    systemConfigMachine.provide({
      actions: { loadParts: () => void loads++, store: (_, p) => void stored.push(p.config) },
    }),
  ).start();
  return { actor, stored, loads: () => loads };
}

describe('system config machine paths', () => {
  const paths = model.getShortestPaths({ allowDuplicatePaths: true });
  it('reaches ready only after all four parts settled', () => {
    for (const p of paths.filter((x) => x.state.matches('ready'))) {
      const settled = new Set(p.steps.map((s) => ('part' in s.event ? s.event.part : '')).filter(Boolean));
      expect(settled.size).toBe(4);
    }
    expect(paths.some((p) => p.state.matches('ready'))).toBe(true);
  });
  for (const path of paths) {
    const name = path.steps
      .map((s) => `${s.event.type}${'part' in s.event ? `:${s.event.part}` : ''}`)
      .join(' → ');
    it(name, async () => {
      const s = sut();
      await path.test({
        states: { '*': (snap) => expect(s.actor.getSnapshot().value).toEqual(snap.value) },
        events: Object.fromEntries(
          ['config.loaded', 'config.failed', 'config.update', 'config.reload'].map((t) => [
            t,
            ({ event }: { event: SystemConfigEvent }) => s.actor.send(event),
          ]),
        ) as never,
      });
      const end = s.actor.getSnapshot();
      if (end.matches('ready')) {
        const last = s.stored.at(-1);
        expect(last).toEqual(end.context);
        for (const part of CONFIG_PARTS) {
          const failed = path.steps.some((st) => st.event.type === 'config.failed' && st.event.part === part);
          // A failed part keeps its default (unless an update changed it afterwards).
          const reloaded = path.steps.some((st) => st.event.type === 'config.reload');
          if (failed && !reloaded && part !== 'iconConfig')
            expect(last?.[part]).toEqual(systemConfigDefaults[part]);
        }
      } else if (!path.steps.some((st) => st.event.type === 'config.reload'))
        expect(s.stored).toHaveLength(0);
      expect(s.loads()).toBe(1 + path.steps.filter((st) => st.event.type === 'config.reload').length);
    });
  }
});
