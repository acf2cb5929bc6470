import { assign, setup, transition } from 'xstate';
import { KeepState, keepStates } from '../domain/statuses/drugs.js';
import { defineWorkflow, offers } from './workflow.js';

/**
 * A drug an elder's family handed over to the home (代管药品, issue #16): kept until a dose or a
 * take-out draws on it (使用中), closed when the last unit is used (已用完), given back to the family
 * (已退还) or destroyed (已销毁). Nothing is drawn beyond the rest; a closed record takes nothing.
 */
export type CustodyEvent =
  | { type: 'custody.use'; quantity: number }
  | { type: 'custody.giveBack'; quantity: number }
  | { type: 'custody.destroy'; quantity: number };

export const custodyEvents: Record<CustodyEvent['type'], { label: string }> = {
  'custody.use': { label: '用药' },
  'custody.giveBack': { label: '退还家属' },
  'custody.destroy': { label: '销毁' },
};

/** The keepState codes' labels (domain/statuses/drugs.ts). */
export const stateLabels: Record<string, string> = keepStates.labels;

/** Chinese names of the machine's guards, as 状态机与测试路径 draws them on a guarded transition. */
export const guardLabels: Record<string, string> = {
  fits: '数量不超过剩余',
  takesAll: '取完剩余',
};

export interface CustodyContext {
  restQuantity: number;
}

const fits = ({ context, event }: { context: CustodyContext; event: CustodyEvent }) =>
  Number.isSafeInteger(event.quantity) && event.quantity >= 1 && event.quantity <= context.restQuantity;
const takesAll = ({ context, event }: { context: CustodyContext; event: CustodyEvent }) =>
  fits({ context, event }) && event.quantity === context.restQuantity;

/** From an open state: all of the rest closes the record in `last`, less leaves it 使用中. */
const draw = <Last extends string>(last: Last) => [
  { guard: 'takesAll' as const, target: last, actions: 'draw' as const },
  { guard: 'fits' as const, target: 'partlyUsed' as const, actions: 'draw' as const },
];
const open = {
  on: {
    'custody.use': draw('usedUp'),
    'custody.giveBack': draw('returned'),
    'custody.destroy': draw('destroyed'),
  },
};

export const drugCustodyMachine = setup({
  types: {} as { context: CustodyContext; events: CustodyEvent; input: CustodyContext },
  guards: { fits, takesAll },
  actions: {
    draw: assign({ restQuantity: ({ context, event }) => context.restQuantity - event.quantity }),
  },
}).createMachine({
  id: 'drugCustody',
  initial: 'kept',
  context: ({ input }) => ({ restQuantity: input?.restQuantity ?? 0 }),
  states: {
    kept: open,
    partlyUsed: open,
    usedUp: { type: 'final' },
    returned: { type: 'final' },
    destroyed: { type: 'final' },
  },
});

export const codeOfState: Record<string, number> = keepStates.code;

/** The machine state of a stored custody record's keepState. */
export const custodyStateOf = (code: unknown): string => keepStates.keyOf(Number(code)) ?? 'kept';

export const drugCustodyWorkflow = defineWorkflow({
  machine: drugCustodyMachine,
  stateOf: (row) => custodyStateOf(row.keepState),
  contextOf: (row) => ({ restQuantity: Number(row.restQuantity ?? 0) }),
  fieldsOf: (context) => ({ restQuantity: context.restQuantity }),
  stateName: (row) => stateLabels[custodyStateOf(row.keepState)] ?? '',
  initialFields: { keepState: KeepState.kept },
});

export type CustodyStep =
  | { ok: true; keepState: number; restQuantity: number }
  | { ok: false; reason: string; beyondRest: boolean };

/**
 * What an event does to a stored custody record: its new state and rest, or why not in Chinese — a
 * closed record (当前状态为已退还，不能用药), or more than the rest, a used-up record included
 * (`beyondRest`: the caller names the drug and the units in its own message).
 */
export function custodyStep(row: Record<string, unknown>, event: CustodyEvent): CustodyStep {
  const label = custodyEvents[event.type].label;
  if (!offers(drugCustodyWorkflow, row, event.type))
    return {
      ok: false,
      reason: `当前状态为${drugCustodyWorkflow.stateName(row)}，不能${label}`,
      // 已用完 is a rest of nothing: the nurse is told what is left, as for any dose beyond it
      beyondRest: custodyStateOf(row.keepState) === 'usedUp',
    };
  const snapshot = drugCustodyMachine.resolveState({
    value: custodyStateOf(row.keepState),
    context: { restQuantity: Number(row.restQuantity ?? 0) },
  });
  if (!snapshot.can(event)) return { ok: false, reason: `余量不足，不能${label}`, beyondRest: true };
  const [next] = transition(drugCustodyMachine, snapshot, event);
  return {
    ok: true,
    keepState: codeOfState[String(next.value)] ?? KeepState.kept,
    restQuantity: next.context.restQuantity,
  };
}
