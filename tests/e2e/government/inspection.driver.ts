import { expect, type Page } from '@playwright/test';
import { type RecordStatusCode, recordStatusNames } from '../../../domain/statuses/government.js';
import { GovernmentPaths as P, GovernmentScreens as S } from '../../../features/government/api.js';
import {
  type InspectionEvent,
  inspectionEvents,
  inspectionFieldsOf,
  inspectionWorkflow,
} from '../../../machines/inspectionMachine.js';
import { offers } from '../../../machines/workflow.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { homeDay } from '../care/nursingPlan.driver.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The inspection record machine's driver for the generated path tests (`npm run paths -- inspection
 * --transitions --without inspection.expire --format playwright`; 逾期 is the server's daily check
 * of a deadline that passed, and 下发整改 refuses a deadline before today, so no path can reach it in
 * the console). Each path registers an inspection of its own through the API with one failed item
 * (a problem named for the path); 下发整改 and 提交整改 (with a photo) are the problem's buttons on
 * 问题登记 of that inspection, with their dialogs. Each state is read from the server and from the
 * row: its status, and each button shown exactly where the machine takes its event.
 */
export interface InspectionCtx {
  token: string;
  inspectId: number;
  recordId: number;
}

/** A 1×1 PNG: the rectification photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const stored = (page: Page, ctx: InspectionCtx) =>
  call(page, ctx.token, 'GET', fillPath(P.recordOne, [ctx.recordId]));
const buttons = ['inspection.assign', 'inspection.rectify'] as const;

/** 问题登记 of the path's inspection: its one problem's row (its 操作 group). */
async function register(page: Page, ctx: InspectionCtx) {
  const screen = page.getByTestId('page-government-register');
  const row = screen.getByTestId('resource-table').getByTestId(`row-${ctx.recordId}`);
  if (!(await row.isVisible())) {
    await page.goto(`/index.html#${S.register}?inspectId=${ctx.inspectId}`);
    await expect(row).toBeVisible();
  }
  return { screen, row };
}

let seq = 0;

export const driver = {
  async start(page: Page): Promise<InspectionCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    seq += 1;
    const stamp = (Date.now() % 1_000_000) + seq;
    const made = await call(page, token, 'POST', P.inspect, {
      inspectDate: homeDay(),
      inspectUnit: '路径测试民政局',
      inspectorName: '周敏',
      results: [{ itemNo: 38, passed: false, problem: `路径测试：三楼浴室未装扶手${stamp}` }],
    });
    const inspectId = Number(made.inspectId);
    const records = (await call(page, token, 'GET', `${P.record}?inspectId=${inspectId}&pageHelper=0`))
      .list as Rec[];
    expect(records).toHaveLength(1);
    return { token, inspectId, recordId: Number(records[0]?.inspectRecordId) };
  },

  async send(page: Page, ctx: InspectionCtx, event: InspectionEvent) {
    const { row } = await register(page, ctx);
    const label = inspectionEvents[event.type].label;
    switch (event.type) {
      case 'inspection.assign': {
        await row.getByRole('button', { name: label, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('整改责任人').fill('孙立明');
        await dialog.getByRole('button', { name: '确定' }).click();
        break;
      }
      case 'inspection.rectify': {
        await row.getByRole('button', { name: label, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('整改情况').fill('已在浴室加装不锈钢扶手两处');
        await dialog
          .locator('#gov-rectify-photo')
          .setInputFiles({ name: '扶手.png', mimeType: 'image/png', buffer: PNG });
        await expect(dialog.locator('img[src^="/files/inspections/"]')).toBeVisible();
        await dialog.getByRole('button', { name: '确定' }).click();
        break;
      }
      case 'inspection.expire':
        throw new Error(
          '逾期 is the server’s daily check of a passed deadline: leave it out (--without inspection.expire)',
        );
      default: {
        const unknown: never = event;
        throw new Error(`the inspection driver does not know ${JSON.stringify(unknown)}`);
      }
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(toast(page, `${label}成功`)).toBeVisible();
  },

  async check(page: Page, ctx: InspectionCtx, state: unknown) {
    const record = await stored(page, ctx);
    expect(inspectionWorkflow.stateOf(record), JSON.stringify(record)).toBe(state);
    const { screen, row } = await register(page, ctx);
    const status = inspectionFieldsOf(record).recordStatus as RecordStatusCode;
    await expect(screen.getByText(recordStatusNames[status], { exact: true })).toBeVisible();
    for (const event of buttons)
      await expect(
        row.getByRole('button', { name: inspectionEvents[event].label, exact: true }),
        `${inspectionEvents[event].label} in ${String(state)}`,
      ).toHaveCount(offers(inspectionWorkflow, record, event) ? 1 : 0);
  },
};
