import { describe, expect, it } from 'vitest';
import type { ResourceDef } from '../../domain/resource.js';
import { formFields, toBody, toFormValues } from './formValues.js';

const def: ResourceDef = {
  name: 'fee',
  title: '费用',
  table: 'fee',
  idField: 'feeId',
  nameField: 'feeName',
  fields: [
    { name: 'feeName', label: '费用名称', type: 'text', required: true },
    { name: 'amount', label: '金额', type: 'money', required: true },
    { name: 'paidAt', label: '缴费时间', type: 'datetime' },
    { name: 'note', label: '备注', type: 'textarea' },
    { name: 'status', label: '状态', type: 'int', readOnly: true },
    { name: 'batchNo', label: '批次', type: 'text', hidden: true },
  ],
  columns: ['feeName'],
  defaultSort: { field: 'feeId', order: 'desc' },
  api: {},
  authority: { view: 'fee' },
};
const row = {
  feeId: 3,
  feeName: '床位费',
  amount: 150000,
  paidAt: '2024-05-06 08:09:10',
  note: '三月',
  status: 1,
  batchNo: 'B7',
};

describe('form values', () => {
  it('reads a row into inputs: yuan for fen, the date-time text, empty for missing', () => {
    expect(toFormValues(def, row)).toMatchObject({
      amount: '1500.00',
      paidAt: '2024-05-06 08:09:10',
      note: '三月',
    });
    expect(toFormValues(def, undefined)).toMatchObject({ feeName: '', amount: '' });
  });

  it('shows read-only fields only when editing, never hidden ones', () => {
    expect(formFields(def, 'create').map((f) => f.name)).toEqual(['feeName', 'amount', 'paidAt', 'note']);
    expect(formFields(def, 'edit').map((f) => f.name)).toContain('status');
  });

  it('sends fen, the id, a cleared field as null, and keeps a hidden field', () => {
    const values = { ...toFormValues(def, row), amount: '99.9', note: '' };
    expect(toBody(def, 'edit', values, row)).toEqual({
      errors: null,
      body: {
        feeId: 3,
        feeName: '床位费',
        amount: 9990,
        paidAt: '2024-05-06 08:09:10',
        note: null,
        batchNo: 'B7',
      },
    });
  });

  it('names every bad field in Chinese', () => {
    const result = toBody(
      def,
      'create',
      { ...toFormValues(def, undefined), amount: '1.234', paidAt: '2024-02-30T10:00' },
      undefined,
    );
    expect(result.errors).toEqual({
      feeName: '请填写费用名称',
      amount: '金额应为数字（元），最多两位小数',
      paidAt: '缴费时间不是有效日期',
    });
  });
});
