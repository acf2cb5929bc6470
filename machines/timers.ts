/** The part of an actor a timer effect needs: who to report to, and a key that is unique per actor. */
export interface TimerOwner<TEvent> {
  sessionId: string;
  send: (event: TEvent) => void;
}

/**
 * One-shot timers keyed by actor and name, for the `schedule…`/`cancel…` actions of the machines.
 * Starting a name again replaces its pending timer, so each actor has at most one timer per name;
 * one instance can serve many actors (one per live alarm) without them cancelling each other.
 * Plain setTimeout: no DOM, so it runs under vi.useFakeTimers() and on the server.
 */
export function createTimers() {
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const keyOf = (owner: { sessionId: string }, name: string) => `${owner.sessionId}\u0000${name}`;
  const cancel = (owner: { sessionId: string }, name: string) => {
    const key = keyOf(owner, name);
    clearTimeout(pending.get(key));
    pending.delete(key);
  };
  return {
    /** After `ms`, sends `event` to the owner, unless cancelled or replaced first. */
    start<TEvent>(owner: TimerOwner<TEvent>, name: string, ms: number, event: TEvent) {
      cancel(owner, name);
      const key = keyOf(owner, name);
      pending.set(
        key,
        setTimeout(() => {
          pending.delete(key);
          owner.send(event);
        }, ms),
      );
    },
    cancel,
    /** Cancels every pending timer of the owner. */
    cancelAll(owner: { sessionId: string }) {
      const prefix = keyOf(owner, '');
      for (const [key, handle] of pending)
        if (key.startsWith(prefix)) {
          clearTimeout(handle);
          pending.delete(key);
        }
    },
  };
}
