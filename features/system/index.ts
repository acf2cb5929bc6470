import { type ViewLoaders, view } from '../../src/router/views.js';

/** Spec 000 §2 "System settings" and user management. */
export const systemViews: ViewLoaders = {
  'system.LogList': view(() => import('./LogList.js'), 'LogList'),
  'system.Dictionarys': view(() => import('./Dictionarys.js'), 'Dictionarys'),
  'system.Display': view(() => import('./Display.js'), 'Display'),
  'system.ServerSettings': view(() => import('./configScreens.js'), 'ServerSettings'),
  'system.CheckConfig': view(() => import('./configScreens.js'), 'CheckConfig'),
  'system.TemplateSettings': view(() => import('./configScreens.js'), 'TemplateSettings'),
  'system.InstallPackages': view(() => import('./InstallPackages.js'), 'InstallPackages'),
  'system.InstallPackageSave': view(() => import('./InstallPackageSave.js'), 'InstallPackageSave'),
  'system.FormTemplates': view(() => import('./FormTemplates.js'), 'FormTemplates'),
  'system.FormTemplateDetail': view(() => import('./FormTemplateDetail.js'), 'FormTemplateDetail'),
  'system.InstitutionTemplates': view(() => import('./TemplateDocuments.js'), 'InstitutionTemplates'),
  'system.HomeCareTemplates': view(() => import('./TemplateDocuments.js'), 'HomeCareTemplates'),
  'system.TemplateEdit': view(() => import('./TemplateEdit.js'), 'TemplateEdit'),
  'system.Users': view(() => import('./Users.js'), 'Users'),
  'system.TestPaths': view(() => import('./TestPaths.js'), 'TestPaths'),
};
