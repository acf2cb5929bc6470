import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { dictLabel } from '../../../domain/dictionaries.js';
import { LiveStatus, ResidencePaths, residencePath } from '../../../domain/resources/residence.js';
import {
  offeredEvents,
  type ResidenceEvent,
  type ResidenceFields,
  residenceEvents,
  residenceEventTypes,
  residenceSnapshot,
  takesBed,
} from '../../../machines/residenceMachine.js';
import { call, freeBed, tokenOf } from '../drivers/common.js';
import { toast } from '../drivers/workflowList.js';
import { e2eDataDir } from '../realtime.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The residence machine's driver for the generated path tests (`npm run paths -- residence
 * --transitions --format playwright`). Each path takes a 待入住 elder of the seed who never moved;
 * every event is the row's button on 入住管理, its dialog (a free bed chosen 楼栋 → 楼层 → 房间 → 床位
 * where the event takes one; the day is the dialog's, today) and its 确认 button. The events' sample
 * beds and days are the model's: the driver takes the last free bed of the house. Each state is
 * read from the server and from the elder's row: its status and exactly the buttons the machine
 * offers there.
 */
export interface ResidenceCtx {
  token: string;
  oldmanId: number;
  oldmanName: string;
}

/**
 * A 待入住 elder of the seed who never moved (no residence record), of a name no one else has: the
 * lowest such id, as other specs take the first elders of the list (the highest ids) and a path's
 * elder has records once it moved.
 */
function waitingElder(): { oldmanId: number; oldmanName: string } {
  const conn = new Database(join(e2eDataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
  const row = conn
    .prepare(
      `select o.oldmanId, o.oldmanName from oldman o
       where o.orgId = 1 and o.oldmanStatus = ${LiveStatus.waiting}
         and not exists (select 1 from liveRecord r where r.oldmanId = o.oldmanId)
         and (select count(*) from oldman n where n.orgId = 1 and n.oldmanName = o.oldmanName) = 1
       order by o.oldmanId limit 1`,
    )
    .get() as { oldmanId: number; oldmanName: string } | undefined;
  conn.close();
  if (!row) throw new Error('no 待入住 elder left who never moved');
  return row;
}

async function stored(page: Page, ctx: ResidenceCtx): Promise<ResidenceFields> {
  const elder = await call(
    page,
    ctx.token,
    'GET',
    residencePath(ResidencePaths.one, { oldmanId: ctx.oldmanId }),
  );
  return {
    oldmanStatus: Number(elder.oldmanStatus) as ResidenceFields['oldmanStatus'],
    bedId: elder.bedId == null ? null : Number(elder.bedId),
    checkInDate: (elder.checkInDate as string | null) ?? null,
    leaveDate: (elder.leaveDate as string | null) ?? null,
  };
}

/** 入住管理 narrowed to the elder by name: the elder's row, once it shows `status`. */
async function elderRow(page: Page, ctx: ResidenceCtx, status: string) {
  await page.goto('/index.html#/live/live/list');
  const screen = page.getByTestId('page-residence');
  await screen.getByRole('combobox', { name: '入住状态' }).selectOption({ label: '全部' });
  await screen.getByLabel('关键字').fill(ctx.oldmanName);
  await screen.getByRole('button', { name: '查询' }).click();
  await expect(screen.getByTestId(`residence-status-${ctx.oldmanId}`)).toHaveText(status);
  return screen.getByTestId('resource-table').getByTestId(`row-${ctx.oldmanId}`);
}

export const driver = {
  async start(page: Page): Promise<ResidenceCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    return { token, ...waitingElder() };
  },

  async send(page: Page, ctx: ResidenceCtx, event: ResidenceEvent) {
    const before = await stored(page, ctx);
    const row = await elderRow(page, ctx, dictLabel('liveStatus', before.oldmanStatus));
    const { label, to } = residenceEvents[event.type];
    await row.getByRole('button', { name: label, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: label });
    await expect(dialog.getByTestId('dialog-elder')).toContainText(ctx.oldmanName);
    // a reserved elder moves into the bed kept for them, which the picker stands on
    if (takesBed(event.type) && before.bedId === null) {
      const { room, bedId } = await freeBed(page, ctx.token);
      await dialog.getByLabel('楼栋').selectOption(String(room.buildingId));
      await dialog.getByLabel('楼层').selectOption(String(room.floorId));
      await dialog.getByLabel('房间').selectOption(String(room.roomId));
      await dialog.getByLabel('床位', { exact: true }).selectOption(String(bedId));
    }
    await dialog.getByLabel('备注').fill(`路径测试：${label}`);
    await dialog.getByRole('button', { name: `确认${label}` }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toast(page, `${label}成功`)).toBeVisible();
    expect((await stored(page, ctx)).oldmanStatus).toBe(to);
  },

  async check(page: Page, ctx: ResidenceCtx, state: unknown) {
    const fields = await stored(page, ctx);
    expect(residenceSnapshot(fields).value, JSON.stringify(fields)).toBe(state);
    // a bed is held exactly in 预订, 试住 and 在住
    expect(fields.bedId !== null, JSON.stringify(fields)).toBe(
      ['reserved', 'trial', 'living'].includes(String(state)),
    );
    const row = await elderRow(page, ctx, dictLabel('liveStatus', fields.oldmanStatus));
    const offered = offeredEvents(fields.oldmanStatus);
    for (const type of residenceEventTypes)
      await expect(
        row.getByRole('button', { name: residenceEvents[type].label, exact: true }),
        `${residenceEvents[type].label} in ${String(state)}`,
      ).toHaveCount(offered.includes(type) ? 1 : 0);
  },
};
