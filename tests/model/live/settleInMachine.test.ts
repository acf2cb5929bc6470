import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { pathModels } from '../../../machines/paths/models.js';
import {
  restoreSettleIn,
  type SettleInContext,
  type SettleInEvent,
  settleInMachine,
} from '../../../machines/settleInMachine.js';
import { withoutInvocations } from '../../../scripts/paths.js';
import { userEvents } from '../../support/machinePaths.js';

const TODAY = '2026-11-26';
type Attempt = SettleInEvent | { type: 'checkIn.done' } | { type: 'checkIn.error'; error: Error };

/** What a receptionist can do at any step, and the server's two answers to 确认办理. */
const attempts = (pathModels.settleInMachine?.events ?? []) as Attempt[];

const dayOk = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d);

/**
 * Written apart from the machine: the step after an attempt. 下一步 needs an elder, then a bed and a
 * day; 上一步 goes one step back; only the server's answer leaves 提交中.
 */
function oracle(step: string, c: SettleInContext, e: Attempt): string {
  switch (e.type) {
    case 'settleIn.next':
      if (step === 'elder') return c.oldmanId !== null ? 'bed' : step;
      if (step === 'bed') return c.bedId !== null && dayOk(c.date) ? 'confirm' : step;
      return step;
    case 'settleIn.back':
      return step === 'bed' ? 'elder' : step === 'confirm' ? 'bed' : step;
    case 'settleIn.submit':
      return step === 'confirm' ? 'submitting' : step;
    case 'settleIn.restart':
      return step === 'done' ? 'elder' : step;
    case 'checkIn.done':
      return step === 'submitting' ? 'done' : step;
    case 'checkIn.error':
      return step === 'submitting' ? 'confirm' : step;
    default:
      return step;
  }
}

// The model's machine never calls the server: the server's answers are plain events on its paths
// (scripts/paths.ts withoutInvocations).
const model = withoutInvocations(settleInMachine);
const start = () => createActor(model, { input: { today: TODAY } }).start();

describe('入住办理 (settleInMachine), model-based paths', () => {
  const paths = createTestModel(model, {
    events: () => attempts as never,
    input: { today: TODAY },
    serializeState: pathModels.settleInMachine?.serialize as never,
  }).getShortestPaths({
    allowDuplicatePaths: true,
  });

  it('reaches every step', () => {
    const reached = new Set(['elder', ...paths.map((p) => String(p.state.value))]);
    expect([...reached].sort()).toEqual(['bed', 'confirm', 'done', 'elder', 'submitting']);
  });

  const seen = new Set<string>();
  for (const path of paths) {
    const key = String(path.state.value);
    if (seen.has(`${key}:${path.steps.length}`)) continue;
    seen.add(`${key}:${path.steps.length}`);
    for (const attempt of attempts)
      it(`${path.description} —${attempt.type.replace(/^settleIn\./, '')}${'oldmanId' in attempt ? ` ${attempt.oldmanName}` : ''}${'date' in attempt ? ` “${attempt.date}”` : ''}→`, () => {
        const actor = start();
        for (const e of userEvents<Attempt>(path.steps)) actor.send(e as never);
        const before = actor.getSnapshot();
        actor.send(attempt as never);
        const after = actor.getSnapshot();
        expect(String(after.value)).toBe(oracle(String(before.value), before.context, attempt));
        // a reserved elder moves into the bed held for them unless another is chosen
        if (attempt.type === 'settleIn.pickElder' && before.value === 'elder')
          expect(after.context.bedId).toBe(attempt.reservedBedId);
        if (attempt.type === 'checkIn.error' && before.value === 'submitting')
          expect(after.context.error).toBe('床位已被占用');
        if (attempt.type === 'settleIn.restart' && before.value === 'done')
          expect(after.context).toMatchObject({ oldmanId: null, bedId: null, error: '' });
        actor.stop();
      });
  }
});

describe('入住办理 kept in session storage', () => {
  it('a stored step comes back; one on its way to the server comes back to the confirmation', () => {
    const context: SettleInContext = {
      oldmanId: 7,
      oldmanName: '王秀英',
      reservedBedId: null,
      bedId: 12,
      bedName: '1号楼1层101-1床',
      date: TODAY,
      kind: 'CHECK_IN',
      error: '',
    };
    expect(restoreSettleIn({ step: 'bed', context })?.value).toBe('bed');
    expect(restoreSettleIn({ step: 'submitting', context })?.value).toBe('confirm');
    expect(restoreSettleIn({ step: 'done', context })?.context).toEqual(context);
  });

  it.each([
    ['nothing', null],
    ['another shape', { step: 'elder' }],
    ['an unknown step', { step: 'paid', context: {} }],
    ['a bad id', { step: 'bed', context: { oldmanId: -1 } }],
  ])('%s starts a new check-in', (_, stored) => {
    expect(restoreSettleIn(stored)).toBeUndefined();
  });
});
