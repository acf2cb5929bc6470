import { describe, expect, it } from 'vitest';
import { inspectErrors, problemMissingMessage } from './api.js';

const items = [
  { itemNo: 37, itemName: '消防器材完好有效' },
  { itemNo: 52, itemName: '建立安全管理制度和岗位安全责任制' },
];
const head = { inspectDate: '2026-12-06', inspectUnit: '西湖区民政局', inspectorName: '周敏', remark: '' };

describe('inspectErrors (issue #42 point 4)', () => {
  it('puts each failed item without a problem under that item, with the server’s message', () => {
    const found = inspectErrors(
      {
        ...head,
        results: [
          { itemNo: 37, passed: false, problem: '灭火器过期' },
          { itemNo: 52, passed: false, problem: '  ' },
        ],
      },
      items,
    );
    expect(found).toEqual({
      head: {},
      items: { 52: problemMissingMessage(52, '建立安全管理制度和岗位安全责任制') },
    });
    expect(found.items[52]).toBe('请填写第52项“建立安全管理制度和岗位安全责任制”的问题描述');
  });
  it('names the head’s missing fields under their names; a passed item needs nothing', () => {
    const found = inspectErrors(
      { ...head, inspectorName: '', results: [{ itemNo: 37, passed: true }] },
      items,
    );
    expect(Object.keys(found.head)).toEqual(['inspectorName']);
    expect(found.items).toEqual({});
  });
});
