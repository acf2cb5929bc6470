import { defineModule, screen } from '../../domain/module.js';
import { EducationAuthority as A, EducationScreens as S } from './api.js';
import { articleCategoryResource, edArticleResource } from './resources.js';

const buttons = [
  { code: A.edit, menuName: '编辑文章' },
  { code: A.publish, menuName: '发布撤回' },
  { code: A.category, menuName: '分类管理' },
];

/** 健康宣教 (spec 001 §2 "Education, base /education"; §7 "Education (/hpms/web-hp)"). */
export const educationModule = defineModule({
  name: 'education',
  menu: { code: A.group, name: '健康宣教', icon: 'book' },
  resources: [articleCategoryResource, edArticleResource],
  items: [
    screen(S.ward, '科室宣教', { code: A.ward, view: 'education.Ward', buttons }),
    screen(S.whole, '全院宣教', { code: A.whole, view: 'education.Whole' }),
    screen(S.wardSave, '编辑科室宣教', {
      tab: false,
      newTitle: '新增科室宣教',
      view: 'education.WardSave',
      authority: A.edit,
    }),
    screen(S.wholeSave, '编辑全院宣教', {
      tab: false,
      newTitle: '新增全院宣教',
      view: 'education.WholeSave',
      authority: A.edit,
    }),
  ],
});
