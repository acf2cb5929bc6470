import { describe, expect, it } from 'vitest';
import { keepChoiceLabel, useBody } from './api.js';

const first = (v: unknown) => {
  const r = useBody.safeParse(v);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('useBody (用药记录 › 新增, issue #42 point 1)', () => {
  it('names what is missing in the order of the form, in Chinese', () => {
    expect(first({ oldmanId: '', keepId: '', quantity: '' })).toBe('请选择长者');
    expect(first({ oldmanId: 3, keepId: '', quantity: '' })).toBe('请选择代管药品');
    expect(first({ oldmanId: 3, keepId: 7 })).toBe('请填写用量');
    expect(first({ keepId: 7, quantity: '  ' })).toBe('请填写用量');
    expect(first({ keepId: 7, quantity: '1.5' })).toBe('用量必须是整数');
    expect(first({ keepId: 7, quantity: 0 })).toBe('用量至少为1');
    expect(first({ keepId: 7, quantity: 1, useTime: '昨天' })).toBe('用药时间格式不正确');
  });
  it('takes a dose from a custody record, the elder optional (a record’s own 用药 sends none)', () => {
    expect(useBody.parse({ keepId: '7', quantity: '2', useTime: '2026-12-06 08:00:00' })).toEqual({
      keepId: 7,
      quantity: 2,
      useTime: '2026-12-06 08:00:00',
    });
    expect(useBody.parse({ oldmanId: 3, keepId: 7, quantity: 1, remark: ' 饭后 ' })).toMatchObject({
      oldmanId: 3,
      remark: '饭后',
    });
  });
  it('labels a kept drug by name, spec, rest and expiry', () => {
    expect(
      keepChoiceLabel({
        drugName: '阿司匹林肠溶片',
        drugSpec: '100mg×30片',
        restQuantity: 6,
        unit: '片',
        expiryDate: '2027-12-01',
      }),
    ).toBe('阿司匹林肠溶片（100mg×30片） 现余6片，有效期至2027-12-01');
  });
});
