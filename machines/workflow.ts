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
  /**
   * Why the record cannot take the event, as far as the row tells, in the words a clerk would use:
   * a better wording of the state's refusal (该单据已冲红), or a guard's reason where the state does
   * offer the event (名额已满). Undefined where the row alone does not refuse it.
   */
  whyNot?(row: Fields, eventType: string): string | undefined;
}

export const defineWorkflow = (workflow: Workflow): Workflow => workflow;

/** Whether the record's state takes the event (its payload aside). */
export const offers = (workflow: Workflow, row: Fields, eventType: string): boolean =>
  can(workflow.machine, workflow.stateOf(row), eventType);

/**
 * Why a greyed action is greyed (issue #42 point 5): null when the record can take the event as far
 * as its row tells, else the workflow's own reason or the state's refusal (当前状态为报名截止，不能报名),
 * the same words the server refuses with.
 * The console shows it on the greyed button, so every greyed action says why.
 */
export function refusal(workflow: Workflow, row: Fields, eventType: string, label: string): string | null {
  const own = workflow.whyNot?.(row, eventType);
  if (offers(workflow, row, eventType)) return own ?? null;
  return own ?? `当前状态为${workflow.stateName(row)}，不能${label}`;
}

export type Advance = { ok: true; fields: Fields } | { ok: false; reason: string };

/**
 * The fields after the event, or why not in Chinese: refused when the state does not offer the
 * event type, or when the machine's guards refuse this event.
 */
export function advance(workflow: Workflow, row: Fields, event: { type: string }, label: string): Advance {
  const refused = { ok: false as const, reason: `当前状态为${workflow.stateName(row)}，不能${label}` };
  const notOffered = refusal(workflow, row, event.type, label);
  if (notOffered !== null) return { ok: false, reason: notOffered };
  const snapshot = workflow.machine.resolveState({
    value: workflow.stateOf(row),
    context: workflow.contextOf(row),
  });
  if (!snapshot.can(event)) return refused;
  const [next] = transition(workflow.machine, snapshot, event);
  return { ok: true, fields: workflow.fieldsOf(next.context as Fields) };
}
