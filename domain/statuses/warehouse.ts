import { defineStatuses } from '../status.js';

// The statuses its machine, the dictionaries and the module share (docs/architecture.md, "Layers").
/** A document's state (stockDocumentMachine; dictionary stockDocState). */
export const docStates = defineStatuses([
  { key: 'posted', code: 1, label: '已入账' },
  { key: 'printed', code: 2, label: '已打印' },
  { key: 'reversed', code: 3, label: '已冲红' },
  { key: 'redPunch', code: 4, label: '冲红单' },
] as const);
export const DocState = docStates.code;
export const docStateNames: Record<number, string> = docStates.label;

/** A lending's state (lendMachine; dictionary lendState). */
export const lendStates = defineStatuses([
  { key: 'lent', code: 1, label: '借出中' },
  { key: 'partlyReturned', code: 2, label: '部分归还' },
  { key: 'returned', code: 3, label: '已归还' },
] as const);
export const LendState = lendStates.code;
export const lendStateNames: Record<number, string> = lendStates.label;

/** A stocktake's state (stocktakeMachine; dictionary inventoryState). */
export const inventoryStates = defineStatuses([
  { key: 'counting', code: 1, label: '盘点中' },
  { key: 'posted', code: 2, label: '已过账' },
  { key: 'cancelled', code: 3, label: '已作废' },
] as const);
export const InventoryState = inventoryStates.code;
export const inventoryStateNames: Record<number, string> = inventoryStates.label;
