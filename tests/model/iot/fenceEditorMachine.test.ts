import { describe, expect, it } from 'vitest';
import {
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type SnapshotFrom,
  transition,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { LngLat } from '../../../domain/floorPlan.js';
import {
  closeRing,
  type EditableRail,
  type FenceEditorEvent,
  fenceEditorMachine,
  MIN_VERTICES,
  openRing,
} from '../../../machines/fenceEditorMachine.js';

type Snapshot = SnapshotFrom<typeof fenceEditorMachine>;
const P: LngLat = [120.13, 30.26];
const Q: LngLat = [120.131, 30.261];
const garden: EditableRail = {
  railId: 1,
  railName: '花园',
  remark: '',
  vertices: [
    [120.1, 30.2],
    [120.2, 30.2],
    [120.2, 30.3],
    [120.1, 30.3],
  ],
};
const stairs: EditableRail = {
  railId: 2,
  railName: '楼梯间',
  remark: '夜间禁入',
  vertices: [
    [120.1, 30.2],
    [120.2, 30.2],
    [120.2, 30.3],
  ],
};
const saved: EditableRail = { ...stairs, railId: 9, railName: '东区花园' };

/** Everything a user (or the server's answer) may bring; the machine decides what it takes. */
const attempts: FenceEditorEvent[] = [
  { type: 'rail.select', rail: garden },
  { type: 'rail.select', rail: stairs },
  { type: 'rail.deselect' },
  { type: 'draw.start' },
  { type: 'vertex.add', at: P },
  { type: 'vertex.undo' },
  { type: 'vertex.move', index: 0, at: Q },
  { type: 'vertex.move', index: 9, at: Q },
  { type: 'vertex.remove', index: 0 },
  { type: 'shape.finish' },
  { type: 'edit.start' },
  { type: 'save', railName: ' 东区花园 ', remark: ' 白天开放 ' },
  { type: 'save', railName: '   ', remark: '' },
  { type: 'save.done', rail: saved },
  { type: 'save.failed', message: '请输入围栏名称' },
  { type: 'delete.request' },
  { type: 'delete.confirm' },
  { type: 'delete.done' },
  { type: 'delete.failed', message: '围栏正被规则「夜间离床」使用，不能删除' },
  { type: 'cancel' },
];

/** Drafts alike but for how many vertices they have beyond four are one state of the model. */
const serialize = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    Math.min(s.context.vertices.length, MIN_VERTICES + 1),
    s.context.selected?.railId ?? null,
    s.context.error !== null,
  ]);

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...Object.values(node.states).flatMap(stateNodes),
];
const definedTransitions = (node: AnyStateNode): AnyTransitionDefinition[] =>
  stateNodes(node).flatMap((n) => [...n.transitions.values()].flat());
const describeTransition = (t: AnyTransitionDefinition) =>
  `${t.source.id} —${t.eventType}→ ${t.target?.map((n) => n.id).join(',') ?? '(stays)'}`;
const userEvents = (steps: readonly { event: FenceEditorEvent | { type: 'xstate.init' } }[]) =>
  steps.flatMap((st) => (st.event.type === 'xstate.init' ? [] : [st.event as FenceEditorEvent]));
const describeEvent = (e: FenceEditorEvent) =>
  e.type +
  ('rail' in e ? `(${e.rail.railId})` : '') +
  ('index' in e ? `(${e.index})` : '') +
  (e.type === 'save' && !e.railName.trim() ? '(blank)' : '');

