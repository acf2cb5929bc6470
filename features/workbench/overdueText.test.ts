import { describe, expect, it } from 'vitest';
import { overdueText } from './overdueText.js';

describe('overdueText', () => {
  it('reads in the largest two units, leaving out a zero second unit', () => {
    expect(overdueText(0)).toBe('0分钟');
    expect(overdueText(45)).toBe('45分钟');
    expect(overdueText(60)).toBe('1小时');
    expect(overdueText(65)).toBe('1小时5分钟');
    expect(overdueText(1440)).toBe('1天');
    expect(overdueText(2 * 1440 + 3 * 60 + 59)).toBe('2天3小时');
  });
});
