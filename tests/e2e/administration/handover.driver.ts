import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { QualityPaths as P } from '../../../features/administration/api/quality.js';
import { type HandoverEvent, handoverEvents, handoverWorkflow } from '../../../machines/handoverMachine.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { aStaffMember, call, type Rec, tokenOf } from '../drivers/common.js';
import { expectOffered, formStep, type ListScreen, narrowTo, toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The handover machine's driver for the generated path tests (`npm run paths -- handover
 * --transitions --format playwright`). Each path writes a handover of its own through the API, on a
 * day of 2019 no other record has, handed by a colleague to the signed-in administrator (接班确认 is
 * the receiver's own); 编辑 and 接班确认 are the row's buttons on 交接班记录, the list narrowed to that
 * day. Each state is read from the server and from the row: its status and its buttons, enabled
 * exactly where the machine takes their events (删除 while it is still being written).
 */
export interface HandoverCtx {
  token: string;
  handoverId: number;
  day: string;
}

const list: ListScreen = { url: `/index.html#${S.shiftExchange}`, testId: 'page-handovers' };
const buttons = {
  'handover.edit': handoverEvents['handover.edit'].label,
  'handover.confirm': handoverEvents['handover.confirm'].label,
};
const byDay = (ctx: HandoverCtx) => ({ range: '交班日期', param: 'handoverDate', value: ctx.day });
const stored = (page: Page, ctx: HandoverCtx) =>
  call(page, ctx.token, 'GET', fillPath(P.handoverOne, [ctx.handoverId]));

let seq = 0;

export const driver = {
  async start(page: Page): Promise<HandoverCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const me = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}') as Rec);
    const depts = (await call(
      page,
      token,
      'GET',
      '/passport/web-rbac/logins/getDataDeptInfoList',
    )) as unknown as Rec[];
    const myEmpId = Number((me.empInfo as Rec | undefined)?.empId);
    seq += 1;
    const n = (Date.now() + seq) % 336;
    const day = `2019-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + Math.floor(n / 12)).padStart(2, '0')}`;
    const made = await call(page, token, 'POST', P.handover, {
      handoverDate: day,
      fromShift: 1,
      toShift: 2,
      deptId: depts.find((d) => d.deptName === '护理一部')?.deptId,
      handedBy: await aStaffMember(page, token, myEmpId),
      receivedBy: myEmpId,
      elderTotal: 30,
      generalNote: '路径测试：病区平稳，3床长者夜间需翻身两次',
    });
    return { token, handoverId: Number(made.handoverId), day };
  },

  async send(page: Page, ctx: HandoverCtx, event: HandoverEvent) {
    const { row } = await narrowTo(page, list, byDay(ctx), ctx.handoverId);
    switch (event.type) {
      case 'handover.edit': {
        const note = `路径测试：补充交代 ${Date.now()}`;
        await formStep(page, row, handoverEvents[event.type].label, (dialog) =>
          dialog.getByLabel('总体情况').fill(note),
        );
        expect((await stored(page, ctx)).generalNote).toBe(note);
        return;
      }
      case 'handover.confirm':
        await row.getByRole('button', { name: handoverEvents[event.type].label, exact: true }).click();
        await expect(toast(page, '已接班确认')).toBeVisible();
        return;
      default: {
        const unknown: never = event;
        throw new Error(`the handover driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: HandoverCtx, state: unknown) {
    const handover = await stored(page, ctx);
    expect(handoverWorkflow.stateOf(handover), JSON.stringify(handover)).toBe(state);
    const { table, row } = await narrowTo(page, list, byDay(ctx), ctx.handoverId);
    await expect(
      table.getByText(dictLabel('handoverStatus', Number(handover.handoverStatus)), { exact: true }),
    ).toBeVisible();
    await expectOffered(row, handoverWorkflow, handover, buttons, true);
    await expectOffered(row, handoverWorkflow, handover, { 'handover.edit': '删除' });
  },
};
