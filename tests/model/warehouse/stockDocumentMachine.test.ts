import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { DocState } from '../../../domain/statuses/warehouse.js';
import { can } from '../../../machines/can.js';
import {
  codeOfState,
  type StockDocEvent,
  stockDocEvents,
  stateLabels as stockDocStateLabels,
  stockDocStateOf,
  stockDocumentMachine,
} from '../../../machines/stockDocumentMachine.js';
import { userEvents } from '../../support/machinePaths.js';

const attempts: StockDocEvent[] = [
  { type: 'stockDoc.post' },
  { type: 'stockDoc.postRedPunch' },
  { type: 'stockDoc.print' },
  { type: 'stockDoc.reverse' },
];

/**
 * Written apart from the machine (docs/decisions.md "Warehouse"): the state after an event, or
 * null when refused. Printing keeps a printed or red-punch document as it is; a reversed document
 * takes nothing; a red-punch document is never reversed.
 */
function oracle(state: string, e: StockDocEvent): string | null {
  switch (e.type) {
    case 'stockDoc.post':
      return state === 'draft' ? 'posted' : null;
    case 'stockDoc.postRedPunch':
      return state === 'draft' ? 'redPunch' : null;
    case 'stockDoc.print':
      return state === 'posted' || state === 'printed' ? 'printed' : state === 'redPunch' ? 'redPunch' : null;
    case 'stockDoc.reverse':
      return state === 'posted' || state === 'printed' ? 'reversed' : null;
  }
}

describe('stock document machine, model-based paths', () => {
  const paths = createTestModel(stockDocumentMachine, { events: () => attempts }).getShortestPaths({
    allowDuplicatePaths: true,
  });

  it('reaches every state', () => {
    const reached = new Set(['draft', ...paths.map((p) => String(p.state.value))]);
    expect([...reached].sort()).toEqual(Object.keys(stockDocStateLabels).sort());
  });

  it('stored codes map to states and back', () => {
    for (const code of Object.values(DocState)) expect(codeOfState[stockDocStateOf(code)]).toBe(code);
  });

  for (const path of paths)
    for (const event of attempts)
      it(`${stockDocStateLabels[String(path.state.value)]} —${stockDocEvents[event.type].label}→`, () => {
        const actor = createActor(stockDocumentMachine).start();
        for (const e of userEvents<StockDocEvent>(path.steps)) actor.send(e);
        const before = String(actor.getSnapshot().value);
        // the server reads a stored row's docState through stockDocStateOf
        const stored = before === 'draft' ? null : codeOfState[before];
        const allowed = can(stockDocumentMachine, stockDocStateOf(stored), event.type);
        actor.send(event);
        const want = oracle(before, event);
        expect(allowed).toBe(want !== null);
        expect(String(actor.getSnapshot().value)).toBe(want ?? before);
        actor.stop();
      });
});
