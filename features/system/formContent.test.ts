import { describe, expect, it } from 'vitest';
import { blankField, fieldsProblem, parseFormContent, serializeFormContent } from './formContent.js';

describe('form template content', () => {
  it('round-trips the fields and drops the options of a field that is no longer a select', () => {
    const fields = [
      { label: ' 血压 ', kind: 'text' as const, required: true, options: ['x'] },
      { label: '意识', kind: 'select' as const, required: false, options: ['清醒', '嗜睡'] },
    ];
    expect(parseFormContent(serializeFormContent(fields))).toEqual({
      fields: [
        { label: '血压', kind: 'text', required: true, options: [] },
        { label: '意识', kind: 'select', required: false, options: ['清醒', '嗜睡'] },
      ],
      readable: true,
    });
  });

  it('reads empty content as no fields and foreign content as unreadable', () => {
    expect(parseFormContent('')).toEqual({ fields: [], readable: true });
    expect(parseFormContent('<h2>合同</h2>')).toEqual({ fields: [], readable: false });
    expect(parseFormContent('{"fields":[{"label":"a","kind":"video"}]}').readable).toBe(false);
  });

  it('names the first problem: a missing label, a repeated label, a select without choices', () => {
    expect(fieldsProblem([blankField()])).toBe('第1个字段未填写名称');
    expect(
      fieldsProblem([
        { ...blankField(), label: '体温' },
        { ...blankField(), label: '体温 ' },
      ]),
    ).toBe('字段“体温”重复');
    expect(fieldsProblem([{ ...blankField(), label: '意识', kind: 'select', options: ['清醒'] }])).toBe(
      '单选字段“意识”至少需要两个选项',
    );
    expect(fieldsProblem([{ ...blankField(), label: '体温', kind: 'number' }])).toBeNull();
  });
});

describe('select choices', () => {
  it('keeps what is being typed in the editor but saves only real choices', () => {
    const field = {
      label: '意识',
      kind: 'select' as const,
      required: false,
      options: ['清醒', ' ', '嗜睡 '],
    };
    expect(fieldsProblem([field])).toBeNull();
    expect(parseFormContent(serializeFormContent([field])).fields[0]?.options).toEqual(['清醒', '嗜睡']);
  });
});
