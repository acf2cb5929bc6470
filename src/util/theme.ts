import { themeOf } from '../../domain/systemConfig.js';

/** Applies the theme of spec 000 §3 to the page: a data-theme name and the colour as a CSS variable. */
export function applyTheme(color: string, doc: Document = document) {
  const name = themeOf(color);
  doc.documentElement.dataset.theme = name;
  doc.documentElement.style.setProperty('--theme-color', name === 'default' ? '#1E87F0' : color);
}
