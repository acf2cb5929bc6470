import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineStatuses, type StatusCode, type StatusKey } from '../../domain/status.js';

const doc = defineStatuses([
  { key: 'posted', code: 1, label: '已入账' },
  { key: 'printed', code: 2, label: '已打印' },
  { key: 'reversed', code: 3, label: '已冲红' },
  { key: 'redPunch', code: 4, label: '冲红单' },
] as const);

/** Codes out of order and a zero, as in a dictionary that lists them in its own order. */
const live = defineStatuses([
  { key: 'waiting', code: 3, label: '待入住' },
  { key: 'living', code: 1, label: '在住' },
  { key: 'none', code: 0, label: '无' },
] as const);

const sale = defineStatuses([
  { key: 'start', code: 'START', label: '待处理' },
  { key: 'end', code: 'END', label: '已处理' },
] as const);

describe('defineStatuses', () => {
  it('code: key → code, typed as the literal', () => {
    expect(doc.code).toEqual({ posted: 1, printed: 2, reversed: 3, redPunch: 4 });
    expectTypeOf(doc.code.posted).toEqualTypeOf<1>();
    expectTypeOf(sale.code.end).toEqualTypeOf<'END'>();
    expectTypeOf<StatusCode<typeof doc>>().toEqualTypeOf<1 | 2 | 3 | 4>();
    expectTypeOf<StatusKey<typeof sale>>().toEqualTypeOf<'start' | 'end'>();
  });

  it('label: code → label; labels: key → label', () => {
    expect(doc.label).toEqual({ 1: '已入账', 2: '已打印', 3: '已冲红', 4: '冲红单' });
    expect(doc.labels).toEqual({
      posted: '已入账',
      printed: '已打印',
      reversed: '已冲红',
      redPunch: '冲红单',
    });
    expect(sale.label).toEqual({ START: '待处理', END: '已处理' });
    expectTypeOf(doc.label[3]).toEqualTypeOf<'已冲红'>();
    expectTypeOf(doc.labels.redPunch).toEqualTypeOf<'冲红单'>();
  });

  it('keeps the declared order in keys, codes, entries and labels', () => {
    expect(live.keys).toEqual(['waiting', 'living', 'none']);
    expect(live.codes).toEqual([3, 1, 0]);
    expect(live.entries).toEqual([
      [3, '待入住'],
      [1, '在住'],
      [0, '无'],
    ]);
    expect(Object.keys(live.labels)).toEqual(['waiting', 'living', 'none']);
    expect(sale.entries).toEqual([
      ['START', '待处理'],
      ['END', '已处理'],
    ]);
  });

  it("entriesIn: the pairs in a dictionary's own order, every key once", () => {
    expect(live.entriesIn(['living', 'none', 'waiting'])).toEqual([
      [1, '在住'],
      [0, '无'],
      [3, '待入住'],
    ]);
    expect(live.codes).toEqual([3, 1, 0]);
    expect(() => live.entriesIn(['living', 'none'])).toThrow('not an order of waiting,living,none');
    expect(() => live.entriesIn(['living', 'none', 'none'])).toThrow('not an order');
  });

  it('keyOf / codeOf / labelOf: a stored code (number or its text) and back', () => {
    expect(doc.keyOf(3)).toBe('reversed');
    expect(doc.keyOf('3')).toBe('reversed');
    expect(live.keyOf(0)).toBe('none');
    expect(doc.keyOf(0)).toBeUndefined();
    expect(doc.keyOf(null)).toBeUndefined();
    expect(doc.keyOf(undefined)).toBeUndefined();
    expect(doc.keyOf(Number.NaN)).toBeUndefined();
    expect(sale.keyOf('END')).toBe('end');
    expect(doc.codeOf('printed')).toBe(2);
    expect(doc.codeOf('draft')).toBeUndefined();
    expect(doc.codeOf('toString')).toBeUndefined();
    expect(doc.labelOf(4)).toBe('冲红单');
    expect(doc.labelOf('1')).toBe('已入账');
    expect(doc.labelOf(9)).toBe('');
    for (const key of doc.keys) expect(doc.keyOf(doc.codeOf(key))).toBe(key);
  });

  it('has: only the codes themselves', () => {
    expect(doc.has(2)).toBe(true);
    expect(doc.has('2')).toBe(false);
    expect(doc.has(5)).toBe(false);
    expect(live.has(0)).toBe(true);
    expect(sale.has('START')).toBe(true);
  });

  it('entries plug into a [value, label] dictionary', () => {
    const d = (pairs: readonly (readonly [string | number, string])[]) =>
      pairs.map(([value, label]) => ({ value, label }));
    expect(d(doc.entries)).toEqual([
      { value: 1, label: '已入账' },
      { value: 2, label: '已打印' },
      { value: 3, label: '已冲红' },
      { value: 4, label: '冲红单' },
    ]);
  });

  it('a repeated key or code throws', () => {
    expect(() =>
      defineStatuses([
        { key: 'a', code: 1, label: '甲' },
        { key: 'a', code: 2, label: '乙' },
      ]),
    ).toThrow('status key a declared twice');
    expect(() =>
      defineStatuses([
        { key: 'a', code: 1, label: '甲' },
        { key: 'b', code: '1', label: '乙' },
      ]),
    ).toThrow('status code 1 declared twice');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(doc.code)).toBe(true);
    expect(Object.isFrozen(doc.entries)).toBe(true);
  });
});
