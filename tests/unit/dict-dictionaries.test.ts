import { describe, expect, it } from 'vitest';
import { clockTimeOptions, staticDictionaries } from '../../domain/dictionaries.js';
import type { Request } from '../../src/app/request.js';
import { dictLabel, getDict, loadDict } from '../../src/dict/dictionaries.js';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
};

describe('dictionaries', () => {
  it('an undefined name raises dd:{name},未定义', () => {
    expect(() => getDict('nope')).toThrow('dd:nope,未定义');
  });
  it('spec values mean what the spec says', () => {
    expect(dictLabel('alarmStatus', 3)).toBe('已处理');
    expect(dictLabel('liveStatus', '6')).toBe('已取消');
    expect(dictLabel('mattressAlarmType', 5)).toBe('尿湿');
    expect(dictLabel('deviceType', -1)).toBe('其他');
    expect(staticDictionaries.ethnicGroup).toHaveLength(56);
    expect(clockTimeOptions.flatMap((g) => g.options.map((o) => o.value))).toEqual(
      Array.from({ length: 48 }, (_, i) => (i + 1) * 10),
    );
  });
  it('loads from the server once, reads lists or {list}, and restores from the session cache', async () => {
    const cache = memory();
    let calls = 0;
    const request = (async () => {
      calls++;
      return { list: [{ deptId: 1, deptName: '院办' }] };
    }) as Request;
    expect(await loadDict('dept', request, cache)).toEqual([{ value: 1, label: '院办' }]);
    expect(await loadDict('dept', request, cache)).toEqual([{ value: 1, label: '院办' }]);
    expect(calls).toBe(1);
    expect(cache.m.has('dictionarydept')).toBe(true);
  });
  it('a failed fetch gives an empty list and caches nothing', async () => {
    const cache = memory();
    const failing = (async () => {
      throw new Error('down');
    }) as Request;
    expect(await loadDict('role', failing, cache)).toEqual([]);
    expect(cache.m.size).toBe(0);
  });
});