/** A real actor whose effects write what the page would have done into a ledger. */
function startSut(canEdit: boolean) {
  const calls: { name: string; params: unknown }[] = [];
  const record = (name: string) => (_: unknown, params: unknown) => {
    calls.push({ name, params });
  };
  const actor = createActor(
    fenceEditorMachine.provide({
      actions: { persist: record('persist'), remove: record('remove'), reload: record('reload') },
    }),
    { input: { canEdit } },
  ).start();
  const checkInvariants = () => {
    const s = actor.getSnapshot();
    const { selected, vertices } = s.context;
    // A shape is only named and saved once it has enough vertices.
    if (s.matches('naming') || s.matches('saving'))
      expect(vertices.length).toBeGreaterThanOrEqual(MIN_VERTICES);
    // Moving vertices is always about a chosen rail; browsing holds none.
    if (s.matches('editing') || s.matches('confirmingDelete') || s.matches('deleting'))
      expect(selected).not.toBeNull();
    if (s.matches('browsing')) expect([selected, vertices]).toEqual([null, []]);
    if (s.matches('selected')) expect(vertices).toEqual([]);
    // Without the edit authority the editor can only look.
    if (!canEdit) expect(s.matches('browsing') || s.matches('selected')).toBe(true);
  };
  return { actor, calls, checkInvariants };
}

/** What each event must do when the machine takes it. */
function expectSpec(
  before: Snapshot,
  event: FenceEditorEvent,
  after: Snapshot,
  calls: { name: string; params: unknown }[],
) {
  const took =
    JSON.stringify([after.value, after.context]) !== JSON.stringify([before.value, before.context]) ||
    calls.length > 0;
  const b = before.context;
  const a = after.context;
  const at = (s: string) => before.value === s;
  switch (event.type) {
    case 'rail.select':
      // Choosing the rail already chosen only dismisses a refusal shown for it.
      expect(took).toBe(
        (at('browsing') || at('selected')) && (b.selected !== event.rail || b.error !== null),
      );
      if (took) expect(a.error).toBeNull();
      if (at('browsing') || at('selected'))
        expect([after.value, a.selected]).toEqual(['selected', event.rail]);
      break;
    case 'rail.deselect':
      expect(took).toBe(at('selected'));
      if (took) expect([after.value, a.selected]).toEqual(['browsing', null]);
      break;
    case 'draw.start':
      expect(took).toBe(b.canEdit && (at('browsing') || at('selected')));
      if (took) expect([after.value, a.selected, a.vertices]).toEqual(['drawing', null, []]);
      break;
    case 'vertex.add':
      expect(took).toBe(at('drawing'));
      if (took) expect(a.vertices).toEqual([...b.vertices, event.at]);
      break;
    case 'vertex.undo':
      expect(took).toBe(at('drawing') && b.vertices.length > 0);
      if (took) expect(a.vertices).toEqual(b.vertices.slice(0, -1));
      break;
    case 'vertex.move':
      expect(took).toBe((at('drawing') || at('editing')) && event.index < b.vertices.length);
      if (took) {
        expect(a.vertices[event.index]).toEqual(event.at);
        expect(a.vertices.length).toBe(b.vertices.length);
      }
      break;
    case 'vertex.remove':
      expect(took).toBe(at('editing') && b.vertices.length > MIN_VERTICES);
      if (took) expect(a.vertices).toEqual(b.vertices.slice(1));
      break;
    case 'shape.finish':
      expect(took).toBe((at('drawing') && b.vertices.length >= MIN_VERTICES) || at('editing'));
      if (took) expect(after.value).toBe('naming');
      break;
    case 'edit.start':
      expect(took).toBe(b.canEdit && at('selected'));
      if (took) expect([after.value, a.vertices]).toEqual(['editing', b.selected?.vertices]);
      break;
    case 'save':
      expect(took).toBe(at('naming') && event.railName.trim() !== '');
      if (took) {
        expect(after.value).toBe('saving');
        const polygon = closeRing(b.vertices);
        expect(polygon[0]).toEqual(polygon[polygon.length - 1]);
        expect(calls).toEqual([
          {
            name: 'persist',
            params: {
              draft: {
                railId: b.selected?.railId ?? null,
                railName: '东区花园',
                remark: '白天开放',
                polygon,
              },
            },
          },
        ]);
      }
      break;
    case 'save.done':
      expect(took).toBe(at('saving'));
      if (took) {
        expect([after.value, a.selected, a.vertices, a.error]).toEqual(['selected', event.rail, [], null]);
        expect(calls.map((c) => c.name)).toEqual(['reload']);
      }
      break;
    case 'save.failed':
      expect(took).toBe(at('saving'));
      if (took) expect([after.value, a.error, a.vertices]).toEqual(['naming', event.message, b.vertices]);
      break;
    case 'delete.request':
      expect(took).toBe(b.canEdit && at('selected'));
      if (took) expect(after.value).toBe('confirmingDelete');
      break;
    case 'delete.confirm':
      expect(took).toBe(at('confirmingDelete'));
      if (took) expect(calls).toEqual([{ name: 'remove', params: { railId: b.selected?.railId } }]);
      break;
    case 'delete.done':
      expect(took).toBe(at('deleting'));
      if (took) {
        expect([after.value, a.selected]).toEqual(['browsing', null]);
        expect(calls.map((c) => c.name)).toEqual(['reload']);
      }
      break;
    case 'delete.failed':
      expect(took).toBe(at('deleting'));
      if (took) expect([after.value, a.selected, a.error]).toEqual(['selected', b.selected, event.message]);
      break;
    case 'cancel': {
      // Cancel steps back one level; it never saves or deletes anything.
      const back: Record<string, string> = {
        selected: 'browsing',
        drawing: 'browsing',
        editing: 'selected',
        naming: b.selected ? 'editing' : 'drawing',
        confirmingDelete: 'selected',
      };
      expect(after.value).toBe(back[before.value as string] ?? before.value);
      expect(calls).toEqual([]);
      break;
    }
  }
}

