import { expect } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, openMenu, signIn } from '../support.js';

/**
 * Issue #37 point 7: a submitted assessment prints from its detail page (打印), and the paper
 * carries the 评估意见 and the lines the assessor and the elder or family sign and date.
 * window.print is recorded, not opened.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    const w = window as unknown as { print(): void; printCalls: number };
    w.printCalls = 0;
    w.print = () => {
      w.printCalls += 1;
    };
  });
});

test('the assessment detail page prints the assessment with its 评估意见 and signature lines', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ADMIN);
  // a 2023 assessment, every item answered, kept as a draft
  await openMenu(page, '护理计划', '评估记录');
  await page.getByRole('button', { name: '2023版能力评估' }).click();
  const form = page.getByTestId('page-assessment-form');
  await expect(form.locator('#as-elder option').nth(1)).toBeAttached();
  await form.locator('#as-elder').selectOption({ index: 1 });
  await form.locator('#as-cause').selectOption({ index: 1 });
  const items = form.locator('[data-testid^="item-"]');
  await expect(items).toHaveCount(30);
  for (const item of await items.all()) await item.locator('button').first().click();
  await page.getByTestId('assessment-save').click();
  await expect(page).toHaveURL(/assessmentId=\d+/);
  const assessmentId = /assessmentId=(\d+)/.exec(page.url())?.[1] ?? '';

  // 评估记录 › 修改: the assessor writes the 评估意见
  await openMenu(page, '护理计划', '评估记录');
  const list = page.getByTestId('page-assessment-records');
  await list.getByTestId(`row-${assessmentId}`).getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog');
  const opinion = '能力完好，建议自理照护，半年后复评';
  await edit.getByLabel('评估意见').fill(opinion);
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit).toHaveCount(0);

  // 继续评估 › 提交评估: the detail page, read-only, prints. Until the draft is in, there is nothing to
  // press (提交评估 pressed before it came read an empty elder: 请选择长者和评估原因, seen under load)
  const draftRead = new RegExp(`/pims/web-pi/assessment/${assessmentId}$`);
  let letIn: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    letIn = resolve;
  });
  await page.route(draftRead, async (route) => {
    await held;
    await route.fallback();
  });
  await list.getByTestId(`row-${assessmentId}`).getByRole('button', { name: '继续评估' }).click();
  await expect(page.getByLabel('加载中')).toBeVisible();
  await expect(page.getByTestId('assessment-submit')).toBeDisabled();
  letIn();
  await page.unroute(draftRead);
  await expect(page.locator('#as-elder')).not.toHaveValue('');
  await page.getByTestId('assessment-submit').click();
  await expect(page.getByTestId('assessment-grade')).toContainText('评估等级：能力完好');
  const opening = page.waitForEvent('popup');
  await page.getByRole('button', { name: '打印' }).click();
  const printed = await opening;
  const sheet = printed.locator('.sheet');
  await expect(sheet.locator('h1')).toContainText('老年人能力评估');
  await expect(sheet.locator('h3', { hasText: '评估意见' })).toBeVisible();
  await expect(sheet.locator('.opinion')).toHaveText(opinion);
  const signs = sheet.locator('.signatures .sign');
  await expect(signs).toHaveText(['评估员（签字）：', '长者/家属（签字）：', '日期：']);
  const textRight = await sheet.locator('.org').evaluate((el) => el.getBoundingClientRect().right);
  for (const sign of await signs.all()) {
    const drawn = await sign.locator('.sign-line').evaluate((el) => ({
      rule: getComputedStyle(el).borderBottomStyle,
      width: el.getBoundingClientRect().width,
      right: el.getBoundingClientRect().right,
    }));
    expect(drawn.rule).toBe('solid');
    expect(drawn.width).toBeGreaterThan(80);
    // inside the sheet's text area, as wide as the institution's name line above
    expect(drawn.right).toBeLessThanOrEqual(textRight + 0.5);
  }
  await printed.getByRole('button', { name: '打印' }).click();
  await expect
    .poll(() => printed.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
    .toBe(1);
  await sheet.locator('.signatures').scrollIntoViewIfNeeded();
  await printed.screenshot({ path: '.tmp/shot-print-assessment.png' });
});
