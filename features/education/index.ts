import { type ViewLoaders, view } from '../../src/router/views.js';

/** Spec 001 §2 "Education, base /education": ward and whole-ward lists with their save pages. */
export const educationViews: ViewLoaders = {
  'education.Ward': view(() => import('./Articles.js'), 'WardArticles'),
  'education.Whole': view(() => import('./Articles.js'), 'WholeArticles'),
  'education.WardSave': view(() => import('./ArticleSave.js'), 'WardArticleSave'),
  'education.WholeSave': view(() => import('./ArticleSave.js'), 'WholeArticleSave'),
};
