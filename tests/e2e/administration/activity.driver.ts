import { expect, type Page } from '@playwright/test';
import { localDateTime } from '../../../domain/clock.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { ActivityPaths as P } from '../../../features/administration/api/activities.js';
import { type ActivityEvent, activityEvents, activityWorkflow } from '../../../machines/activityMachine.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { call, tokenOf } from '../drivers/common.js';
import { expectOffered, type ListScreen, type Staying, stayOn, toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The activity machine's driver for the generated path tests (`npm run paths -- activity --transitions
 * --without activity.openRegistration,activity.closeRegistration,activity.start,activity.end --format
 * playwright`). 开始报名, 报名截止, 活动开始 and 活动结束 are the clock reaching the activity's times: no
 * screen and no call moves them (an activity's times are not edited after it is published), and the
 * server's clock is the machine's, so a path cannot take them without waiting for real time to pass;
 * 报名, 签到 and 签退 are taken only in the phases they lead to, so the paths walk 取消活动 alone. Each path
 * publishes an activity of its own through the API, its registration opening tomorrow; 取消活动 is the
 * row's button on 活动管理 with its reason. Each state is read from the server and from the row: its
 * status, and 报名, 签到 and 取消活动 enabled exactly where the machine takes their events.
 */
export interface ActivityCtx extends Staying {
  token: string;
  activityId: number;
  activityName: string;
}

const list: ListScreen = { url: `/index.html#${S.activity}`, testId: 'page-activity' };
const byName = (ctx: ActivityCtx) => ({ filter: '活动名称', param: 'activityName', value: ctx.activityName });
const buttons = {
  'activity.register': activityEvents['activity.register'].label,
  'activity.signIn': activityEvents['activity.signIn'].label,
  'activity.cancel': activityEvents['activity.cancel'].label,
};
const DAY = 86_400_000;

let seq = 0;

export const driver = {
  async start(page: Page): Promise<ActivityCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    seq += 1;
    const activityName = `路径活动${(Date.now() % 1_000_000) + seq}`;
    const now = Date.now();
    const made = await call(page, token, 'POST', P.activities, {
      activityName,
      activityType: '1',
      activityPlace: '一楼多功能厅',
      organiser: '王建国',
      registerStart: localDateTime(now + DAY),
      registerEnd: localDateTime(now + 2 * DAY),
      startTime: localDateTime(now + 3 * DAY),
      endTime: localDateTime(now + 3 * DAY + 7_200_000),
      capacity: 2,
      content: '路径测试：手工折纸',
    });
    return { token, activityId: Number(made.activityId), activityName };
  },

  async send(page: Page, ctx: ActivityCtx, event: ActivityEvent) {
    if (event.type !== 'activity.cancel')
      throw new Error(
        `${activityEvents[event.type].label} is not walked: leave the clock's events out (--without)`,
      );
    const { row } = await stayOn(page, list, byName(ctx), ctx.activityId, ctx);
    await row.getByRole('button', { name: '取消活动', exact: true }).click();
    const alert = page.getByRole('alertdialog');
    await alert.getByLabel('取消原因').fill('路径测试：活动室维修');
    await alert.getByRole('button', { name: '取消活动', exact: true }).click();
    await expect(toast(page, '活动已取消')).toBeVisible();
  },

  async check(page: Page, ctx: ActivityCtx, state: unknown) {
    const activity = await call(page, ctx.token, 'GET', fillPath(P.activity, [ctx.activityId]));
    expect(activityWorkflow.stateOf(activity), JSON.stringify(activity)).toBe(state);
    const { table, row } = await stayOn(page, list, byName(ctx), ctx.activityId, ctx);
    await expect(
      table.getByText(dictLabel('activityState', Number(activity.activityState)), { exact: true }),
    ).toBeVisible();
    await expectOffered(row, activityWorkflow, activity, buttons, true);
  },
};
