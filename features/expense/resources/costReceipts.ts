import { z } from 'zod';
import type { ResourceDef } from '../../../domain/resource.js';
import { ExpensePaths } from '../api.js';
import { ExpenseAuthority as A } from './cost.js';
import { chosenId, idList } from './costCommon.js';

/**
 * 历史收据 (spec 001 §7 receipt GET): every trade that took or returned money, with what its
 * receipt prints, reprinted in any number (receipt/print).
 */
export const receiptResource: ResourceDef = {
  name: 'receipt',
  title: '历史收据',
  table: 'ledgerTx',
  idField: 'txId',
  nameField: 'receiptNo',
  fields: [
    { name: 'receiptNo', label: '收据号', type: 'text' },
    { name: 'createTime', label: '时间', type: 'datetime', readOnly: true },
    { name: 'oldmanName', label: '长者', type: 'text', computed: true },
    { name: 'txTypeName', label: '业务', type: 'text', computed: true },
    { name: 'payWayName', label: '支付方式', type: 'text', computed: true },
    { name: 'amount', label: '金额（元）', type: 'money', computed: true },
    { name: 'memo', label: '摘要', type: 'text' },
    { name: 'operatorName', label: '经办人', type: 'text' },
    /** Voided by 作废交易 or 反结算: the receipt prints 此收据已作废. */
    { name: 'voided', label: '已作废', type: 'bool', computed: true },
  ],
  columns: [
    'receiptNo',
    'createTime',
    'oldmanName',
    'txTypeName',
    'payWayName',
    'amount',
    'memo',
    'operatorName',
  ],
  filters: [{ field: 'createTime', kind: 'range', label: '日期' }],
  search: ['oldmanName', 'receiptNo'],
  defaultSort: { field: 'txId', order: 'desc' },
  api: { list: ExpensePaths.receipts },
  authority: { view: A.receipt },
  deptScoped: true,
};

/** One elder's receipts only (the account screens). */
export const receiptListParams = { oldmanId: chosenId('长者').optional() };

export const receiptPrintBody = z.object({
  txIds: z.array(chosenId('收据')).min(1, '请选择收据').max(200),
});
export const receiptPrintQuery = z.object({ txIds: idList('收据') });
