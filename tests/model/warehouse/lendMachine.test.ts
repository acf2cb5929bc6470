import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { LendState } from '../../../domain/statuses/warehouse.js';
import { can } from '../../../machines/can.js';
import {
  codeOfLendState,
  type LendEvent,
  lendEvents,
  lendMachine,
  lendStateLabels,
  lendStateOf,
  nextLendState,
} from '../../../machines/lendMachine.js';
import { userEvents } from '../../support/machinePaths.js';

const attempts: LendEvent[] = [
  { type: 'lend.post' },
  { type: 'lend.return', allBack: false },
  { type: 'lend.return', allBack: true },
];

/**
 * Written apart from the machine (docs/decisions.md "Warehouse: scrap, transfer, lending…"): the
 * state after an event, or null when refused. A return that leaves units out is a partial one; the
 * last units out make the lending returned, which takes nothing more.
 */
function oracle(state: string, e: LendEvent): string | null {
  if (e.type === 'lend.post') return state === 'draft' ? 'lent' : null;
  if (state !== 'lent' && state !== 'partlyReturned') return null;
  return e.allBack ? 'returned' : 'partlyReturned';
}

const label = (e: LendEvent) =>
  e.type === 'lend.return'
    ? `${lendEvents[e.type].label}${e.allBack ? '（全部）' : '（部分）'}`
    : lendEvents[e.type].label;

describe('lending machine, model-based paths', () => {
  const paths = createTestModel(lendMachine, { events: () => attempts }).getShortestPaths({
    allowDuplicatePaths: true,
  });

  it('reaches every state', () => {
    const reached = new Set(['draft', ...paths.map((p) => String(p.state.value))]);
    expect([...reached].sort()).toEqual(Object.keys(lendStateLabels).sort());
  });

  it('stored codes map to states and back', () => {
    for (const code of Object.values(LendState)) expect(codeOfLendState[lendStateOf(code)]).toBe(code);
  });

  for (const path of paths)
    for (const event of attempts)
      it(`${lendStateLabels[String(path.state.value)]} —${label(event)}→`, () => {
        const actor = createActor(lendMachine).start();
        for (const e of userEvents<LendEvent>(path.steps)) actor.send(e);
        const before = String(actor.getSnapshot().value);
        // the server reads a stored row's lendState through lendStateOf and nextLendState
        const stored = before === 'draft' ? null : codeOfLendState[before];
        const allowed = can(lendMachine, lendStateOf(stored), event.type);
        const serverNext = nextLendState(stored, event);
        actor.send(event);
        const want = oracle(before, event);
        expect(allowed).toBe(want !== null);
        expect(serverNext).toBe(want);
        expect(String(actor.getSnapshot().value)).toBe(want ?? before);
        actor.stop();
      });
});
