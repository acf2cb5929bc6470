import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { ShiftPaths as P } from '../../../domain/resources/attendanceBase.js';
import { AttendanceScreens as S } from '../../../domain/screens.js';
import { type ShiftEvent, shiftWorkflow } from '../../../machines/shiftMachine.js';
import { offers } from '../../../machines/workflow.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { type ListScreen, type Staying, stayOn, toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The shift machine's driver for the generated path tests (`npm run paths -- shift --transitions
 * --format playwright`). Each path adds a shift of its own through the API (enabled, as 新增 makes
 * it); 停用 and 启用 are the row's one button on 班次管理. Each state is read from the server, from the
 * row (its 班次状态 and the one button the machine takes there) and from what attendance groups are
 * offered: only an enabled shift is.
 */
export interface ShiftCtx extends Staying {
  token: string;
  shiftPkId: number;
  shiftName: string;
}

const list: ListScreen = { url: `/index.html#${S.shift}`, testId: 'page-attendance-shift' };
/** The row's button by event. */
const buttons: Record<ShiftEvent['type'], string> = { 'shift.enable': '启用', 'shift.disable': '停用' };

let seq = 0;

export const driver = {
  async start(page: Page): Promise<ShiftCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    seq += 1;
    // unique within the organisation, at most 20 characters
    const shiftName = `路径班${(Date.now() % 1_000_000) + seq}`;
    await call(page, token, 'POST', P.shift, {
      shiftName,
      startTime: '07:00',
      endTime: '15:00',
      scheduleMode: 1,
      status: 0,
    });
    const found = (await call(page, token, 'GET', `${P.shift}?keyword=${encodeURIComponent(shiftName)}`))
      .list as Rec[];
    expect(found).toHaveLength(1);
    return { token, shiftName, shiftPkId: Number(found[0]?.shiftPkId) };
  },

  async send(page: Page, ctx: ShiftCtx, event: ShiftEvent) {
    const { row } = await stayOn(page, list, ctx.shiftName, ctx.shiftPkId, ctx);
    await row.getByRole('button', { name: buttons[event.type], exact: true }).click();
    await expect(toast(page, event.type === 'shift.enable' ? '已启用' : '已停用')).toBeVisible();
  },

  async check(page: Page, ctx: ShiftCtx, state: unknown) {
    const shift = await call(page, ctx.token, 'GET', fillPath(`${P.shift}/:id`, [ctx.shiftPkId]));
    expect(shiftWorkflow.stateOf(shift), JSON.stringify(shift)).toBe(state);
    const { table, row } = await stayOn(page, list, ctx.shiftName, ctx.shiftPkId, ctx);
    await expect(
      table.getByRole('gridcell', { name: dictLabel('shiftStatus', Number(shift.status)), exact: true }),
    ).toBeVisible();
    // one button: the event the machine takes from here
    for (const [event, label] of Object.entries(buttons))
      await expect(row.getByRole('button', { name: label, exact: true })).toHaveCount(
        offers(shiftWorkflow, shift, event) ? 1 : 0,
      );
    // attendance groups are offered enabled shifts only
    const offered = (await call(page, ctx.token, 'GET', P.noPage)).list as Rec[];
    expect(offered.some((s) => Number(s.shiftPkId) === ctx.shiftPkId)).toBe(state === 'enabled');
  },
};
