import type { RouteDef } from '../../src/router/registry.js';
import { CheckConfig, ServerSettings, TemplateSettings } from './configScreens.js';
import { Dictionarys } from './Dictionarys.js';
import { Display } from './Display.js';
import { FormTemplateDetail } from './FormTemplateDetail.js';
import { FormTemplates } from './FormTemplates.js';
import { InstallPackageSave } from './InstallPackageSave.js';
import { InstallPackages } from './InstallPackages.js';
import { LogList } from './LogList.js';
import { HomeCareTemplates, InstitutionTemplates } from './TemplateDocuments.js';
import { TemplateEdit } from './TemplateEdit.js';
import { FormTemplatePaths } from './templateTypes.js';

/** Spec 000 §2 "System settings", route /systemSetting and its children. */
export const routes: RouteDef[] = [
  { path: '/systemSetting/logList', title: '操作日志', component: LogList },
  { path: '/systemSetting/dictionarys', title: '数据字典', component: Dictionarys },
  { path: '/systemSetting/display', title: '显示设置', component: Display },
  { path: '/systemSetting/serve', title: '服务器设置', component: ServerSettings },
  { path: '/systemSetting/install-package', title: '安装包管理', component: InstallPackages },
  {
    path: '/systemSetting/install-package-save',
    title: '新增安装包',
    component: InstallPackageSave,
    tab: false,
  },
  { path: '/systemSetting/templateSet', title: '表单模板', component: TemplateSettings },
  { path: FormTemplatePaths.list, title: '报表模板', component: FormTemplates },
  { path: '/systemSetting/templateDocument', title: '文书模板', component: InstitutionTemplates },
  { path: '/systemSetting/homeTemplateDocument', title: '居家文书模板', component: HomeCareTemplates },
  {
    path: '/systemSetting/templateDocumentAdd',
    title: '新增文书模板',
    component: TemplateEdit,
    tab: false,
  },
  {
    path: '/systemSetting/templateDocumentEdit',
    title: '编辑文书模板',
    component: TemplateEdit,
    tab: false,
  },
  {
    path: FormTemplatePaths.detail,
    title: '报表模板详情',
    component: FormTemplateDetail,
    tab: false,
  },
  {
    path: '/systemSetting/checkConfig',
    title: '审核配置',
    component: CheckConfig,
    aliases: ['/oldman/checkConfig'],
  },
];
