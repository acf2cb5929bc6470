import type { ResourceDef } from '../../domain/resource.js';
import { EducationAuthority as A, MAX_ARTICLE_HTML, EducationPaths as P } from './api.js';

/** 宣教分类: the organisation's article categories, in their sort order. */
export const articleCategoryResource: ResourceDef = {
  name: 'articleCategory',
  title: '宣教分类',
  table: 'articleCategory',
  idField: 'id',
  nameField: 'categoryName',
  fields: [
    { name: 'categoryName', label: '分类名称', type: 'text', required: true, unique: true, maxLength: 20 },
    { name: 'sortIndex', label: '排序号', type: 'int', min: 0, max: 9999 },
    { name: 'remark', label: '备注', type: 'textarea', maxLength: 200 },
  ],
  columns: ['categoryName', 'sortIndex', 'remark', 'createTime'],
  filters: [{ field: 'categoryName', kind: 'like' }],
  defaultSort: { field: 'sortIndex', order: 'asc' },
  api: {
    list: P.category,
    get: P.categoryOne,
    create: P.category,
    update: P.category,
    remove: P.categoryOne,
  },
  authority: { view: `${A.ward}|${A.whole}`, create: A.category, update: A.category, remove: A.category },
};

/**
 * 宣教文章: rich text (HTML sanitised by the server), in a category, for a department (isWard 1,
 * its wardId) or the whole organisation (isWard 0), sorted, published and withdrawn (articleMachine).
 */
export const edArticleResource: ResourceDef = {
  name: 'edArticle',
  title: '宣教文章',
  table: 'edArticle',
  idField: 'id',
  nameField: 'title',
  fields: [
    { name: 'title', label: '标题', type: 'text', required: true, maxLength: 60 },
    { name: 'categoryId', label: '分类', type: 'int', required: true, min: 1 },
    { name: 'categoryName', label: '分类', type: 'text', computed: true },
    { name: 'isWard', label: '宣教范围', type: 'int', required: true, min: 0, max: 1, hidden: true },
    { name: 'wardId', label: '科室', type: 'ref', ref: 'dept' },
    { name: 'summary', label: '摘要', type: 'textarea', maxLength: 200 },
    {
      name: 'content',
      label: '正文',
      type: 'textarea',
      required: true,
      maxLength: MAX_ARTICLE_HTML,
      wide: true,
    },
    { name: 'state', label: '状态', type: 'int', readOnly: true },
    { name: 'sortIndex', label: '排序号', type: 'int', readOnly: true },
    { name: 'publishTime', label: '发布时间', type: 'datetime', readOnly: true },
  ],
  columns: ['title', 'categoryName', 'wardId', 'state', 'sortIndex', 'publishTime', 'updateTime'],
  filters: [
    { field: 'title', kind: 'like' },
    { field: 'categoryId', kind: 'eq', hidden: true },
    { field: 'state', kind: 'in', label: '状态', hidden: true },
    { field: 'isWard', kind: 'eq', hidden: true },
  ],
  defaultSort: { field: 'sortIndex', order: 'asc' },
  sortable: ['publishTime', 'updateTime', 'id'],
  api: {
    list: P.article,
    get: P.articleOne,
    create: P.article,
    update: P.article,
    remove: P.articleOne,
  },
  authority: { view: `${A.ward}|${A.whole}`, create: A.edit, update: A.edit, remove: A.edit },
};
