import { expect, type Locator, type Page } from '@playwright/test';
import { AssessmentPaths } from '../../../features/care/api/assessment.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

/**
 * A sticky save bar (暂存/提交评估 under an assessment, 取消/保存 under a form in a dialog or page) is
 * never drawn under what scrolls behind it: at every scroll position a click anywhere on the bar
 * reaches the bar. Issue #36 point 4: on the 2023 assessment, 暂存 clicked at 1366×768 selected
 * “1分” of B.1.4 behind it (29 → 28) and saved nothing.
 */
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1280, height: 800 },
];

/**
 * What sits under points of the bar: each button's centre must hit the button, and points across
 * the bar (left, middle, right, at its vertical centre) must hit the bar; anything else is named.
 * Toasts are let through: they are laid over the whole console for a moment, above everything.
 */
async function coveredPoints(bar: Locator, buttons: Locator[]): Promise<string[]> {
  const problems: string[] = [];
  for (const button of buttons) {
    const miss = await button.evaluate((b) => {
      const r = b.getBoundingClientRect();
      const el = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (el && (b.contains(el) || el.closest('.bp6-toast-container'))) return null;
      const what = el?.closest('[data-testid]')?.getAttribute('data-testid') ?? el?.tagName ?? 'nothing';
      return `${(b.textContent ?? '').trim()}: ${what} “${(el?.textContent ?? '').trim().slice(0, 24)}”`;
    });
    if (miss) problems.push(miss);
  }
  const misses = await bar.evaluate((b) => {
    const r = b.getBoundingClientRect();
    const y = r.top + r.height / 2;
    return [0.05, 0.3, 0.5, 0.7, 0.95].flatMap((f) => {
      const el = document.elementFromPoint(r.left + r.width * f, y);
      // a toast (已暂存) lies over the whole page for a moment: not what scrolls behind the bar
      if (el && (b.contains(el) || el.closest('.bp6-toast-container'))) return [];
      const what = el?.closest('[data-testid]')?.getAttribute('data-testid') ?? el?.tagName ?? 'nothing';
      return [`bar at ${Math.round(f * 100)}%: ${what} “${(el?.textContent ?? '').trim().slice(0, 24)}”`];
    });
  });
  // nothing to click shows in a strip between the bar and the bottom of what scrolls
  const below = await bar.evaluate((b) => {
    let scroller = b.parentElement;
    while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowY)) {
      scroller = scroller.parentElement;
    }
    if (!scroller) return ['no scroller'];
    const r = b.getBoundingClientRect();
    const edge = scroller.getBoundingClientRect().top + scroller.clientHeight;
    if (edge - r.bottom < 2) return [];
    const y = (r.bottom + edge) / 2;
    return [0.05, 0.5, 0.95].flatMap((f) => {
      const el = document.elementFromPoint(r.left + r.width * f, y);
      const control = el?.closest('button, input, select, textarea, a, label, [role="button"]');
      return control
        ? [
            `under the bar at ${Math.round(f * 100)}%: ${control.getAttribute('data-testid') ?? control.tagName} “${(control.textContent ?? '').trim().slice(0, 24)}”`,
          ]
        : [];
    });
  });
  return [...problems, ...misses, ...below].map((p) => p.replace(/\s+/g, ' '));
}

/** Scroll positions of a scroller from the top to the bottom, in steps of `step` pixels. */
async function positions(scroller: Locator, step: number): Promise<number[]> {
  const max = await scroller.evaluate((s) => s.scrollHeight - s.clientHeight);
  const out: number[] = [];
  for (let y = 0; y < max; y += step) out.push(y);
  out.push(max);
  return out;
}

const scrollTo = async (scroller: Locator, y: number) => {
  await scroller.evaluate((s, top) => {
    s.scrollTop = top;
  }, y);
  await expect.poll(() => scroller.evaluate((s) => Math.round(s.scrollTop))).toBe(Math.round(y));
};

