import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { InventoryState } from '../../../domain/statuses/warehouse.js';
import { can } from '../../../machines/can.js';
import {
  codeOfStocktakeState,
  type StocktakeEvent,
  stocktakeEvents,
  stocktakeMachine,
  stocktakeStateLabels,
  stocktakeStateOf,
} from '../../../machines/stocktakeMachine.js';
import { userEvents } from '../../support/machinePaths.js';

const attempts: StocktakeEvent[] = Object.keys(stocktakeEvents).map((type) => ({ type }) as StocktakeEvent);

/**
 * Written apart from the machine: a stocktake is created (the snapshot), counted and saved, snapshot
 * again, then posted or cancelled; a posted one may still be printed, a cancelled one takes nothing.
 */
function oracle(state: string, e: StocktakeEvent): string | null {
  switch (state) {
    case 'draft':
      return e.type === 'stocktake.create' ? 'counting' : null;
    case 'counting':
      if (e.type === 'stocktake.post') return 'posted';
      if (e.type === 'stocktake.cancel') return 'cancelled';
      return e.type === 'stocktake.create' ? null : 'counting';
    case 'posted':
      return e.type === 'stocktake.print' ? 'posted' : null;
    default:
      return null;
  }
}

describe('stocktake machine, model-based paths', () => {
  const paths = createTestModel(stocktakeMachine, { events: () => attempts }).getShortestPaths({
    allowDuplicatePaths: true,
  });

  it('reaches every state', () => {
    const reached = new Set(['draft', ...paths.map((p) => String(p.state.value))]);
    expect([...reached].sort()).toEqual(Object.keys(stocktakeStateLabels).sort());
  });

  it('stored codes map to states and back', () => {
    for (const code of Object.values(InventoryState))
      expect(codeOfStocktakeState[stocktakeStateOf(code)]).toBe(code);
  });

  for (const path of paths)
    for (const event of attempts)
      it(`${stocktakeStateLabels[String(path.state.value)]} —${stocktakeEvents[event.type].label}→`, () => {
        const actor = createActor(stocktakeMachine).start();
        for (const e of userEvents<StocktakeEvent>(path.steps)) actor.send(e);
        const before = String(actor.getSnapshot().value);
        const stored = before === 'draft' ? null : codeOfStocktakeState[before];
        const allowed = can(stocktakeMachine, stocktakeStateOf(stored), event.type);
        actor.send(event);
        const want = oracle(before, event);
        expect(allowed).toBe(want !== null);
        expect(String(actor.getSnapshot().value)).toBe(want ?? before);
        actor.stop();
      });
});
