import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { QualityPaths as P } from '../../../features/administration/api/quality.js';
import {
  type AdverseEventEvent,
  adverseEventEvents,
  adverseEventWorkflow,
} from '../../../machines/adverseEventMachine.js';
import { offers } from '../../../machines/workflow.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { residentInHouse } from '../care/nursingPlan.driver.js';
import { anHourAgo, call, tokenOf } from '../drivers/common.js';
import { expectOffered, formStep, type ListScreen, narrowTo, rowAction } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The adverse event machine's driver for the generated path tests (`npm run paths -- adverseEvent
 * --transitions --without adverse.edit --format playwright`; 编辑 is the shared form step the
 * complaint paths walk, and the driver does it too). Each path reports a minor event (no alarm) of a
 * resident, at a place named for the path (which finds its row), through the API; 开始调查, 提交整改 and 结案 are the
 * row's buttons on 不良事件 with their confirmation or form, 添加跟进记录 is 新增 under 调查与整改记录 on
 * the event's page. Each state is read from the server, from the row (status, buttons enabled
 * exactly where the machine takes their events) and from the event's page (status, whether entries
 * may be added).
 */
export interface AdverseEventCtx {
  token: string;
  eventId: number;
  place: string;
}

const list: ListScreen = { url: `/index.html#${S.adverseEvent}`, testId: 'page-adverse-events' };
const buttons = {
  'adverse.investigate': adverseEventEvents['adverse.investigate'].label,
  'adverse.edit': adverseEventEvents['adverse.edit'].label,
  'adverse.rectify': adverseEventEvents['adverse.rectify'].label,
  'adverse.close': adverseEventEvents['adverse.close'].label,
};

const stored = (page: Page, ctx: AdverseEventCtx) =>
  call(page, ctx.token, 'GET', fillPath(P.adverseEventOne, [ctx.eventId]));

/** The event's page, once it shows the stored status. */
async function detail(page: Page, ctx: AdverseEventCtx, status: number) {
  await page.goto(`/index.html#${S.adverseEventDetail}?id=${ctx.eventId}`);
  const screen = page.getByTestId('page-adverse-event-detail');
  await expect(screen.getByTestId('adverse-status')).toHaveText(dictLabel('adverseEventStatus', status));
  return screen;
}

let seq = 0;

export const driver = {
  async start(page: Page): Promise<AdverseEventCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    // a resident (the server takes reports of residents only); the place, the path's own, finds the row
    const elder = await residentInHouse(page, token);
    seq += 1;
    const place = `路径测试地点${(Date.now() % 1_000_000) + seq}`;
    const made = await call(page, token, 'POST', P.adverseEvent, {
      eventType: 1,
      oldmanId: elder.oldmanId,
      eventTime: anHourAgo(),
      place,
      severity: 2, // 轻度伤害: not serious, so no alarm in 告警中心
      description: '路径测试：起身时滑倒，右手掌擦伤',
      measures: '扶起检查，消毒包扎，通知医生和家属',
    });
    return { token, eventId: Number(made.eventId), place };
  },

  async send(page: Page, ctx: AdverseEventCtx, event: AdverseEventEvent) {
    if (event.type === 'adverse.follow') {
      const screen = await detail(page, ctx, Number((await stored(page, ctx)).eventStatus));
      await screen.getByRole('button', { name: '新增', exact: true }).click();
      const form = page.getByTestId('resource-form-adverseFollow');
      await form.getByLabel('记录类型').selectOption({ label: '调查' });
      await form.getByLabel('记录时间').fill(anHourAgo().replace(' ', 'T'));
      await form.getByLabel('内容').fill('路径测试：询问当班护理员，查看监控');
      await form.getByRole('button', { name: '保存' }).click();
      await expect(form).toHaveCount(0);
      await expect(screen.getByText('路径测试：询问当班护理员，查看监控')).toBeVisible();
      return;
    }
    const { row } = await narrowTo(page, list, ctx.place, ctx.eventId);
    const label = adverseEventEvents[event.type].label;
    switch (event.type) {
      case 'adverse.investigate':
        return rowAction(page, row, label);
      case 'adverse.edit':
        return formStep(page, row, label, (dialog) => dialog.getByLabel('发生地点').fill(ctx.place));
      case 'adverse.rectify':
        return formStep(page, row, label, async (dialog) => {
          await dialog.getByLabel('原因分析').fill('卫生间地面有水渍，长者未呼叫护理员');
          await dialog.getByLabel('整改措施').fill('卫生间加铺防滑垫，夜班增加巡视');
        });
      case 'adverse.close':
        return formStep(page, row, label, async (dialog) => {
          // given at 提交整改, the cause analysis is already filled in
          const cause = dialog.getByLabel('原因分析');
          if (!(await cause.inputValue())) await cause.fill('长者起身过快，地面湿滑');
          await dialog.getByLabel('结案结论').fill('一般不良事件，整改已落实');
        });
      default: {
        const unknown: never = event;
        throw new Error(`the adverse event driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: AdverseEventCtx, state: unknown) {
    const event = await stored(page, ctx);
    expect(adverseEventWorkflow.stateOf(event), JSON.stringify(event)).toBe(state);
    const status = Number(event.eventStatus);
    const { table, row } = await narrowTo(page, list, ctx.place, ctx.eventId);
    await expect(table.getByText(dictLabel('adverseEventStatus', status), { exact: true })).toBeVisible();
    await expectOffered(row, adverseEventWorkflow, event, buttons);
    // a mistaken report goes only before its investigation starts
    await expectOffered(row, adverseEventWorkflow, event, { 'adverse.investigate': '删除' });
    const screen = await detail(page, ctx, status);
    await expect(screen.getByRole('button', { name: '新增', exact: true })).toHaveCount(
      offers(adverseEventWorkflow, event, 'adverse.follow') ? 1 : 0,
    );
  },
};
