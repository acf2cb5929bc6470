import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ComplaintStatus } from '../../../domain/statuses/quality.js';
import {
  type ComplaintEvent,
  complaintMachine,
  complaintWorkflow,
} from '../../../machines/complaintMachine.js';
import { handoverMachine, handoverWorkflow } from '../../../machines/handoverMachine.js';
import { advance } from '../../../machines/workflow.js';
import { userEvents } from '../../support/machinePaths.js';

const attempts: ComplaintEvent[] = [
  { type: 'complaint.edit' },
  { type: 'complaint.handle' },
  { type: 'complaint.reply' },
  { type: 'complaint.close' },
];

/** The one order of a complaint: each step only from the one before; edits only before the reply. */
function oracle(status: number, e: ComplaintEvent): number | null {
  const { received, handling, replied, closed } = ComplaintStatus;
  switch (e.type) {
    case 'complaint.edit':
      return status === received || status === handling ? status : null;
    case 'complaint.handle':
      return status === received ? handling : null;
    case 'complaint.reply':
      return status === handling ? replied : null;
    case 'complaint.close':
      return status === replied ? closed : null;
  }
}

describe('complaint machine, model-based paths', () => {
  const shortest = createTestModel(complaintMachine, { events: () => attempts }).getShortestPaths({
    allowDuplicatePaths: true,
  });
  it('reaches 已受理, 处理中, 已答复 and 已办结', () => {
    expect(new Set(shortest.map((p) => String(p.state.value)))).toEqual(
      new Set(['received', 'handling', 'replied', 'closed']),
    );
  });
  for (const path of shortest)
    for (const event of attempts) {
      const via =
        userEvents<ComplaintEvent>(path.steps)
          .map((e) => e.type)
          .join('→') || '新投诉';
      it(`${String(path.state.value)} (${via}) —${event.type}→`, () => {
        const actor = createActor(complaintMachine).start();
        for (const e of userEvents<ComplaintEvent>(path.steps)) actor.send(e);
        const before = actor.getSnapshot().context.complaintStatus;
        actor.send(event);
        const want = oracle(before, event);
        expect(actor.getSnapshot().context.complaintStatus).toBe(want ?? before);
        const server = advance(complaintWorkflow, { complaintStatus: before }, event, '操作');
        expect(server.ok).toBe(want !== null);
        actor.stop();
      });
    }
});

describe('handover machine', () => {
  it('待接班 takes edits and one 接班确认; 已接班 takes nothing', () => {
    const paths = createTestModel(handoverMachine, {
      events: () => [{ type: 'handover.edit' as const }, { type: 'handover.confirm' as const }],
    }).getShortestPaths({ allowDuplicatePaths: true });
    expect(paths.map((p) => String(p.state.value)).sort()).toEqual(['confirmed', 'pending']);
    const pending = { handoverStatus: 0 };
    expect(advance(handoverWorkflow, pending, { type: 'handover.edit' }, '编辑').ok).toBe(true);
    const confirmed = advance(handoverWorkflow, pending, { type: 'handover.confirm' }, '接班确认');
    expect(confirmed).toEqual({ ok: true, fields: { handoverStatus: 1 } });
    for (const type of ['handover.edit', 'handover.confirm'])
      expect(advance(handoverWorkflow, { handoverStatus: 1 }, { type }, '操作')).toEqual({
        ok: false,
        reason: '当前状态为已接班，不能操作',
      });
  });
});
