import { describe, expect, it } from 'vitest';
import { themeNames } from '../../domain/systemConfig.js';
import { contrastWithWhite, inkOf } from './theme.js';

describe('inkOf', () => {
  it.each(Object.keys(themeNames))('gives white text 4.5:1 on the theme %s', (color) => {
    expect(contrastWithWhite(inkOf(color))).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that is already dark enough', () => {
    expect(inkOf('#743B8F')).toBe('#743b8f');
  });

  it('darkens the default blue only a little', () => {
    expect(inkOf('#1E87F0')).toMatch(/^#1[0-9a-f]{5}$/);
    expect(contrastWithWhite(inkOf('#1E87F0'))).toBeLessThan(5.2);
  });
});
