import { type AnyStateMachine, type StateValue, transition } from 'xstate';
import { can } from './can.js';

type Fields = Record<string, unknown>;

/**
 * A record's workflow: its machine, the machine state a stored record is in, and the fields the
 * machine's context writes back. The same object answers the server's check and greys the
 * console's button (docs/architecture.md rule 2).
 */
export interface Workflow {
  machine: AnyStateMachine;
  /** The machine state of a stored record. */
  stateOf(row: Fields): StateValue;
  /** The machine's context of a stored record (what its guards and actions read). */
  contextOf(row: Fields): Fields;
  /** The record's fields to store from the context after an event. */
  fieldsOf(context: Fields): Fields;
  /** The state's Chinese name, for refusals: 当前状态为已退役，不能退役. */
  stateName(row: Fields): string;
  /** What a new record starts with (the machine's initial state's fields). */
  initialFields?: Fields;
}

export const defineWorkflow = (workflow: Workflow): Workflow => workflow;

/** Whether the record's state takes the event (its payload aside). */
export const offers = (workflow: Workflow, row: Fields, eventType: string): boolean =>
  can(workflow.machine, workflow.stateOf(row), eventType);

export type Advance = { ok: true; fields: Fields } | { ok: false; reason: string };

/**
 * The fields after the event, or why not in Chinese: refused when the state does not offer the
 * event type, or when the machine's guards refuse this event.
 */
export function advance(workflow: Workflow, row: Fields, event: { type: string }, label: string): Advance {
  const refused = { ok: false as const, reason: `当前状态为${workflow.stateName(row)}，不能${label}` };
  if (!offers(workflow, row, event.type)) return refused;
  const snapshot = workflow.machine.resolveState({
    value: workflow.stateOf(row),
    context: workflow.contextOf(row),
  });
  if (!snapshot.can(event)) return refused;
  const [next] = transition(workflow.machine, snapshot, event);
  return { ok: true, fields: workflow.fieldsOf(next.context as Fields) };
}
