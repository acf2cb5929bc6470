import type { ServerModule } from '../../../server/modules/types.js';
import { articleCategoryResource, edArticleResource } from '../resources.js';
import { articleHooks, categoryHooks } from './hooks.js';
import { educationRoutes } from './routes.js';

/** Spec 001 §7 "Education (/hpms/web-hp)": categories and articles, sorted and published. */
export const educationServer: ServerModule = {
  resources: {
    [articleCategoryResource.name]: { hooks: categoryHooks },
    // one article is read by its own route: a department's article only in that department
    [edArticleResource.name]: { hooks: articleHooks, handwritten: ['get'] },
  },
  routes: educationRoutes,
};
