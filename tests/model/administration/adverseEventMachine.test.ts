import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { AdverseStatus } from '../../../domain/statuses/quality.js';
import {
  type AdverseEventEvent,
  adverseEventMachine,
  adverseEventWorkflow,
} from '../../../machines/adverseEventMachine.js';
import { advance } from '../../../machines/workflow.js';
import { userEvents } from '../../support/machinePaths.js';

/** Everything a nurse or a manager may try on an event, right and wrong. */
const attempts: AdverseEventEvent[] = [
  { type: 'adverse.edit' },
  { type: 'adverse.investigate' },
  { type: 'adverse.follow' },
  { type: 'adverse.rectify', cause: true },
  { type: 'adverse.rectify', cause: false },
  { type: 'adverse.close', cause: true },
  { type: 'adverse.close', cause: false },
];

/** What each event must do, apart from the machine: the status after it, or null when refused. */
function oracle(status: number, e: AdverseEventEvent): number | null {
  const { reported, investigating, rectifying, closed } = AdverseStatus;
  switch (e.type) {
    case 'adverse.edit':
      return status === closed ? null : status;
    case 'adverse.investigate':
      return status === reported ? investigating : null;
    case 'adverse.follow':
      return status === investigating || status === rectifying ? status : null;
    case 'adverse.rectify':
      return status === investigating && e.cause ? rectifying : null;
    case 'adverse.close':
      return (status === investigating || status === rectifying) && e.cause ? closed : null;
  }
}

const describeEvent = (e: AdverseEventEvent) =>
  `${e.type.replace('adverse.', '')}${'cause' in e ? (e.cause ? '(有原因分析)' : '(无原因分析)') : ''}`;

const model = createTestModel(adverseEventMachine, { events: () => attempts });

describe('adverse event machine, model-based paths', () => {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true });
  const cases = shortest.flatMap((path) => attempts.map((event) => ({ path, event })));

  it('reaches 已上报, 调查中, 整改中 and 已结案', () => {
    expect([...new Set(shortest.map((p) => String(p.state.value)))].sort()).toEqual(
      ['closed', 'investigating', 'rectifying', 'reported'].sort(),
    );
  });

  it('every simple path ends closed or stays open; none reopens a closed event', () => {
    for (const path of model.getSimplePaths()) {
      const statuses = path.steps.map((s) => s.state.context.eventStatus);
      const firstClosed = statuses.indexOf(AdverseStatus.closed);
      if (firstClosed >= 0)
        expect(statuses.slice(firstClosed).every((s) => s === AdverseStatus.closed)).toBe(true);
    }
  });

  for (const { path, event } of cases) {
    const via = userEvents<AdverseEventEvent>(path.steps).map(describeEvent).join('→') || '新上报';
    it(`${String(path.state.value)} (${via}) —${describeEvent(event)}→`, () => {
      const actor = createActor(adverseEventMachine).start();
      for (const e of userEvents<AdverseEventEvent>(path.steps)) actor.send(e);
      const before = actor.getSnapshot().context.eventStatus;
      actor.send(event);
      const after = actor.getSnapshot().context.eventStatus;
      const want = oracle(before, event);
      expect(after).toBe(want ?? before);
      // the server's check is the same machine: it takes what the machine takes, names the state otherwise
      const server = advance(adverseEventWorkflow, { eventStatus: before }, event, '操作');
      expect(server.ok).toBe(want !== null);
      if (server.ok) expect(server.fields).toEqual({ eventStatus: after });
      else expect(server.reason).toMatch(/^当前状态为(已上报|调查中|整改中|已结案)，不能操作$/);
      actor.stop();
    });
  }
});
