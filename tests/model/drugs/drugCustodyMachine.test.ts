import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { KeepState } from '../../../domain/statuses/drugs.js';
import {
  type CustodyEvent,
  codeOfState,
  custodyEvents,
  custodyStateOf,
  custodyStep,
  drugCustodyMachine,
  stateLabels,
} from '../../../machines/drugCustodyMachine.js';
import { userEvents } from '../../support/machinePaths.js';

type Snapshot = SnapshotFrom<typeof drugCustodyMachine>;
/** A custody record received with four units. */
const RECEIVED = 4;

/** A dose, a give-back and a destruction of one unit, of three, and of more than was ever received. */
const attempts: CustodyEvent[] = (['custody.use', 'custody.giveBack', 'custody.destroy'] as const).flatMap(
  (type) => [1, 3, RECEIVED + 1].map((quantity) => ({ type, quantity })),
);

type Fields = { state: string; rest: number };
const closing: Record<CustodyEvent['type'], string> = {
  'custody.use': 'usedUp',
  'custody.giveBack': 'returned',
  'custody.destroy': 'destroyed',
};

/**
 * Written apart from the machine (docs/decisions.md "Drugs"): an open record (代管中, 使用中) gives
 * up to its rest; all of it closes the record as 已用完 / 已退还 / 已销毁, less leaves it 使用中. A
 * closed record, or more than the rest, is refused and nothing changes.
 */
function oracle(b: Fields, e: CustodyEvent): Fields | null {
  if (b.state !== 'kept' && b.state !== 'partlyUsed') return null;
  if (e.quantity > b.rest) return null;
  const rest = b.rest - e.quantity;
  return { state: rest === 0 ? closing[e.type] : 'partlyUsed', rest };
}

const fieldsOf = (s: Snapshot): Fields => ({ state: String(s.value), rest: s.context.restQuantity });
const describeEvent = (e: CustodyEvent) => `${custodyEvents[e.type].label}${e.quantity}`;

const model = createTestModel(drugCustodyMachine, {
  events: () => attempts,
  serializeState: (s) => JSON.stringify([s.value, s.context.restQuantity]),
});
const input = { restQuantity: RECEIVED };

describe('drug custody machine, model-based paths', () => {
  const paths = model.getShortestPaths({ allowDuplicatePaths: true, input } as never);

  it('reaches every state', () => {
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(stateLabels).sort());
  });

  it('stored codes map to states and back', () => {
    for (const code of Object.values(KeepState)) expect(codeOfState[custodyStateOf(code)]).toBe(code);
  });

  for (const path of paths)
    for (const event of attempts)
      it(`${stateLabels[String(path.state.value)]}（余${path.state.context.restQuantity}）—${describeEvent(event)}→`, () => {
        const actor = createActor(drugCustodyMachine, { input }).start();
        for (const e of userEvents<CustodyEvent>(path.steps)) actor.send(e);
        const before = fieldsOf(actor.getSnapshot());
        const want = oracle(before, event);
        // the server's check on the stored row gives the same answer
        const step = custodyStep({ keepState: codeOfState[before.state], restQuantity: before.rest }, event);
        actor.send(event);
        expect(fieldsOf(actor.getSnapshot())).toEqual(want ?? before);
        expect(step.ok).toBe(want !== null);
        if (step.ok && want)
          expect(step).toEqual({ ok: true, keepState: codeOfState[want.state], restQuantity: want.rest });
        // a closed record (已退还, 已销毁) is the state's refusal; anything else is short of units (10901)
        if (!step.ok) expect(step.beyondRest).toBe(!['returned', 'destroyed'].includes(before.state));
        actor.stop();
      });
});
