import { crudButtons, defineModule, screen } from '../../domain/module.js';
import type { ResourceDef } from '../../domain/resource.js';
import { toolWorkflow } from './sampleWorkflow.js';

/**
 * A throwaway plain CRUD module, defined from a descriptor alone (docs/modules.md): the tests prove
 * that the server serves it and the console shows it without a line of module code elsewhere.
 */
export const sampleToolResource: ResourceDef = {
  name: 'sampleTool',
  title: '护理器具',
  table: 'sampleTool',
  idField: 'toolId',
  nameField: 'toolName',
  fields: [
    { name: 'toolName', label: '器具名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'quantity', label: '数量', type: 'int', required: true, min: 0, max: 9999 },
    { name: 'price', label: '单价', type: 'money' },
    { name: 'remark', label: '备注', type: 'textarea', wide: true },
    { name: 'inService', label: '在用', type: 'bool', readOnly: true },
  ],
  columns: ['toolName', 'quantity', 'price', 'inService', 'createTime'],
  filters: [{ field: 'toolName', kind: 'like' }],
  search: ['toolName', 'remark'],
  defaultSort: { field: 'toolId', order: 'desc' },
  sortable: ['toolName', 'quantity'],
  api: {
    list: '/pims/web-org/sampleTools',
    get: '/pims/web-org/sampleTools/:id',
    create: '/pims/web-org/sampleTools',
    update: '/pims/web-org/sampleTools',
    remove: '/pims/web-org/sampleTools/:ids',
  },
  authority: {
    view: 'sample:tools',
    create: 'sample:tools:add',
    update: 'sample:tools:edit',
    remove: 'sample:tools:delete',
  },
  deptScoped: true,
  actions: [
    {
      event: 'tool.retire',
      label: '退役',
      path: '/pims/web-org/sampleTools/:id/retire',
      authority: 'sample:tools:edit',
    },
    {
      event: 'tool.restore',
      label: '恢复',
      path: '/pims/web-org/sampleTools/:id/restore',
      authority: 'sample:tools:edit',
    },
  ],
  workflow: toolWorkflow,
};

export const SAMPLE_SCREEN = '/sample/tools';

export const sampleModule = defineModule({
  name: 'sample',
  menu: { code: 'sample', name: '器具管理', icon: 'wrench' },
  resources: [sampleToolResource],
  items: [
    screen(SAMPLE_SCREEN, '护理器具', {
      code: 'sample:tools',
      resource: sampleToolResource,
      buttons: crudButtons('sample:tools', '器具'),
    }),
  ],
});
