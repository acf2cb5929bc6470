import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { AssessmentPaths } from '../../../features/care/api/assessment.js';
import { AssessmentScreens } from '../../../features/care/resources/assessment.js';
import {
  type AssessmentEvent,
  assessmentEvents,
  assessmentState,
  assessmentWorkflow,
} from '../../../machines/assessmentMachine.js';
import { offers } from '../../../machines/workflow.js';
import { call, newElder, type Rec, tokenOf } from '../drivers/common.js';
import { formStep, type ListScreen, narrowList, narrowTo, toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The assessment machine's driver for the generated path tests (`npm run paths -- assessment
 * --transitions --format playwright`). Each path assesses an elder of its own with the 简易评估 (ten
 * items): 暂存 and 提交评估 on the form (a new one opened for the elder, a draft resumed with
 * 继续评估), 修改 (a draft's cause, day and opinion) in its dialog, 解绑 and 删除 on the record's row
 * of 评估记录. Each state is read from the server and
 * from 评估记录 narrowed to the elder: the record's status and exactly the buttons offered there.
 */
export interface AssessmentCtx {
  token: string;
  oldmanId: number;
  oldmanName: string;
}

const list: ListScreen = {
  url: `/index.html#${AssessmentScreens.record}`,
  testId: 'page-assessment-records',
};
const byElder = (ctx: AssessmentCtx) => ({ filter: '长者', param: 'oldmanId', value: String(ctx.oldmanId) });
/** The row's buttons and the event each stands for (导出打印 goes with 解绑: a submitted record). */
const buttons: [string, AssessmentEvent['type']][] = [
  ['继续评估', 'assessment.save'],
  ['修改', 'assessment.edit'],
  ['导出打印', 'assessment.unbind'],
  ['解绑', 'assessment.unbind'],
  ['删除', 'assessment.remove'],
];

/** The elder's assessment as the server has it; none before the first save and after 删除. */
async function stored(page: Page, ctx: AssessmentCtx): Promise<Rec | null> {
  const { list: rows } = await call(
    page,
    ctx.token,
    'GET',
    `${AssessmentPaths.list}?oldmanId=${ctx.oldmanId}&pageHelper=0`,
  );
  return ((rows as Rec[])[0] as Rec | undefined) ?? null;
}

/** The form: a new 简易评估 of the elder, or their draft resumed from its row. */
async function openForm(page: Page, ctx: AssessmentCtx) {
  const draft = await stored(page, ctx);
  if (draft) {
    const { row } = await narrowTo(page, list, byElder(ctx), Number(draft.assessmentId));
    await row.getByRole('button', { name: '继续评估', exact: true }).click();
  } else await page.goto(`/index.html#${AssessmentScreens.add('simple')}?oldmanId=${ctx.oldmanId}`);
  const form = page.getByTestId('page-assessment-form');
  await expect(form.locator('#as-elder')).toHaveValue(String(ctx.oldmanId));
  await expect(form.locator('#as-cause option').nth(1)).toBeAttached();
  if (!(await form.locator('#as-cause').inputValue()))
    await form.locator('#as-cause').selectOption({ index: 1 });
  return form;
}

/** Answers items from..to with their first option. */
async function answer(page: Page, from: number, to: number) {
  const items = page.getByTestId('page-assessment-form').locator('[data-testid^="item-"]');
  await expect(items).toHaveCount(10);
  for (let i = from; i < to; i += 1) await items.nth(i).locator('button').first().click();
}

/** A row's 解绑 or 删除: the browser asks first. */
async function rowStep(page: Page, ctx: AssessmentCtx, label: string) {
  const record = (await stored(page, ctx)) as Rec;
  const { row } = await narrowTo(page, list, byElder(ctx), Number(record.assessmentId));
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: label, exact: true }).click();
  await expect(toast(page, `${label}成功`)).toBeVisible();
}

export const driver = {
  async start(page: Page): Promise<AssessmentCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    return { token, ...(await newElder(page, token, '路径评估')) };
  },

  async send(page: Page, ctx: AssessmentCtx, event: AssessmentEvent) {
    switch (event.type) {
      case 'assessment.save': {
        const before = await stored(page, ctx);
        await openForm(page, ctx);
        // a first save answers three items, a later one the next three
        const done = before ? 3 : 0;
        await answer(page, done, done + 3);
        await page.getByTestId('assessment-save').click();
        await expect(toast(page, '已暂存')).toBeVisible();
        await expect(page.getByTestId('assessment-progress')).toContainText(`已评 ${done + 3}/10 项`);
        return;
      }
      case 'assessment.submit':
        await openForm(page, ctx);
        await answer(page, 0, 10);
        await page.getByTestId('assessment-submit').click();
        await expect(page.getByTestId('assessment-grade')).toContainText('评估等级');
        return;
      case 'assessment.unbind':
      case 'assessment.remove':
        return rowStep(page, ctx, assessmentEvents[event.type].label);
      case 'assessment.edit': {
        // 修改 in its dialog: the opinion changes, the answers stay
        const before = (await stored(page, ctx)) as Rec;
        const { row } = await narrowTo(page, list, byElder(ctx), Number(before.assessmentId));
        const remark = `路径修改${Date.now() % 100_000}`;
        await formStep(page, row, '修改', async (dialog) => {
          await expect(dialog.getByLabel('评估日期')).not.toHaveValue('');
          await dialog.getByLabel('评估意见').fill(remark);
        });
        const after = (await stored(page, ctx)) as Rec;
        expect(after.remark).toBe(remark);
        expect(after.answers).toEqual(before.answers);
        return;
      }
      default: {
        const unknown: never = event;
        throw new Error(`the assessment driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: AssessmentCtx, state: unknown) {
    const record = await stored(page, ctx);
    if (!record) {
      // no record is 未开始 before the first save and 已删除 after 删除
      expect(['new', 'removed']).toContain(state);
      const { records, screen } = await narrowList(page, list, byElder(ctx));
      expect(records).toEqual([]);
      await expect(screen.getByText('暂无数据')).toBeVisible();
      return;
    }
    expect(assessmentState(record), JSON.stringify(record)).toBe(state);
    const { table, row } = await narrowTo(page, list, byElder(ctx), Number(record.assessmentId));
    await expect(
      table.getByText(dictLabel('assessmentStatus', Number(record.status)), { exact: true }),
    ).toBeVisible();
    for (const [label, event] of buttons)
      await expect(
        row.getByRole('button', { name: label, exact: true }),
        `${label} in ${String(state)}`,
      ).toHaveCount(offers(assessmentWorkflow, record, event) ? 1 : 0);
  },
};
