import type { FieldDef, ResourceDef } from '../../../domain/resource.js';
import { accountResource } from '../../expense/module.js';
import { OLDMAN_COST_AUTHORITY, OldmanCostPaths } from '../api/quality.js';

const money = (name: string, label: string): FieldDef => ({ name, label, type: 'money', computed: true });

/**
 * 长者费用 (administration `cost/oldman`): each elder of the user's departments with what the billing
 * (费用管理) holds — bills made, paid and unpaid, the prepayment and what is owed — read only, for
 * the office, which does not take money (docs/decisions.md "Administration: care-quality records").
 */
export const oldmanCostResource: ResourceDef = {
  ...accountResource,
  name: 'oldmanCost',
  title: '长者费用',
  derived: true,
  fields: [
    ...accountResource.fields,
    { name: 'billCount', label: '账单数', type: 'int', computed: true },
    money('billedFen', '账单金额（元）'),
    money('paidFen', '已缴（元）'),
    money('unpaidFen', '未缴（元）'),
    { name: 'lastBillMonth', label: '最近账单月份', type: 'text', computed: true },
  ],
  columns: [
    'oldmanName',
    'oldmanStatus',
    'bedName',
    'billCount',
    'billedFen',
    'paidFen',
    'unpaidFen',
    'lastBillMonth',
    'prestore',
    'receivable',
  ],
  sums: ['prestore', 'receivable'],
  api: { list: OldmanCostPaths.list },
  authority: { view: OLDMAN_COST_AUTHORITY },
};
