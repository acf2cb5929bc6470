import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { type AlarmRecord, AlarmStatus, alarmStatusName } from '../../../domain/alarms.js';
import { IotPaths } from '../../../domain/api/iot.js';
import { pathWith } from '../../../domain/api/path.js';
import { type AlarmEvent, alarmOffers, alarmStateOf } from '../../../machines/alarmMachine.js';
import type { SimulatedDevice } from '../../../server/db/seedRealtime.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { toast } from '../drivers/workflowList.js';
import { e2eDataDir, e2ePort, quietDevices, sos } from '../realtime.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The alarm machine's driver for the generated path tests (`npm run paths -- alarm --transitions
 * --format playwright`). Each path presses SOS on a watch or band with no open alarm and works on
 * that alarm in 告警中心 (定位告警), as the operator does:
 * - 确认, 处理 (with its note), 忽略 (with its reason) and 解除 are the live row's buttons and dialogs;
 * - 添加备注 is the detail's comment box: the live row's alarm type opens it, or, once closed, 查看 on
 *   历史记录;
 * - 再次触发 is the device pressing SOS again;
 * - 升级告警: the alarm has waited past the organisation's escalation time (its first alarm is moved
 *   back in the database, as a clock would), and the server's own check escalates it.
 * Each state is read from the server (the record's machine state) and from the console: an open
 * alarm's row with its count, 未确认 or who acknowledged, 已升级, and 确认 offered exactly where the
 * machine takes it; a closed one gone from the live list and in 历史记录 with its status.
 */
export interface AlarmCtx {
  token: string;
  device: SimulatedDevice;
  recordId: number;
  /** Presses so far (再次触发 adds one). */
  count: number;
  /** The comments added (each shows in the detail). */
  comments: string[];
}

/** This worker's alarms, closed by the next path's start so the devices stay free. */
const leftOpen: number[] = [];
/** Devices this worker's paths pressed, oldest first: a fresh one is taken first, else the longest rested. */
const used: number[] = [];

/** 实时告警 (its table is there only while some alarm is open). */
const live = (page: Page) => page.getByRole('tabpanel', { name: '实时告警' });
const rowOf = (page: Page, recordId: number) =>
  live(page).locator(`[data-testid="alarm-row"][data-record-id="${recordId}"]`);

async function stored(page: Page, ctx: AlarmCtx): Promise<AlarmRecord> {
  return (await call(
    page,
    ctx.token,
    'GET',
    pathWith(IotPaths.alarmDetail, { recordId: ctx.recordId }),
  )) as unknown as AlarmRecord;
}

/** The open SOS of a device on the server, once the rules engine has stored it. */
async function openSos(page: Page, token: string, deviceId: number): Promise<number> {
  let recordId = 0;
  await expect
    .poll(async () => {
      const open = (await call(page, token, 'GET', IotPaths.unhandledAlarms)) as unknown as Rec[];
      const mine = open.find((a) => a.deviceId === deviceId && a.alarmType === 'sos');
      recordId = Number(mine?.recordId ?? 0);
      return recordId;
    })
    .toBeGreaterThan(0);
  return recordId;
}

async function onConsole(page: Page) {
  const tab = page.getByRole('tab', { name: '实时告警' });
  if (!(await tab.isVisible())) {
    await page.goto('/index.html#/yunmuIot/locateAlarm');
    await expect(page.getByTestId('health-light')).toHaveAttribute('data-state', 'ok');
  }
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(live(page)).toBeVisible();
}

/** The detail with its comments: from the live row while open, from 历史记录 once closed. */
async function openDetail(page: Page, ctx: AlarmCtx, record: AlarmRecord) {
  if (record.status === AlarmStatus.unhandled) {
    await onConsole(page);
    await rowOf(page, ctx.recordId).getByRole('button', { name: record.alarmTypeName }).click();
  } else {
    await page.getByRole('tab', { name: '历史记录' }).click();
    const history = page.getByTestId('alarm-history');
    // the history is paged within the records there were when it opened: take in the new ones
    await history.getByTestId('history-latest').click();
    await history.getByLabel('长者姓名', { exact: true }).fill(record.oldmanName ?? '');
    await history.getByRole('button', { name: '查询' }).click();
    await history.getByTestId(`row-${ctx.recordId}`).getByRole('button', { name: '查看' }).click();
  }
  const dialog = page.getByRole('dialog', { name: '告警详情' });
  await expect(dialog.getByTestId('alarm-detail')).toBeVisible();
  return dialog;
}

/** 处理, 忽略 or 解除: the live row's button, its dialog (a note or reason where asked), 确定. */
async function closeOnRow(page: Page, ctx: AlarmCtx, button: string, note?: string) {
  await onConsole(page);
  await rowOf(page, ctx.recordId).getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  // handling an alarm nobody acknowledged is 确认并处理 (the machine records both)
  const submit = dialog.getByRole('button', { name: /^(确定|确认并处理)$/ });
  if (note !== undefined) {
    await expect(submit).toBeDisabled();
    await dialog.getByLabel(button === '处理' ? '处理说明' : '忽略原因').fill(note);
  }
  await submit.click();
  await expect(dialog).toHaveCount(0);
}

export const driver = {
  async start(page: Page): Promise<AlarmCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    // the alarms earlier paths left open are closed first: their devices serve again
    if (leftOpen.length) {
      await call(page, token, 'POST', IotPaths.alarmHandleBatch, {
        recordIds: leftOpen.splice(0),
        action: 'ignore',
        reason: '路径测试结束',
      });
    }
    await onConsole(page);
    // (the simulator's own alarms keep some devices busy; a long run may have pressed every other one,
    // whose alarms the line above has closed)
    const quiet = quietDevices(e2eDataDir, ['护理一部', '护理二部']);
    const device =
      quiet.filter((d) => !used.includes(d.deviceId)).at(-1) ??
      used.map((id) => quiet.find((d) => d.deviceId === id)).find((d) => d !== undefined);
    if (!device) throw new Error('no watch or band without an open alarm is left');
    const at = used.indexOf(device.deviceId);
    if (at >= 0) used.splice(at, 1);
    used.push(device.deviceId);
    await sos(e2ePort, device);
    const recordId = await openSos(page, token, device.deviceId);
    leftOpen.push(recordId);
    await expect(rowOf(page, recordId)).toBeVisible();
    return { token, device, recordId, count: 1, comments: [] };
  },

  async send(page: Page, ctx: AlarmCtx, event: AlarmEvent) {
    switch (event.type) {
      case 'alarm.ack': {
        await onConsole(page);
        await rowOf(page, ctx.recordId).getByRole('button', { name: '确认', exact: true }).click();
        await expect(
          rowOf(page, ctx.recordId).getByRole('button', { name: '确认', exact: true }),
        ).toHaveCount(0);
        return;
      }
      case 'alarm.handle':
        return closeOnRow(page, ctx, '处理', event.note);
      case 'alarm.ignore':
        return closeOnRow(page, ctx, '忽略', '设备测试，非真实告警');
      case 'alarm.release':
        return closeOnRow(page, ctx, '解除');
      case 'alarm.comment': {
        const dialog = await openDetail(page, ctx, await stored(page, ctx));
        const content = `${event.content}（${ctx.comments.length + 1}）`;
        await dialog.getByPlaceholder(/^添加备注/).fill(content);
        await dialog.getByRole('button', { name: '发送备注' }).click();
        await expect(toast(page, '备注已添加')).toBeVisible();
        await expect(dialog.getByTestId('alarm-comments')).toContainText(content);
        ctx.comments.push(content);
        // the box has the focus again: Esc closes the detail
        await expect(dialog.getByPlaceholder(/^添加备注/)).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        return;
      }
      case 'alarm.retrigger': {
        await sos(e2ePort, ctx.device);
        ctx.count += 1;
        await expect.poll(async () => (await stored(page, ctx)).count).toBe(ctx.count);
        return;
      }
      case 'alarm.escalate': {
        const { escalateAfterMinutes } = (await call(page, ctx.token, 'GET', IotPaths.alarmSetting)) as {
          escalateAfterMinutes: number;
        };
        const db = new Database(join(e2eDataDir, 'eldercare.sqlite'), { fileMustExist: true });
        try {
          db.prepare('update alarmRecord set firstTime = firstTime - ? where recordId = ?').run(
            (escalateAfterMinutes + 1) * 60_000,
            ctx.recordId,
          );
        } finally {
          db.close();
        }
        // the server's check runs every few seconds and pushes the escalated record
        await expect(rowOf(page, ctx.recordId)).toContainText('已升级');
        return;
      }
      default: {
        const unknown: never = event;
        throw new Error(`the alarm driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: AlarmCtx, state: unknown) {
    const record = await stored(page, ctx);
    expect(alarmStateOf(record), JSON.stringify(record)).toEqual(state);
    expect(record.count).toBe(ctx.count);
    await onConsole(page);
    const row = rowOf(page, ctx.recordId);
    if (record.status === AlarmStatus.unhandled) {
      await expect(row).toBeVisible();
      await expect(row.getByRole('cell', { name: String(ctx.count), exact: true })).toHaveCount(1);
      if (record.ackTime === null) await expect(row).toContainText('未确认');
      else await expect(row).toContainText(record.ackName ?? '');
      if (record.escalated) await expect(row).toContainText('已升级');
      else await expect(row).not.toContainText('已升级');
      await expect(row.getByRole('button', { name: '确认', exact: true })).toHaveCount(
        alarmOffers(record, 'alarm.ack') ? 1 : 0,
      );
    } else {
      await expect(row).toHaveCount(0);
      const index = leftOpen.indexOf(ctx.recordId);
      if (index >= 0) leftOpen.splice(index, 1);
    }
    if (ctx.comments.length || record.status !== AlarmStatus.unhandled) {
      const dialog = await openDetail(page, ctx, record);
      // an open alarm someone acknowledged reads 已确认，处理中 (not 未处理)
      await expect(dialog.getByTestId('detail-status')).toContainText(
        record.status === AlarmStatus.unhandled && record.ackTime !== null
          ? '已确认，处理中'
          : alarmStatusName[record.status],
      );
      for (const comment of ctx.comments)
        await expect(dialog.getByTestId('alarm-comments')).toContainText(comment);
      // the footer's 关闭 (the header's × is named 关闭 too, without the text)
      await dialog.getByRole('button', { name: '关闭' }).filter({ hasText: '关闭' }).click();
      await expect(dialog).toHaveCount(0);
    }
  },
};
