import { expect, type Locator, type Page } from '@playwright/test';
import { offers, refusal, type Workflow } from '../../../machines/workflow.js';
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
 * How a list is narrowed to the path's record: its keyword box, a filter (长者, 标题), or a range
 * filter of one day (交班日期 from that day to that day).
 */
export type Narrowing =
  | { keyword: string }
  | { filter: string; param: string; value: string }
  | { range: string; param: string; value: string };

/**
 * The list narrowed to the path's record (by its keyword box or a filter): the screen, the records
 * the list was answered with, and the table. Waits for that answer, so what the screen shows is
 * the record as stored after the last step.
 */
export async function narrowList(page: Page, list: ListScreen, by: Narrowing) {
  await page.goto(list.url);
  const screen = page.getByTestId(list.testId);
  const [param, value] =
    'keyword' in by
      ? ['keyword', by.keyword]
      : 'range' in by
        ? [`${by.param}Start`, by.value]
        : [by.param, by.value];
  if ('range' in by) {
    await screen.getByLabel(`${by.range}起`, { exact: true }).fill(value);
    await screen.getByLabel(`${by.range}止`, { exact: true }).fill(value);
  } else {
    const control = screen.getByLabel('keyword' in by ? '关键字' : by.filter, { exact: true });
    // a filter is a choice (长者) or a text box (标题)
    if ((await control.evaluate((e) => e.tagName)) === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
  const answered = page.waitForResponse((res) => new URL(res.url()).searchParams.get(param) === value);
  await screen.getByRole('button', { name: '查询' }).click();
  const body = (await (await answered).json()) as { code: number; result: { list: Rec[] } };
  expect(body.code).toBe(0);
  return { screen, records: body.result.list, table: screen.getByTestId('resource-table') };
}

/** The list narrowed to one record: its only row (its 操作 group). */
export async function narrowTo(page: Page, list: ListScreen, by: Narrowing | string, id: number) {
  const narrowed = await narrowList(page, list, typeof by === 'string' ? { keyword: by } : by);
  await expect(narrowed.table.locator('fieldset[data-testid^="row-"]')).toHaveCount(1);
  return { ...narrowed, row: narrowed.table.getByTestId(`row-${id}`) };
}

/** The toast that says a step was done (a filter's option may read the same). */
export const toast = (page: Page, text: string) => page.locator('.bp6-toast', { hasText: text }).first();

/**
 * A row's button for each event: enabled where the stored record's state takes it, greyed elsewhere;
 * with `sayWhy` (a screen drawing its buttons with workflowButton), greyed ones also name why
 * (the workflow's refusal as the button's description, issue #42 point 5).
 */
export async function expectOffered(
  row: Locator,
  workflow: Workflow,
  stored: Rec,
  buttons: Readonly<Record<string, string>>,
  sayWhy = false,
) {
  for (const [event, label] of Object.entries(buttons)) {
    const button = row.getByRole('button', { name: label, exact: true });
    const why = sayWhy
      ? refusal(workflow, stored, event, label)
      : offers(workflow, stored, event)
        ? null
        : '';
    if (why === null) await expect(button, `${label} offered`).toBeEnabled();
    else {
      await expect(button, `${label} greyed`).toBeDisabled();
      if (sayWhy) await expect(button, `${label} says why`).toHaveAccessibleDescription(why);
    }
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

/** Where a path's page is: the list it narrowed last (a later step of the path stays there). */
export interface Staying {
  narrowed?: string;
}

/**
 * The list narrowed to one record, like narrowTo, but loaded once per path: while the page still
 * shows that list, a later step works on it as a user does (the screen reloads its rows after each
 * step, so assertions wait for the stored state to show rather than reloading the page).
 */
export async function stayOn(page: Page, list: ListScreen, by: Narrowing | string, id: number, at: Staying) {
  const key = `${list.url} ${JSON.stringify(by)} ${id}`;
  const screen = page.getByTestId(list.testId);
  const table = screen.getByTestId('resource-table');
  if (at.narrowed === key && (await screen.isVisible()))
    return { screen, table, row: table.getByTestId(`row-${id}`) };
  const narrowed = await narrowTo(page, list, by, id);
  at.narrowed = key;
  return narrowed;
}
