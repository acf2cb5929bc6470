import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ShiftStatus } from '../../../domain/statuses/attendance.js';
import { type ShiftEvent, shiftMachine, shiftWorkflow } from '../../../machines/shiftMachine.js';
import { advance } from '../../../machines/workflow.js';
import { userEvents } from '../../support/machinePaths.js';

const attempts: ShiftEvent[] = [{ type: 'shift.enable' }, { type: 'shift.disable' }];

/** What each event must do: the status after it, or null when refused. */
const oracle = (status: number, e: ShiftEvent): number | null =>
  e.type === 'shift.enable'
    ? status === ShiftStatus.disabled
      ? ShiftStatus.enabled
      : null
    : status === ShiftStatus.enabled
      ? ShiftStatus.disabled
      : null;

const model = createTestModel(shiftMachine, { events: () => attempts });

describe('shift machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });

  it('reaches 启用 and 停用', () => {
    expect([...new Set(shortest.map((p) => String(p.state.value)))].sort()).toEqual(['disabled', 'enabled']);
  });

  for (const path of shortest)
    for (const event of attempts) {
      const via = userEvents<ShiftEvent>(path.steps)
        .map((e) => e.type)
        .join('→');
      it(`${String(path.state.value)} (${via || '新班次'}) —${event.type}→`, () => {
        const actor = createActor(shiftMachine).start();
        for (const e of userEvents<ShiftEvent>(path.steps)) actor.send(e);
        const before = actor.getSnapshot().context.status;
        actor.send(event);
        const after = actor.getSnapshot().context.status;
        const want = oracle(before, event);
        expect(after).toBe(want ?? before);
        // the server's check (advance) agrees with the machine, with the Chinese refusal
        const step = advance(
          shiftWorkflow,
          { status: before },
          event,
          event.type === 'shift.enable' ? '启用' : '停用',
        );
        if (want === null)
          expect(step).toEqual({
            ok: false,
            reason: `当前状态为${before === ShiftStatus.enabled ? '启用' : '停用'}，不能${event.type === 'shift.enable' ? '启用' : '停用'}`,
          });
        else expect(step).toEqual({ ok: true, fields: { status: want } });
      });
    }
});
