import { type ViewLoaders, view } from '../../src/router/views.js';

export const shellViews: ViewLoaders = {
  'shell.Workbench': view(() => import('./Workbench.js'), 'Workbench'),
  'shell.Welcome': view(() => import('./Workbench.js'), 'Welcome'),
};
