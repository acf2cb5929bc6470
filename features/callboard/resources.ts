import { VersionPaths } from '../../domain/api/settingsPaths.js';
import type { ResourceDef } from '../../domain/resource.js';

/**
 * 版本记录 (spec 000 §7 "Startup and config" versionRecord): the product's version notes, the same
 * for every institution, each with whether the signed-in user has read it.
 */
export const versionRecordResource: ResourceDef = {
  name: 'versionRecord',
  title: '版本记录',
  table: 'versionRecord',
  migratedTable: true,
  idField: 'recordId',
  nameField: 'version',
  fields: [
    { name: 'version', label: '版本号', type: 'text', maxLength: 32, readOnly: true },
    { name: 'publishTime', label: '发布日期', type: 'date', readOnly: true },
    { name: 'content', label: '更新内容', type: 'textarea', maxLength: 5000, readOnly: true },
    { name: 'isRead', label: '状态', type: 'dict', dict: 'readStatus', computed: true },
  ],
  columns: ['version', 'publishTime', 'content', 'isRead'],
  filters: [{ field: 'version', kind: 'like' }],
  defaultSort: { field: 'recordId', order: 'desc' },
  api: { list: VersionPaths.list },
  authority: { view: 'session' },
};
