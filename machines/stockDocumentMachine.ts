import { setup } from 'xstate';
import { docStates } from '../domain/statuses/warehouse.js';
import { defineWorkflow } from './workflow.js';

/**
 * A stock document (入库单 / 出库单, issue #16): saving posts it to the stock ledger (posted),
 * printing it makes it printed (it may be printed again), a red punch reverses it once (reversed).
 * The reversing document itself is a red-punch document (冲红单): printable, never reversed.
 */
export type StockDocEvent =
  | { type: 'stockDoc.post' }
  | { type: 'stockDoc.postRedPunch' }
  | { type: 'stockDoc.print' }
  | { type: 'stockDoc.reverse' };

export const stockDocEvents: Record<StockDocEvent['type'], { label: string }> = {
  'stockDoc.post': { label: '保存' },
  'stockDoc.postRedPunch': { label: '保存冲红单' },
  'stockDoc.print': { label: '打印' },
  'stockDoc.reverse': { label: '冲红' },
};

/** A document not yet saved has no stored state; the others are the docState codes (domain/statuses/warehouse.ts). */
export const stateLabels: Record<string, string> = { draft: '未保存', ...docStates.labels };

export const stockDocumentMachine = setup({ types: {} as { events: StockDocEvent } }).createMachine({
  id: 'stockDocument',
  initial: 'draft',
  states: {
    draft: { on: { 'stockDoc.post': 'posted', 'stockDoc.postRedPunch': 'redPunch' } },
    posted: { on: { 'stockDoc.print': 'printed', 'stockDoc.reverse': 'reversed' } },
    printed: { on: { 'stockDoc.print': 'printed', 'stockDoc.reverse': 'reversed' } },
    reversed: {},
    redPunch: { on: { 'stockDoc.print': 'redPunch' } },
  },
});

/** The docState a document is stored with in a machine state. */
export const codeOfState: Record<string, number> = docStates.code;

/** The machine state of a stored document's docState. */
export const stockDocStateOf = (code: unknown): string => docStates.keyOf(Number(code)) ?? 'draft';

export const stockDocWorkflow = defineWorkflow({
  machine: stockDocumentMachine,
  stateOf: (row) => stockDocStateOf(row.docState),
  contextOf: () => ({}),
  fieldsOf: () => ({}),
  stateName: (row) => stateLabels[stockDocStateOf(row.docState)] ?? '',
  // 冲红 once: the greyed button and the server's refusal name why in the clerk's words (issue #42)
  whyNot: (row, eventType) => {
    if (eventType !== 'stockDoc.reverse') return undefined;
    const state = stockDocStateOf(row.docState);
    if (state === 'reversed') return '该单据已冲红';
    if (state === 'redPunch') return '冲红单不能再冲红';
    return undefined;
  },
});
