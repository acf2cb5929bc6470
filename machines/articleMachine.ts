import { setup } from 'xstate';
import { ArticleState, type ArticleStateCode, articleStateNames } from '../domain/api/education.js';

/**
 * An education article (spec 001 §4: "education articles have state updates"): a draft is
 * published (发布), a published one withdrawn (撤回), a withdrawn one published again.
 */
export type ArticleEvent = { type: 'article.publish' } | { type: 'article.withdraw' };

export const articleEvents: Record<ArticleEvent['type'], { label: string; state: ArticleStateCode }> = {
  'article.publish': { label: '发布', state: ArticleState.published },
  'article.withdraw': { label: '撤回', state: ArticleState.withdrawn },
};

export const stateLabels: Record<string, string> = {
  draft: articleStateNames[ArticleState.draft],
  published: articleStateNames[ArticleState.published],
  withdrawn: articleStateNames[ArticleState.withdrawn],
};

export const articleMachine = setup({ types: {} as { events: ArticleEvent } }).createMachine({
  id: 'article',
  initial: 'draft',
  states: {
    draft: { on: { 'article.publish': 'published' } },
    published: { on: { 'article.withdraw': 'withdrawn' } },
    withdrawn: { on: { 'article.publish': 'published' } },
  },
});

const stateOfCode: Record<ArticleStateCode, string> = {
  [ArticleState.draft]: 'draft',
  [ArticleState.published]: 'published',
  [ArticleState.withdrawn]: 'withdrawn',
};

/** The machine state of a stored article's state code. */
export const articleStateOf = (state: unknown): string =>
  stateOfCode[Number(state) as ArticleStateCode] ?? 'draft';

/** The event that moves an article to a target state code of updateState. */
export const eventForState = (state: number): ArticleEvent['type'] =>
  state === ArticleState.published ? 'article.publish' : 'article.withdraw';
