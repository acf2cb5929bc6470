import { defineModule, screen } from '../module.js';
import { ShellScreens } from '../shellScreens.js';

export const shellModule = defineModule({
  name: 'shell',
  resources: [],
  items: [
    screen(ShellScreens.root, '工作台', { tab: false, view: 'shell.Workbench' }),
    screen(ShellScreens.workbench, '工作台', { view: 'shell.Workbench' }),
    screen(ShellScreens.welcome, '欢迎', { tab: false, view: 'shell.Welcome' }),
    screen(ShellScreens.error, '错误', { tab: false }),
    screen('/demo', '示例'),
    screen('/formDemo', '表单示例'),
    screen('/editorDemo', '编辑器示例'),
    screen(ShellScreens.notImplemented, '功能未实现'),
  ],
});
