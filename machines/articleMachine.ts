import { setup } from 'xstate';
import { ArticleState, type ArticleStateCode, articleStates } from '../domain/statuses/education.js';

/**
 * An education article (spec 001 §4: "education articles have state updates"): a draft is
 * published (发布), a published one withdrawn (撤回), a withdrawn one published again.
 */
export type ArticleEvent = { type: 'article.publish' } | { type: 'article.withdraw' };

export const articleEvents: Record<ArticleEvent['type'], { label: string; state: ArticleStateCode }> = {
  'article.publish': { label: '发布', state: ArticleState.published },
  'article.withdraw': { label: '撤回', state: ArticleState.withdrawn },
};

/** The article state codes' labels (domain/statuses/education.ts). */
export const stateLabels: Record<string, string> = articleStates.labels;

export const articleMachine = setup({ types: {} as { events: ArticleEvent } }).createMachine({
  id: 'article',
  initial: 'draft',
  states: {
    draft: { on: { 'article.publish': 'published' } },
    published: { on: { 'article.withdraw': 'withdrawn' } },
    withdrawn: { on: { 'article.publish': 'published' } },
  },
});

/** The machine state of a stored article's state code. */
export const articleStateOf = (state: unknown): string => articleStates.keyOf(Number(state)) ?? 'draft';

/** The event that moves an article to a target state code of updateState. */
export const eventForState = (state: number): ArticleEvent['type'] =>
  state === ArticleState.published ? 'article.publish' : 'article.withdraw';
