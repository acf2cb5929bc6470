import { setup } from 'xstate';
import { inventoryStates } from '../domain/statuses/warehouse.js';
import { defineWorkflow } from './workflow.js';

/**
 * A stocktake (盘点单, issue #16): creating it snapshots the depot's book quantities (counting);
 * the counts are saved as often as needed; posting writes the differences to the ledger (posted);
 * a stocktake still being counted may be cancelled. Both ends are final; either may be printed
 * (the count sheet while counting, the result once posted).
 */
export type StocktakeEvent =
  | { type: 'stocktake.create' }
  | { type: 'stocktake.save' }
  | { type: 'stocktake.resnapshot' }
  | { type: 'stocktake.post' }
  | { type: 'stocktake.cancel' }
  | { type: 'stocktake.print' };

export const stocktakeEvents: Record<StocktakeEvent['type'], { label: string }> = {
  'stocktake.create': { label: '新建盘点' },
  'stocktake.save': { label: '保存盘点数量' },
  'stocktake.resnapshot': { label: '重新快照' },
  'stocktake.post': { label: '过账' },
  'stocktake.cancel': { label: '作废' },
  'stocktake.print': { label: '打印' },
};

/** A stocktake not yet created has no stored state; the others are the invState codes (domain/statuses/warehouse.ts). */
export const stocktakeStateLabels: Record<string, string> = { draft: '未保存', ...inventoryStates.labels };

export const stocktakeMachine = setup({ types: {} as { events: StocktakeEvent } }).createMachine({
  id: 'stocktake',
  initial: 'draft',
  states: {
    draft: { on: { 'stocktake.create': 'counting' } },
    counting: {
      on: {
        'stocktake.save': 'counting',
        'stocktake.resnapshot': 'counting',
        'stocktake.print': 'counting',
        'stocktake.post': 'posted',
        'stocktake.cancel': 'cancelled',
      },
    },
    posted: { on: { 'stocktake.print': 'posted' } },
    cancelled: {},
  },
});

export const codeOfStocktakeState: Record<string, number> = inventoryStates.code;
export const stocktakeStateOf = (code: unknown): string => inventoryStates.keyOf(Number(code)) ?? 'draft';

export const stocktakeWorkflow = defineWorkflow({
  machine: stocktakeMachine,
  stateOf: (row) => stocktakeStateOf(row.invState),
  contextOf: () => ({}),
  fieldsOf: () => ({}),
  stateName: (row) => stocktakeStateLabels[stocktakeStateOf(row.invState)] ?? '',
});

/** For `npm run paths`: the Chinese names of the states. */
export const stateLabels = stocktakeStateLabels;
