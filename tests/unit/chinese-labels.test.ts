// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { installChineseLabels } from '../../src/ui/chineseLabels.js';

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("Blueprint's English accessible names", () => {
  it('are read in Chinese, whether there before or added later, and only on Blueprint elements', async () => {
    document.body.innerHTML = '<button class="bp6-button bp6-toast-close" aria-label="Close"></button>';
    stop = installChineseLabels(document);
    expect(document.querySelector('.bp6-toast-close')?.getAttribute('aria-label')).toBe('关闭');

    const dialog = document.createElement('div');
    dialog.innerHTML = `<div class="bp6-dialog-header"><button class="bp6-button bp6-dialog-close-button" aria-label="Close"></button></div>
      <div class="bp6-spinner" aria-label="loading"></div>
      <button class="app-close" aria-label="Close"></button>`;
    document.body.append(dialog);
    await settle();
    expect(dialog.querySelector('.bp6-dialog-close-button')?.getAttribute('aria-label')).toBe('关闭');
    expect(dialog.querySelector('.bp6-spinner')?.getAttribute('aria-label')).toBe('加载中');
    // not Blueprint's: left as the page wrote it
    expect(dialog.querySelector('.app-close')?.getAttribute('aria-label')).toBe('Close');

    // React writing the English name again (a re-render) is renamed again
    dialog.querySelector('.bp6-dialog-close-button')?.setAttribute('aria-label', 'Close');
    await settle();
    expect(dialog.querySelector('.bp6-dialog-close-button')?.getAttribute('aria-label')).toBe('关闭');
  });
});
