import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ArticleState } from '../../../domain/statuses/education.js';
import {
  type ArticleEvent,
  articleEvents,
  articleMachine,
  articleStateOf,
  stateLabels,
} from '../../../machines/articleMachine.js';
import { can } from '../../../machines/can.js';
import { userEvents } from '../../support/machinePaths.js';

const attempts: ArticleEvent[] = [{ type: 'article.publish' }, { type: 'article.withdraw' }];
/** Written apart from the machine: the state code after an event, or null when refused. */
const oracle = (state: number, e: ArticleEvent): number | null =>
  e.type === 'article.publish'
    ? state === ArticleState.published
      ? null
      : ArticleState.published
    : state === ArticleState.published
      ? ArticleState.withdrawn
      : null;
const codeOf: Record<string, number> = { draft: 0, published: 1, withdrawn: 2 };

describe('article machine, model-based paths', () => {
  const paths = createTestModel(articleMachine, { events: () => attempts }).getShortestPaths({
    allowDuplicatePaths: true,
  });

  it('reaches every state', () => {
    const reached = new Set(['draft', ...paths.map((p) => String(p.state.value))]);
    expect([...reached].sort()).toEqual(Object.keys(stateLabels).sort());
  });

  const fromDraft = createTestModel(articleMachine, { events: () => [] }).getShortestPaths();
  for (const path of [...fromDraft, ...paths])
    for (const event of attempts)
      it(`${stateLabels[String(path.state.value)]} —${articleEvents[event.type].label}→`, () => {
        const actor = createActor(articleMachine).start();
        for (const e of userEvents<ArticleEvent>(path.steps)) actor.send(e);
        const before = codeOf[String(actor.getSnapshot().value)] ?? -1;
        // the server's check (updateState) reads the stored code through articleStateOf
        const allowed = can(articleMachine, articleStateOf(before), event.type);
        actor.send(event);
        const after = codeOf[String(actor.getSnapshot().value)];
        const want = oracle(before, event);
        expect(allowed).toBe(want !== null);
        expect(after).toBe(want ?? before);
        if (want !== null) expect(articleEvents[event.type].state).toBe(want);
        actor.stop();
      });
});
