import { defineStatuses } from '../status.js';

// The statuses its machine, the dictionaries and the module share (docs/architecture.md, "Layers").
/** An article's state (articleMachine): a draft is published, withdrawn, published again. */
export const articleStates = defineStatuses([
  { key: 'draft', code: 0, label: '草稿' },
  { key: 'published', code: 1, label: '已发布' },
  { key: 'withdrawn', code: 2, label: '已撤回' },
] as const);
export const ArticleState = articleStates.code;
export type ArticleStateCode = (typeof ArticleState)[keyof typeof ArticleState];
export const articleStateNames: Record<ArticleStateCode, string> = articleStates.label;
