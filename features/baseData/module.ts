import { defineModule, holder } from '../../domain/module.js';
import { BaseDataAuthority as A } from '../../domain/resources/baseData.js';
import { lookupsExtraResources } from '../../domain/resources/lookupsExtra.js';

const item = (name: string, code: string, edit: string) =>
  holder(code, name, [{ code: edit, menuName: `编辑${name}` }]);

/**
 * 基础数据: the records later modules (warehouse, patrol, attendance, assessment, meals) choose from
 * in their dropdowns (spec 000 §3 "Dropdown data sets"). Reading them is open to every signed-in
 * user (they are lookups); changing them needs these codes. The entries have no screen yet, so the
 * console shows none; the codes are what roles are granted.
 */
export const baseDataModule = defineModule({
  name: 'baseData',
  menu: { code: A.group, name: '基础数据', icon: 'database' },
  resources: lookupsExtraResources,
  // 仓库基础数据 has its screens in 仓储管理 (features/warehouse: 仓库, 物品分类, 规格, 供应商)
  items: [
    item('巡更基础数据', A.patrol, A.patrolEdit),
    item('考勤班次', A.attendance, A.attendanceEdit),
    item('评估基础数据', A.assessment, A.assessmentEdit),
    item('菜品分类', A.dish, A.dishEdit),
  ],
});
