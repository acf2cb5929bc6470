import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { CarePlanScreens as S } from '../../../domain/screens.js';
import { CarePaths as P } from '../../../features/care/api/care.js';
import { nursingPlanResource } from '../../../features/care/resources/planBase.js';
import {
  type NursingPlanEvent,
  nursingPlanEvents,
  nursingPlanEventTypes,
  nursingPlanWorkflow,
} from '../../../machines/nursingPlanMachine.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { expectOffered, type ListScreen, rowAction, type Staying, stayOn } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The nursing plan machine's driver for the generated path tests (`npm run paths -- nursingPlan
 * --transitions --format playwright`). Each path writes a draft plan of its own through the API, named
 * for the path, for a resident in the house (启用 and 恢复 refuse an elder who has left) and with no
 * items, so it makes no tasks on anyone's screen; 启用, 暂停, 恢复 and 结束 are the row's buttons on
 * 护理计划 with their confirmation. Each state is read from the server and from the row: its status and
 * the four buttons, enabled exactly where the machine takes their events (the list is narrowed once
 * per path; later steps stay on it and wait for it to show the stored state).
 */
export interface NursingPlanCtx extends Staying {
  token: string;
  planId: number;
  planName: string;
}

const list: ListScreen = { url: `/index.html#${S.nursing}`, testId: 'page-nursing-plans' };
const buttons = Object.fromEntries(nursingPlanEventTypes.map((e) => [e, nursingPlanEvents[e].label]));

/** Today on the home's clock (the tests run in its zone). */
export const homeDay = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A resident in the house now (a path that moves elders out takes the ones without money). */
export async function residentInHouse(page: Page, token: string) {
  const elders = (await call(page, token, 'GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0'))
    .list as Rec[];
  const elder = elders.find((e) => e.bedId != null) ?? elders[0];
  if (!elder) throw new Error('the seed has no resident in the house');
  return { oldmanId: Number(elder.oldmanId), oldmanName: String(elder.oldmanName) };
}

/**
 * A resident in the house with a bed who has no record yet at `url` (…?oldmanId=): the last such of
 * the list, so that a path's record is the only one of its elder (the seed gives records to the first).
 */
export async function residentWithout(page: Page, token: string, url: string) {
  const elders = (await call(page, token, 'GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0'))
    .list as Rec[];
  for (const elder of elders.filter((e) => e.bedId != null).reverse()) {
    const { list } = await call(page, token, 'GET', `${url}?oldmanId=${String(elder.oldmanId)}&pageHelper=0`);
    if (!(list as Rec[]).length)
      return { oldmanId: Number(elder.oldmanId), oldmanName: String(elder.oldmanName) };
  }
  throw new Error(`every resident in the house has a record at ${url}`);
}

let seq = 0;

export const driver = {
  async start(page: Page): Promise<NursingPlanCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const elder = await residentInHouse(page, token);
    seq += 1;
    const planName = `路径护理计划${(Date.now() % 1_000_000) + seq}`;
    const made = await call(page, token, 'POST', P.plan, {
      planName,
      oldmanId: elder.oldmanId,
      startDate: homeDay(),
      remark: '路径测试：无护理项目，不生成任务',
    });
    return { token, planId: Number(made.planId), planName };
  },

  async send(page: Page, ctx: NursingPlanCtx, event: NursingPlanEvent) {
    const { row } = await stayOn(page, list, ctx.planName, ctx.planId, ctx);
    await rowAction(page, row, nursingPlanEvents[event.type].label);
  },

  async check(page: Page, ctx: NursingPlanCtx, state: unknown) {
    const plan = await call(page, ctx.token, 'GET', `${P.plan}/${ctx.planId}`);
    expect(nursingPlanWorkflow.stateOf(plan), JSON.stringify(plan)).toBe(state);
    const { table, row } = await stayOn(page, list, ctx.planName, ctx.planId, ctx);
    await expect(
      table.getByText(dictLabel('nursingPlanStatus', Number(plan.planStatus)), { exact: true }),
    ).toBeVisible();
    await expectOffered(row, nursingPlanWorkflow, plan, buttons, true);
    // 编辑 and 删除 as the definition's row rules answer, which the server refuses with
    const rules = nursingPlanResource.rowRules;
    for (const [label, rule] of [
      ['编辑', rules?.edit],
      ['删除', rules?.remove],
    ] as const) {
      const button = row.getByRole('button', { name: label, exact: true });
      const reason = rule?.(plan) ?? null;
      if (reason === null) await expect(button).toBeEnabled();
      else {
        await expect(button).toBeDisabled();
        await expect(button).toHaveAttribute('title', reason);
      }
    }
  },
};
