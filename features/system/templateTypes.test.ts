import { describe, expect, it } from 'vitest';
import { moveType, type TemplateType, typeNameProblem } from './templateTypes.js';

const makeType = (typeId: number, sort = 0): TemplateType => ({
  typeId,
  typeName: `类型${typeId}`,
  sort,
  isHome: 2,
});

describe('moveType', () => {
  const types = [makeType(7, 0), makeType(3, 0), makeType(9, 5)];
  it('swaps with the neighbour and numbers the whole list', () => {
    expect(moveType(types, 3, -1)).toEqual([
      { typeId: 3, sort: 0 },
      { typeId: 7, sort: 1 },
      { typeId: 9, sort: 2 },
    ]);
    expect(moveType(types, 3, 1)?.map((t) => t.typeId)).toEqual([7, 9, 3]);
  });
  it('refuses to move past either end or an unknown type', () => {
    expect(moveType(types, 7, -1)).toBeNull();
    expect(moveType(types, 9, 1)).toBeNull();
    expect(moveType(types, 1, 1)).toBeNull();
  });
});

describe('typeNameProblem', () => {
  it('mirrors the server: required after trimming, at most 32 characters', () => {
    expect(typeNameProblem('  ')).toBe('请输入类型名称');
    expect(typeNameProblem('评'.repeat(33))).toBe('类型名称不能超过32个字');
    expect(typeNameProblem(' 评估表 ')).toBeNull();
  });
});
