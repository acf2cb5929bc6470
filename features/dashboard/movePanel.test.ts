import { describe, expect, it } from 'vitest';
import { movePanel } from './movePanel.js';

describe('movePanel (看板设置 上移/下移)', () => {
  it('swaps with the neighbour, and leaves the ends alone', () => {
    expect(movePanel(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movePanel(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movePanel(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movePanel(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