/** Clicks as a person does: at the centre of what they see, whatever lies there. */
async function clickCentre(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The answers chosen, as their options' test ids. */
const chosen = (form: Locator) =>
  form
    .locator('[data-testid^="opt-"].bp6-active')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

for (const viewport of VIEWPORTS) {
  const size = `${viewport.width}×${viewport.height}`;

  test(`2023 assessment at ${size}: 暂存 and 提交评估 are hit at every scroll position; 暂存 saves and changes no answer`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page, ADMIN);
    await page.goto('/index.html#/careplan/assessment/2023/add');
    const form = page.getByTestId('page-assessment-form');
    await expect(form.getByText('GB/T 42195-2022《老年人能力评估规范》')).toBeVisible();
    await expect(form.locator('#as-elder option').nth(1)).toBeAttached();
    await form.locator('#as-elder').selectOption({ index: 1 });
    await expect(form.locator('#as-cause option').nth(1)).toBeAttached();
    await form.locator('#as-cause').selectOption({ index: 1 });
    // every item answered with its first (best) option: any other option clicked lowers the score
    const items = form.locator('[data-testid^="item-"]');
    const count = await items.count();
    expect(count).toBe(30);
    for (let i = 0; i < count; i += 1) await items.nth(i).locator('button').first().click();
    const progress = page.getByTestId('assessment-progress');
    await expect(progress).toContainText('已评 30/30 项 · 当前得分 90/90');
    const answers = await chosen(form);
    expect(answers).toHaveLength(30);

    let saves = 0;
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().includes(AssessmentPaths.submit2023)) saves += 1;
    });
    const bar = page.locator('.assessment-bar');
    const save = page.getByTestId('assessment-save');
    const submit = page.getByTestId('assessment-submit');
    const scroller = page.locator('.shell-page');
    const ys = await positions(scroller, 200);
    expect(ys.length, 'the form is taller than the window').toBeGreaterThan(8);
    if (viewport.width === 1366) {
      // half way down, answers under the bar, before any toast
      await scrollTo(scroller, ys[Math.floor(ys.length / 2)] ?? 0);
      await expect(bar).toBeInViewport();
      await page.screenshot({ path: '.tmp/shot-assessment-footer.png' });
    }
    let covered = 0;
    for (const y of ys) {
      await scrollTo(scroller, y);
      const problems = await coveredPoints(bar, [save, submit]);
      if (problems.length) covered += 1;
      expect.soft(problems, `scrolled to ${y}px: the bar is hit, not what lies behind it`).toEqual([]);
      // 暂存 clicked where it is seen: a draft is saved and every answer stays as it was
      const before = saves;
      await clickCentre(page, save);
      await expect.soft(progress, `scrolled to ${y}px: no answer changed`).toContainText('当前得分 90/90', {
        timeout: 1_000,
      });
      expect.soft(await chosen(form), `scrolled to ${y}px: the same answers`).toEqual(answers);
      await expect.soft
        .poll(() => saves, { message: `scrolled to ${y}px: 暂存 saved`, timeout: 3_000 })
        .toBe(before + 1);
      // the saved draft is read back as the address names it: the same answers again
      await expect(save).not.toHaveClass(/bp6-loading/);
      await expect(progress).toContainText('已评 30/30 项');
    }
    expect(covered, `the bar was covered at ${covered} of ${ys.length} scroll positions`).toBe(0);
  });

  test(`咨询登记 › 新增 at ${size}: 取消 and 保存 are hit at every scroll position of the dialog`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, ADMIN, '护理一部');
    await page.goto('/index.html#/live/consult/base');
    await page.getByTestId('page-consult').getByRole('button', { name: '新增', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '咨询登记' });
    await dialog.getByRole('button', { name: '无身份证号，直接登记' }).click();
    const name = dialog.getByLabel('长者姓名');
    await name.fill('孙玉梅');
    const bar = dialog.locator('.resource-form-actions');
    const cancel = bar.getByRole('button', { name: '取消' });
    const keep = bar.getByRole('button', { name: '保存' });
    const scroller = dialog.locator('.bp6-dialog-body');
    const ys = await positions(scroller, 120);
    expect(ys.length, 'the dialog is taller than the window').toBeGreaterThan(3);
    const values = () =>
      dialog
        .locator('input, select, textarea')
        .evaluateAll((els) =>
          els.map((e) =>
            e instanceof HTMLInputElement && (e.type === 'checkbox' || e.type === 'radio')
              ? String(e.checked)
              : (e as HTMLInputElement).value,
          ),
        );
    let covered = 0;
    for (const y of ys) {
      await scrollTo(scroller, y);
      const problems = await coveredPoints(bar, [cancel, keep]);
      if (problems.length) covered += 1;
      expect.soft(problems, `scrolled to ${y}px: the bar is hit, not what lies behind it`).toEqual([]);
    }
    expect(covered, `the bar was covered at ${covered} of ${ys.length} scroll positions`).toBe(0);

    // 取消 clicked where it is seen, half way down: it asks before the typing goes, and no field changed
    await scrollTo(scroller, ys[Math.floor(ys.length / 2)] ?? 0);
    if (viewport.width === 1366) await page.screenshot({ path: '.tmp/shot-consult-save-bar.png' });
    const before = await values();
    await clickCentre(page, cancel);
    const question = page.getByRole('alertdialog').filter({ hasText: '有未保存的修改' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: '继续编辑' }).click();
    await expect(question).toBeHidden();
    expect(await values()).toEqual(before);
    await expect(name).toHaveValue('孙玉梅');
  });
}
