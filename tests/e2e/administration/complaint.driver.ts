import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { QualityPaths as P } from '../../../features/administration/api/quality.js';
import {
  type ComplaintEvent,
  complaintEvents,
  complaintWorkflow,
} from '../../../machines/complaintMachine.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { anHourAgo, aStaffMember, call, tokenOf } from '../drivers/common.js';
import { expectOffered, formStep, type ListScreen, narrowTo, rowAction } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The complaint machine's driver for the generated path tests (`npm run paths -- complaint
 * --transitions --format playwright`). Each path registers a complaint of its own through the API
 * (a complainant named for the path); 开始处理, 编辑, 答复 and 办结 are the row's buttons on 投诉管理 with
 * their confirmation or form. Each state is read from the server and from the row: its status and
 * its buttons, enabled exactly where the machine takes their events.
 */
export interface ComplaintCtx {
  token: string;
  complaintId: number;
  complainantName: string;
}

const list: ListScreen = { url: `/index.html#${S.complaint}`, testId: 'page-complaints' };
/** The row's buttons by event (删除 only while nobody has started on it, as the server rules). */
const buttons = {
  'complaint.handle': complaintEvents['complaint.handle'].label,
  'complaint.edit': complaintEvents['complaint.edit'].label,
  'complaint.reply': complaintEvents['complaint.reply'].label,
  'complaint.close': complaintEvents['complaint.close'].label,
};

const stored = (page: Page, ctx: ComplaintCtx) =>
  call(page, ctx.token, 'GET', fillPath(P.complaintOne, [ctx.complaintId]));

let seq = 0;

export const driver = {
  async start(page: Page): Promise<ComplaintCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const handlerId = await aStaffMember(page, token);
    seq += 1;
    const complainantName = `路径投诉${(Date.now() % 1_000_000) + seq}`;
    const made = await call(page, token, 'POST', P.complaint, {
      complainantType: 1,
      complainantName,
      complaintType: 2,
      receiveTime: anHourAgo(),
      handlerId,
      content: '路径测试：夜间呼叫后护理员到场较慢',
    });
    return { token, complaintId: Number(made.complaintId), complainantName };
  },

  async send(page: Page, ctx: ComplaintCtx, event: ComplaintEvent) {
    const { row } = await narrowTo(page, list, ctx.complainantName, ctx.complaintId);
    const label = complaintEvents[event.type].label;
    switch (event.type) {
      case 'complaint.handle':
        return rowAction(page, row, label);
      case 'complaint.edit': {
        const content = `路径测试：补充说明 ${Date.now()}`;
        await formStep(page, row, label, (dialog) => dialog.getByLabel('投诉内容').fill(content));
        expect((await stored(page, ctx)).content).toBe(content);
        return;
      }
      case 'complaint.reply':
        return formStep(page, row, label, async (dialog) => {
          await dialog.getByLabel('处理经过').fill('已与当班护理员核实，调整夜班巡视频次');
          await dialog.getByLabel('答复内容').fill('已电话答复家属，致歉并说明改进措施');
        });
      case 'complaint.close':
        return formStep(page, row, label, async (dialog) => {
          await dialog.getByLabel('满意度').selectOption({ label: '满意' });
          await dialog.getByLabel('回访意见').fill('家属认可改进');
        });
      default: {
        const unknown: never = event;
        throw new Error(`the complaint driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: ComplaintCtx, state: unknown) {
    const complaint = await stored(page, ctx);
    expect(complaintWorkflow.stateOf(complaint), JSON.stringify(complaint)).toBe(state);
    const { table, row } = await narrowTo(page, list, ctx.complainantName, ctx.complaintId);
    await expect(
      table.getByText(dictLabel('complaintStatus', Number(complaint.complaintStatus)), { exact: true }),
    ).toBeVisible();
    await expectOffered(row, complaintWorkflow, complaint, buttons);
    // a complaint goes only while nobody has started on it
    await expectOffered(row, complaintWorkflow, complaint, { 'complaint.handle': '删除' });
  },
};
