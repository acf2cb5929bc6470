import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../domain/money/uppercase.js';

/** Amounts in yuan as written on the paper, turned into integer fen the way the project stores them. */
const words = (yuan: string) => amountInWords(Math.round(Number(yuan) * 100));

describe('大写金额 (正确填写票据和结算凭证的基本规定)', () => {
  it.each([
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    ['100', '壹佰元整'],
    ['10', '壹拾元整'],
    ['1', '壹元整'],
    ['0', '零元整'],
    ['1005', '壹仟零伍元整'],
    ['1010', '壹仟零壹拾元整'],
    ['1100', '壹仟壹佰元整'],
  ])('whole yuan: %s → %s', (yuan, expected) => expect(words(yuan)).toBe(expected));

  it.each([
    // the rules' own examples (第五条)
    ['1409.50', '壹仟肆佰零玖元伍角'],
    ['6007.14', '陆仟零柒元壹角肆分'],
    ['1680.32', '壹仟陆佰捌拾元零叁角贰分'],
    ['107000.53', '壹拾万零柒仟元零伍角叁分'],
    ['16409.02', '壹万陆仟肆佰零玖元零贰分'],
    ['325.04', '叁佰贰拾伍元零肆分'],
  ])('the PBoC examples: %s → %s', (yuan, expected) => expect(words(yuan)).toBe(expected));

  it.each([
    ['100000.5', '壹拾万元零伍角'],
    ['0.5', '伍角'],
    ['0.05', '伍分'],
    ['0.55', '伍角伍分'],
    ['0.01', '壹分'],
    ['1.05', '壹元零伍分'],
    ['10.05', '壹拾元零伍分'],
    ['1.5', '壹元伍角'],
    ['1.50', '壹元伍角'],
    ['20.1', '贰拾元零壹角'],
    ['20.11', '贰拾元零壹角壹分'],
    ['21.01', '贰拾壹元零壹分'],
  ])('角 and 分: %s → %s', (yuan, expected) => expect(words(yuan)).toBe(expected));

  it.each([
    ['10000', '壹万元整'],
    ['10001', '壹万零壹元整'],
    ['10010', '壹万零壹拾元整'],
    ['100000', '壹拾万元整'],
    ['110000', '壹拾壹万元整'],
    ['1000100', '壹佰万零壹佰元整'],
    ['10101010', '壹仟零壹拾万零壹仟零壹拾元整'],
    ['10011001', '壹仟零壹万壹仟零壹元整'],
    ['100000000', '壹亿元整'],
    ['100010000', '壹亿零壹万元整'],
    ['105000000', '壹亿零伍佰万元整'],
    ['1000000001', '壹拾亿零壹元整'],
    ['1200000000', '壹拾贰亿元整'],
    ['123456789.12', '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元壹角贰分'],
    ['1000000000000', '壹万亿元整'],
    ['1000000010000', '壹万亿零壹万元整'],
    ['1000100000000', '壹万亿零壹亿元整'],
    ['90000000000000', '玖拾万亿元整'],
  ])('zeros in and at the ends of 万 and 亿 groups: %s → %s', (yuan, expected) =>
    expect(words(yuan)).toBe(expected),
  );

  it('negative amounts, integer fen only', () => {
    expect(amountInWords(-123456)).toBe('负壹仟贰佰叁拾肆元伍角陆分');
    expect(amountInWords(-5)).toBe('负伍分');
    expect(amountInWords(-0)).toBe('零元整');
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWords(2 ** 53)).toThrow(RangeError);
    expect(amountInWords(Number.MAX_SAFE_INTEGER)).toBe(
      '玖拾万亿零柒佰壹拾玖亿玖仟贰佰伍拾肆万柒仟肆佰零玖元玖角壹分',
    );
  });
});
