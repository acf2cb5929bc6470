import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../domain/resource.js';
import { attachmentName } from './exportFile.js';
import { EMPTY_TEXT, formatValue } from './format.js';

const field = (over: Partial<FieldDef> & Pick<FieldDef, 'type'>): FieldDef => ({
  name: 'v',
  label: '值',
  ...over,
});

describe('formatValue', () => {
  it('shows fen as yuan with two decimals', () => {
    const money = field({ type: 'money' });
    expect(formatValue(money, { v: 123456 })).toBe('1,234.56');
    expect(formatValue(money, { v: 5 })).toBe('0.05');
    expect(formatValue(money, { v: -250 })).toBe('-2.50');
    expect(formatValue(money, { v: '1000' })).toBe('10.00');
    expect(formatValue(money, { v: null })).toBe('');
  });

  it('shows the dictionary label, or the raw value when the dictionary has none', () => {
    const sex = field({ type: 'dict', dict: 'gender' });
    expect(formatValue(sex, { v: 1 })).toBe('女');
    expect(formatValue(sex, { v: '0' })).toBe('男');
    expect(formatValue(sex, { v: 9 })).toBe('9');
    expect(formatValue(sex, {})).toBe('');
  });

  it('shows the name a ref carries beside its id, else the lookup label, else the id', () => {
    const bed = field({ name: 'bedId', type: 'ref', ref: 'bed' });
    expect(formatValue(bed, { bedId: 7, bedName: '101-1床' })).toBe('101-1床');
    expect(formatValue(bed, { bedId: 7 }, [{ value: 7, label: '查到的床' }])).toBe('查到的床');
    expect(formatValue(bed, { bedId: 8 }, [{ value: 7, label: '查到的床' }])).toBe('8');
    expect(formatValue(bed, { bedId: null })).toBe('');
  });

  it('shows switches as 是/否 and trims times to the second', () => {
    expect(formatValue(field({ type: 'bool' }), { v: 1 })).toBe('是');
    expect(formatValue(field({ type: 'bool' }), { v: 0 })).toBe('否');
    expect(formatValue(field({ type: 'datetime' }), { v: '2024-05-06T08:09:10.123Z' })).toBe(
      '2024-05-06 08:09:10',
    );
    expect(formatValue(field({ type: 'date' }), { v: '2024-05-06 00:00:00' })).toBe('2024-05-06');
  });

  it('shows a region by its name when the row has one', () => {
    const region = field({ name: 'regionCode', type: 'region' });
    expect(formatValue(region, { regionCode: '110105', regionCodeName: '北京市朝阳区' })).toBe(
      '北京市朝阳区',
    );
    expect(formatValue(region, { regionCode: '110105' })).toBe('110105');
  });

  it('gives empty text for empty values; the detail view shows a dash instead', () => {
    expect(formatValue(field({ type: 'text' }), { v: '' })).toBe('');
    expect(formatValue(field({ type: 'int' }), { v: 0 })).toBe('0');
    expect(EMPTY_TEXT).toBe('—');
  });
});

describe('attachmentName', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(attachmentName("attachment; filename*=UTF-8''%E9%95%BF%E8%80%85.xlsx", 'x.xlsx')).toBe(
      '长者.xlsx',
    );
    expect(attachmentName('attachment; filename="list.csv"', 'x.csv')).toBe('list.csv');
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
  });
});
