import { themeOf } from '../../domain/systemConfig.js';

/** WCAG 2.1 AA 1.4.3: normal text needs 4.5:1 against what is behind it. */
const AA_TEXT = 4.5;

const channel = (v: number) => {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance of `#rrggbb` (WCAG 2.1 definition). */
function luminance([r, g, b]: readonly number[]) {
  return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
}

const rgbOf = (hex: string) => {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
};

const toHex = (rgb: readonly number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** Contrast ratio of white text on `#rrggbb`. */
export const contrastWithWhite = (hex: string) => 1.05 / (luminance(rgbOf(hex)) + 0.05);

/**
 * The theme colour darkened just enough for white text on it (and it as text on white) to reach
 * 4.5:1: the spec's theme colours (#1E87F0, #FF9D11…) are too light for the header's white text.
 */
export function inkOf(hex: string): string {
  const rgb = rgbOf(hex);
  if (rgb.some(Number.isNaN)) return hex;
  let shade = rgb;
  for (let k = 0.98; contrastWithWhite(toHex(shade)) < AA_TEXT && k > 0; k -= 0.02)
    shade = rgb.map((c) => Math.round(c * k));
  return toHex(shade);
}

/**
 * Applies the theme of spec 000 §3 to the page: a data-theme name, the colour as a CSS variable
 * and its readable shade (--theme-ink) for white text on it and for it as text.
 */
export function applyTheme(color: string, doc: Document = document) {
  const name = themeOf(color);
  const theme = name === 'default' ? '#1E87F0' : color;
  doc.documentElement.dataset.theme = name;
  doc.documentElement.style.setProperty('--theme-color', theme);
  doc.documentElement.style.setProperty('--theme-ink', inkOf(theme));
}
