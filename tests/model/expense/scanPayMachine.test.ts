import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pathModels } from '../../../machines/paths/models.js';
import { scanPayMachine } from '../../../machines/scanPayMachine.js';
import { withoutInvocations } from '../../../scripts/paths.js';

/**
 * The counter's scanned-code payment, walked as a model: the invoked calls (create the order, the
 * sandbox scan) are replaced by their reports, `startPayment.done` / `.error` and `simulateScan.done`,
 * so every path is a sequence of plain events (scripts/paths.ts withoutInvocations).
 */
const machine = withoutInvocations(scanPayMachine);
const events = (pathModels.scanPayMachine?.events ?? []) as { type: string }[];
const model = createTestModel(machine, {
  events: () => events as never,
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.payWay, s.context.order?.status ?? null, s.context.error !== null]),
  input: { payWay: 10 },
});
const paths = [...model.getShortestPaths({ allowDuplicatePaths: true }), ...model.getSimplePaths()];

describe('scan pay machine, model-based paths', () => {
  it('reaches every state: waiting for a code, waiting for the gateway, paid, failed and closed', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    for (const state of [
      '"awaitingCode"',
      '{"waiting":"idle"}',
      '{"waiting":"scanning"}',
      '"paid"',
      '"failed"',
      '"closed"',
    ])
      expect(reached).toContain(state);
  });

  for (const path of paths) {
    it(path.description, () => {
      const actor = createActor(machine, { input: { payWay: 10 } }).start();
      let key = actor.getSnapshot().context.key;
      for (const step of path.steps) {
        if (step.event.type === 'xstate.init') continue;
        const before = actor.getSnapshot();
        actor.send(step.event as never);
        const after = actor.getSnapshot();
        expect(JSON.stringify(after.value)).toBe(JSON.stringify(step.state.value));
        // a final order decides the outcome; nothing else does
        if (after.matches('paid')) expect(after.context.order?.status).toBe('paid');
        if (after.matches('failed')) expect(after.context.order?.status).toBe('failed');
        if (after.matches('closed')) expect(after.context.order?.status).toBe('closed');
        // a refused call keeps the attempt's idempotency key; 重新支付 starts a new attempt with a new key
        if (step.event.type === 'pay.retry') {
          expect(after.context.key).not.toBe(key);
          expect(after.context.order).toBeNull();
          key = after.context.key;
        } else expect(after.context.key).toBe(key);
        if (step.event.type === 'startPayment.error')
          expect(after.context.error).toBe('支付金额应为账单合计 88.80 元');
        if (before.matches('paid')) expect(after.value).toBe('paid');
      }
      actor.stop();
    });
  }
});
