import { setup, transition } from 'xstate';
import { lendStates } from '../domain/statuses/warehouse.js';
import { defineWorkflow } from './workflow.js';

/**
 * A lending (借用单, issue #16): saving it takes the goods out (lent); a return brings some lines
 * back (partly returned) or the last units out (returned). A returned lending takes nothing more.
 */
export type LendEvent = { type: 'lend.post' } | { type: 'lend.return'; allBack: boolean };

export const lendEvents: Record<LendEvent['type'], { label: string }> = {
  'lend.post': { label: '借出' },
  'lend.return': { label: '归还' },
};

/** A lending not yet saved has no stored state; the others are the lendState codes (domain/statuses/warehouse.ts). */
export const lendStateLabels: Record<string, string> = { draft: '未保存', ...lendStates.labels };

const backTo = [{ guard: 'allBack', target: 'returned' }, { target: 'partlyReturned' }] as const;

export const lendMachine = setup({
  types: {} as { events: LendEvent },
  guards: { allBack: ({ event }) => event.type === 'lend.return' && event.allBack },
}).createMachine({
  id: 'lend',
  initial: 'draft',
  states: {
    draft: { on: { 'lend.post': 'lent' } },
    lent: { on: { 'lend.return': [...backTo] } },
    partlyReturned: { on: { 'lend.return': [...backTo] } },
    returned: {},
  },
});

export const codeOfLendState: Record<string, number> = lendStates.code;
export const lendStateOf = (code: unknown): string => lendStates.keyOf(Number(code)) ?? 'draft';

/** The state after the event, or null when the state does not take it. */
export function nextLendState(code: unknown, event: LendEvent): string | null {
  const snapshot = lendMachine.resolveState({ value: lendStateOf(code), context: {} });
  if (!snapshot.can(event)) return null;
  return String(transition(lendMachine, snapshot, event)[0].value);
}

export const lendWorkflow = defineWorkflow({
  machine: lendMachine,
  stateOf: (row) => lendStateOf(row.lendState),
  contextOf: () => ({}),
  fieldsOf: () => ({}),
  stateName: (row) => lendStateLabels[lendStateOf(row.lendState)] ?? '',
});

/** For `npm run paths`: the Chinese names of the states. */
export const stateLabels = lendStateLabels;

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  allBack: '全部归还',
};
