import {
  type AnyStateMachine,
  createActor,
  type EventFromLogic,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import type { TestPath } from 'xstate/graph';

/** The events a user sent along a generated path (the model's own init step left out). */
export const userEvents = <E extends EventObject>(steps: readonly { event: EventObject }[]): E[] =>
  steps.flatMap((s) => (s.event.type === 'xstate.init' ? [] : [s.event as E]));

/**
 * Runs a generated path against a fresh actor of the machine: every event of the path is sent,
 * and after each step `check` sees the model's snapshot beside the actor's.
 */
export async function runPath<M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  path: TestPath<SnapshotFrom<M>, EventObject>,
  check: (expected: SnapshotFrom<M>, actual: SnapshotFrom<M>) => void,
) {
  const actor = createActor(machine, { input } as never).start();
  const types = [...new Set(userEvents(path.steps).map((e) => e.type))];
  await path.test({
    states: { '*': (snapshot) => check(snapshot, actor.getSnapshot() as SnapshotFrom<M>) },
    events: Object.fromEntries(
      types.map((type) => [
        type,
        // the path's own events, of the machine's event type
        ({ event }: { event: EventObject }) => actor.send(event as EventFromLogic<M>),
      ]),
    ) as never,
  });
  actor.stop();
}
