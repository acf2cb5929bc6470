import { describe, expect, it } from 'vitest';
import { createTestModel } from 'xstate/graph';
import { AssessmentStatus } from '../../../domain/statuses/assessment.js';
import {
  type AssessmentEvent,
  assessmentEvents,
  assessmentMachine,
  assessmentState,
  assessmentStatusOf,
  assessmentWorkflow,
} from '../../../machines/assessmentMachine.js';
import { advance } from '../../../machines/workflow.js';

const attempts: AssessmentEvent[] = (Object.keys(assessmentEvents) as AssessmentEvent['type'][]).map(
  (type) => ({
    type,
  }),
);

/** What each state must take, written from the rules of docs/decisions.md, not from the machine. */
const allowed: Record<string, string[]> = {
  new: ['assessment.save', 'assessment.submit'],
  draft: ['assessment.save', 'assessment.edit', 'assessment.submit', 'assessment.remove'],
  submitted: ['assessment.unbind'],
  unbound: ['assessment.remove'],
  removed: [],
};

describe('assessment machine, model-based paths', () => {
  const model = createTestModel(assessmentMachine, { events: () => attempts });
  const paths = [...model.getShortestPaths({ allowDuplicatePaths: true }), ...model.getSimplePaths()];

  it('reaches every state', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(new Set(Object.keys(allowed)));
  });

  for (const path of paths)
    it(`${path.description}: each state takes exactly its events, and the server's check agrees`, async () => {
      await path.test({
        states: {
          '*': (snapshot) => {
            const state = String(snapshot.value);
            for (const { type } of attempts)
              expect(snapshot.can({ type }), `${state} ${type}`).toBe(allowed[state]?.includes(type));
            const status = assessmentStatusOf(state);
            if (status === undefined) return;
            const row = { status };
            expect(assessmentState(row)).toBe(state);
            for (const { type } of attempts) {
              const label = assessmentEvents[type].label;
              const answer = advance(assessmentWorkflow, row, { type }, label);
              expect(answer.ok).toBe(allowed[state]?.includes(type));
            }
          },
        },
      });
    });

  it('refuses a second final submit and edits of a submitted record, in Chinese', () => {
    const submitted = { status: AssessmentStatus.submitted };
    expect(advance(assessmentWorkflow, submitted, { type: 'assessment.submit' }, '提交评估')).toEqual({
      ok: false,
      reason: '当前状态为已提交，不能提交评估',
    });
    expect(advance(assessmentWorkflow, submitted, { type: 'assessment.save' }, '暂存')).toMatchObject({
      ok: false,
    });
    expect(advance(assessmentWorkflow, submitted, { type: 'assessment.remove' }, '删除')).toMatchObject({
      ok: false,
    });
  });
});
