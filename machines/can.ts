import { type AnyStateMachine, getStateNodes, type StateValue } from 'xstate';

/**
 * Whether a machine offers an event type in a state, whatever the event would carry: the state's
 * own transitions (and its ancestors') name the type. The server asks it before it reads a body;
 * the console greys an action with the same answer. Guards that weigh the event's payload (times in
 * order, a bed chosen) are the full transition's business, with their own Chinese refusals.
 */
export function can(machine: AnyStateMachine, state: StateValue, eventType: string): boolean {
  return getStateNodes(machine.root, state).some((node) => node.ownEvents.includes(eventType));
}
