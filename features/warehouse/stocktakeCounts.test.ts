import { describe, expect, it } from 'vitest';
import { countErrors, fillFromBook, uncountedMessage } from './stocktakeCounts.js';

const lines = [
  { skuId: 1, skuName: '大米', bookQuantity: 10 },
  { skuId: 2, skuName: '食用油', bookQuantity: 4 },
  { skuId: 3, skuName: '洗衣粉', bookQuantity: 0 },
  { skuId: 4, skuName: '毛巾', bookQuantity: 7 },
  { skuId: 5, skuName: '牙膏', bookQuantity: 2 },
];

describe('stocktake counts (issue #42 point 4)', () => {
  it('refuses blank lines only when posting, bad numbers always', () => {
    const counts = { 1: '9', 2: '', 3: ' ', 4: '-1', 5: '2.5' };
    expect(countErrors(lines, counts, false)).toEqual({ 4: '实盘数量不能小于0', 5: '实盘数量必须是整数' });
    expect(countErrors(lines, counts, true)).toEqual({
      2: '请填写实盘数量',
      3: '请填写实盘数量',
      4: '实盘数量不能小于0',
      5: '实盘数量必须是整数',
    });
    expect(countErrors(lines, { 1: '0', 2: '4', 3: '0', 4: '7', 5: '3' }, true)).toEqual({});
  });
  it('sums up the blank lines with the way out, and the first bad number', () => {
    const errors = countErrors(lines, { 5: 'x' }, true);
    expect(uncountedMessage(lines, errors)).toBe(
      '还有4种物品未录入实盘数量：大米、食用油、洗衣粉等，可逐项填写或点“未盘点按账面数填入”；牙膏：实盘数量必须是整数',
    );
  });
  it('fills only the blank lines from the book, keeping what was counted', () => {
    expect(fillFromBook(lines, { 1: '9', 3: '', 4: ' 6 ' })).toEqual({
      counts: { 1: '9', 2: '4', 3: '0', 4: ' 6 ', 5: '2' },
      filled: 3,
    });
    expect(fillFromBook(lines.slice(0, 1), { 1: '9' }).filled).toBe(0);
  });
});
