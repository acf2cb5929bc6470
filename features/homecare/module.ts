import { crudButtons, defineModule, screen } from '../../domain/module.js';
import { HomecareScreens } from '../../domain/screens.js';
import { HomecareAuthority as A } from '../../domain/statuses/homecare.js';
import { homecareResources } from './resources/index.js';

const S = HomecareScreens;

export const homecareModule = defineModule({
  name: 'homecare',
  menu: { code: A.group, name: '居家养老', icon: 'home' },
  resources: homecareResources,
  items: [
    screen(S.archives, '居家档案', {
      code: A.archives,
      view: 'homecare.Elders',
      buttons: [
        { code: A.archivesAdd, menuName: '新增居家档案' },
        { code: A.archivesEdit, menuName: '编辑居家档案' },
        { code: A.archivesDelete, menuName: '删除居家档案' },
      ],
    }),
    screen(S.account, '居家账户', {
      code: A.account,
      view: 'homecare.Accounts',
      buttons: [
        { code: A.accountAdd, menuName: '开户' },
        { code: A.accountEdit, menuName: '编辑账户' },
        { code: A.accountDelete, menuName: '注销账户' },
        { code: A.accountTrade, menuName: '充值退款' },
        { code: A.accountVoid, menuName: '作废交易' },
      ],
    }),
    screen(S.serverWorkorder, '服务工单', {
      code: A.order,
      view: 'homecare.Orders',
      buttons: [
        { code: A.orderAdd, menuName: '新增工单' },
        { code: A.orderEdit, menuName: '编辑工单' },
        { code: A.orderDelete, menuName: '删除工单' },
        { code: A.orderPay, menuName: '支付' },
        { code: A.orderDistribute, menuName: '派单' },
        { code: A.orderServe, menuName: '接单与服务' },
        { code: A.orderCancel, menuName: '取消工单' },
        { code: A.orderAbolish, menuName: '作废工单' },
        { code: A.orderAfterSales, menuName: '申请售后' },
        { code: A.orderEvaluate, menuName: '服务评价' },
      ],
    }),
    screen(S.afterSaleOrder, '售后工单', {
      code: A.afterSale,
      view: 'homecare.AfterSales',
      buttons: [{ code: A.afterSaleAudit, menuName: '售后审核' }],
    }),
    screen(S.serviceitems, '服务项目', {
      code: A.items,
      view: 'homecare.ServiceItems',
      buttons: crudButtons(A.items, '服务项目'),
    }),
    screen(S.orderSet, '工单设置', {
      code: A.orderSet,
      view: 'homecare.OrderSet',
      buttons: [{ code: A.orderSetSave, menuName: '保存工单设置' }],
    }),
    screen(S.orderRule, '派单规则', {
      code: A.orderRule,
      view: 'homecare.OrderRules',
      buttons: [
        ...crudButtons(A.orderRule, '派单规则'),
        { code: A.orderRuleGenerate, menuName: '按规则生成工单' },
      ],
    }),
    screen(S.tempeleteDocument, '文书管理', {
      code: A.document,
      view: 'homecare.Documents',
      buttons: crudButtons(A.document, '居家文书'),
    }),
    screen(S.archivesAdd, '新增居家档案', { tab: false, view: 'homecare.ElderAdd' }),
    screen(S.accountDetail, '账户明细', { tab: false, view: 'homecare.AccountDetail' }),
    screen(S.accountBalancePayment, '批量充值', { tab: false, view: 'homecare.BalancePayment' }),
    screen(S.serverWorkorderDetail, '工单详情', { tab: false, view: 'homecare.OrderDetail' }),
    screen(S.serverWorkorderAdd, '新增服务工单', { tab: false, view: 'homecare.OrderAdd' }),
    screen(S.afterSaleDetail, '售后详情', { tab: false, view: 'homecare.AfterSaleDetail' }),
  ],
});
