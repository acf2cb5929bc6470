import { expect, type Locator, type Page } from '@playwright/test';
import { offers, type Workflow } from '../../../machines/workflow.js';
import type { Rec } from './common.js';

/**
 * What the drivers of records listed by the shared ResourceList share (投诉, 不良事件, …): the list
 * narrowed to the path's own record, a row step through its dialog, and the row's buttons checked
 * against the machine — enabled exactly where it takes the button's event, greyed elsewhere.
 */
export interface ListScreen {
  /** The console's address of the list. */
  url: string;
  /** The screen's data-testid. */
  testId: string;
}

/**
 * The list narrowed by its keyword box to one record: the screen and the record's row (its 操作
 * group). Waits for the list's answer to that keyword, so what the row shows is the record as
 * stored after the last step.
 */
export async function narrowTo(page: Page, list: ListScreen, keyword: string, id: number) {
  await page.goto(list.url);
  const screen = page.getByTestId(list.testId);
  await screen.getByLabel('关键字').fill(keyword);
  const answered = page.waitForResponse((res) => new URL(res.url()).searchParams.get('keyword') === keyword);
  await screen.getByRole('button', { name: '查询' }).click();
  const body = (await (await answered).json()) as { code: number; result: { list: Rec[] } };
  expect(body.code).toBe(0);
  const table = screen.getByTestId('resource-table');
  await expect(table.locator('fieldset[data-testid^="row-"]')).toHaveCount(1);
  return { screen, table, row: table.getByTestId(`row-${id}`) };
}

/** The toast that says a step was done (a filter's option may read the same). */
export const toast = (page: Page, text: string) => page.locator('.bp6-toast', { hasText: text }).first();

/** A row's button for each event: enabled where the stored record's state takes it, greyed elsewhere. */
export async function expectOffered(
  row: Locator,
  workflow: Workflow,
  stored: Rec,
  buttons: Readonly<Record<string, string>>,
) {
  for (const [event, label] of Object.entries(buttons)) {
    const button = row.getByRole('button', { name: label, exact: true });
    if (offers(workflow, stored, event)) await expect(button, `${label} offered`).toBeEnabled();
    else await expect(button, `${label} greyed`).toBeDisabled();
  }
}

/** A definition's plain action (开始处理, 开始调查): the row's button, then the same word to confirm. */
export async function rowAction(page: Page, row: Locator, label: string) {
  await row.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: label, exact: true }).click();
  await expect(toast(page, `已${label}`)).toBeVisible();
}

/**
 * A step with a form (编辑, 答复, 结案): the row's button opens its dialog, `fill` fills it, 保存
 * sends it; the dialog closes once the server took it.
 */
export async function formStep(
  page: Page,
  row: Locator,
  label: string,
  fill: (dialog: Locator) => Promise<void>,
) {
  await row.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${label}：`);
  await fill(dialog);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, `已${label}`)).toBeVisible();
}
