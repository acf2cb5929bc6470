import { Authority as A } from '../../domain/menus.js';
import { crudButtons, defineModule, group, link, screen } from '../../domain/module.js';
import { SystemScreens } from '../../domain/screens.js';
import { systemResources } from './resources.js';

const S = SystemScreens;

export const systemModule = defineModule({
  name: 'system',
  menu: { code: 'systemmanage', name: '系统管理', icon: 'cog' },
  resources: systemResources,
  items: [
    group('systemSetting', '系统设置', 'settings', [
      screen(S.logList, '操作日志', { code: A.logList, view: 'system.LogList' }),
      screen(S.dictionarys, '数据字典', {
        code: A.dictionarys,
        view: 'system.Dictionarys',
        buttons: crudButtons(A.dictionarys, '字典'),
      }),
      screen(S.display, '显示设置', {
        code: A.display,
        view: 'system.Display',
        buttons: [{ code: A.displaySave, menuName: '保存显示设置' }],
      }),
      screen(S.serve, '服务器设置', {
        code: A.serve,
        view: 'system.ServerSettings',
        buttons: [{ code: A.serveSave, menuName: '保存服务器设置' }],
      }),
      screen(S.installPackage, '安装包管理', {
        code: A.installPackage,
        view: 'system.InstallPackages',
        buttons: [
          { code: A.installPackageAdd, menuName: '新增安装包' },
          { code: A.installPackageDelete, menuName: '删除安装包' },
        ],
      }),
      screen(S.templateSet, '表单模板', { code: A.templateSet, view: 'system.TemplateSettings' }),
      screen(S.templateDocument, '文书模板', {
        code: A.templateDocument,
        view: 'system.InstitutionTemplates',
      }),
      screen(S.checkConfig, '审核配置', {
        code: A.checkConfig,
        view: 'system.CheckConfig',
        aliases: ['/oldman/checkConfig'],
      }),
    ]),
    screen(S.users, '用户管理', { code: A.users, view: 'system.Users' }),
    screen(S.testPaths, '状态机与测试路径', { code: A.testPaths, view: 'system.TestPaths' }),
    link('systemmanage:help', '使用帮助', '/help.html'),
    screen(S.installPackageSave, '新增安装包', { tab: false, view: 'system.InstallPackageSave' }),
    screen(S.templateReportSet, '报表模板', { view: 'system.FormTemplates' }),
    screen(S.templateReportSetDetail, '报表模板详情', { tab: false, view: 'system.FormTemplateDetail' }),
    screen(S.homeTemplateDocument, '居家文书模板', { view: 'system.HomeCareTemplates' }),
    screen(S.templateDocumentAdd, '新增文书模板', { tab: false, view: 'system.TemplateEdit' }),
    screen(S.templateDocumentEdit, '编辑文书模板', { tab: false, view: 'system.TemplateEdit' }),
  ],
});