for (const canEdit of [true, false]) {
  describe(`fence editor machine, model-based paths (${canEdit ? 'editor' : 'viewer'})`, () => {
    const model = createTestModel(fenceEditorMachine, {
      events: () => attempts,
      serializeState: serialize,
      input: { canEdit },
    });
    const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
    const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

    if (canEdit) {
      it('reaches every state node', () => {
        const reached = new Set(shortest.map((p) => p.state.value as string));
        expect([...reached].sort()).toEqual(Object.keys(fenceEditorMachine.root.states).sort());
      });
      it('takes every transition the machine defines', () => {
        const taken = new Set(
          cases.flatMap((c) => fenceEditorMachine.getTransitionData(c.path.state, c.event)),
        );
        const missed = definedTransitions(fenceEditorMachine.root).filter((t) => !taken.has(t));
        expect(missed.map(describeTransition)).toEqual([]);
      });
    } else {
      it('never leaves browsing and selecting', () => {
        expect(new Set(shortest.map((p) => p.state.value as string))).toEqual(
          new Set(['browsing', 'selected']),
        );
      });
    }

    for (const { path, event } of cases) {
      const via = userEvents(path.steps).map(describeEvent).join('→');
      it(`${JSON.stringify(path.state.value)}×${path.state.context.vertices.length} (${via}) —${describeEvent(event)}→`, () => {
        const sut = startSut(canEdit);
        for (const e of userEvents(path.steps)) sut.actor.send(e);
        const before = sut.actor.getSnapshot();
        const callsBefore = sut.calls.length;
        sut.actor.send(event);
        const [next] = transition(fenceEditorMachine, before, event);
        const after = sut.actor.getSnapshot();
        expect(after.value).toEqual(next.value);
        sut.checkInvariants();
        expectSpec(before, event, after, sut.calls.slice(callsBefore));
        sut.actor.stop();
      });
    }
  });
}

describe('rings', () => {
  it('closes an open ring and opens a closed one', () => {
    expect(closeRing(stairs.vertices)).toEqual([...stairs.vertices, stairs.vertices[0]]);
    expect(openRing(closeRing(stairs.vertices))).toEqual(stairs.vertices);
    expect(openRing(stairs.vertices)).toEqual(stairs.vertices);
    expect(closeRing([])).toEqual([]);
  });
});
