import { articleCategoryResource, edArticleResource } from '../../domain/resources/education.js';
import { articleHooks, categoryHooks } from './education/hooks.js';
import { educationRoutes } from './education/routes.js';
import type { ServerModule } from './types.js';

/** Spec 001 §7 "Education (/hpms/web-hp)": categories and articles, sorted and published. */
export const educationServer: ServerModule = {
  resources: {
    [articleCategoryResource.name]: { hooks: categoryHooks },
    // one article is read by its own route: a department's article only in that department
    [edArticleResource.name]: { hooks: articleHooks, handwritten: ['get'] },
  },
  routes: educationRoutes,
};
