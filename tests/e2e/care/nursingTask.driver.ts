import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { CarePlanScreens as S } from '../../../domain/screens.js';
import { CarePaths as P, type TodayTask, type TodayTasksAnswer } from '../../../features/care/api/care.js';
import { measuredKind } from '../../../features/care/api/careHealth.js';
import { type NursingTaskEvent, nursingTaskWorkflow } from '../../../machines/nursingTaskMachine.js';
import { offers } from '../../../machines/workflow.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { type ListScreen, narrowTo, rowAction } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';
import { homeDay, residentInHouse } from './nursingPlan.driver.js';

/**
 * The nursing task machine's driver for the generated path tests (`npm run paths -- nursingTask
 * --transitions --format playwright`). Each path gives a resident in the house a plan of its own
 * through the API, for today only, with one item at 23:59 (never overdue today), and starts it: that
 * makes the path's task. 完成 and 未完成 (with a common reason) are the task's buttons on 今日护理任务, on
 * the floor of the elder's bed; 取消 is the server's, and the console's way to it is 暂停 of the
 * plan on 护理计划, which cancels the plan's tasks still to do. Each state is read from the server and
 * from 今日护理任务: the task's status (and reason), 完成 and 未完成 shown exactly while it is pending.
 */
export interface NursingTaskCtx {
  token: string;
  planId: number;
  planName: string;
  floorId: number;
  floorName: string;
  taskId: number;
}

const plans: ListScreen = { url: `/index.html#${S.nursing}`, testId: 'page-nursing-plans' };

/** The path's task as the floor's list has it. */
async function stored(page: Page, ctx: NursingTaskCtx): Promise<TodayTask> {
  const answer = (await call(
    page,
    ctx.token,
    'GET',
    `${P.taskToday}?floorId=${ctx.floorId}`,
  )) as unknown as TodayTasksAnswer;
  const task = answer.list.find((t) => t.taskId === ctx.taskId);
  if (!task) throw new Error(`task ${ctx.taskId} is not on floor ${ctx.floorName}`);
  return task;
}

/** 今日护理任务 on the elder's floor: the path's task. */
async function todayTask(page: Page, ctx: NursingTaskCtx) {
  const screen = page.getByTestId('page-today-tasks');
  if (!(await screen.isVisible())) await page.goto(`/index.html#${S.tasksToday}`);
  const floor = screen.getByRole('tab', { name: new RegExp(`^${ctx.floorName} `) });
  if ((await floor.getAttribute('aria-selected')) !== 'true') await floor.click();
  await expect(floor).toHaveAttribute('aria-selected', 'true');
  const task = screen.locator(`[data-task-id="${ctx.taskId}"]`);
  await expect(task).toBeVisible();
  return task;
}

let seq = 0;

export const driver = {
  async start(page: Page): Promise<NursingTaskCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const elder = await residentInHouse(page, token);
    seq += 1;
    const planName = `路径护理任务${(Date.now() % 1_000_000) + seq}`;
    const plan = await call(page, token, 'POST', P.plan, {
      planName,
      oldmanId: elder.oldmanId,
      startDate: homeDay(),
      endDate: homeDay(),
    });
    const planId = Number(plan.planId);
    const projects = (await call(page, token, 'GET', `${P.projects}?pageHelper=0`)).list as Rec[];
    await call(page, token, 'POST', P.planItem, {
      planId,
      // one that measures nothing: a measuring task's 完成 asks for its value (vitals-at-task.spec.ts)
      projectId: projects.find((p) => !measuredKind(String(p.projectName)))?.projectId,
      frequencyType: 1,
      times: '23:59',
    });
    await call(page, token, 'PUT', P.planStatus, { planId, event: 'plan.activate' });
    // the floor whose list holds the plan's task
    const { floors } = (await call(page, token, 'GET', P.taskToday)) as unknown as TodayTasksAnswer;
    for (const floor of floors) {
      const answer = (await call(
        page,
        token,
        'GET',
        `${P.taskToday}?floorId=${floor.floorId}`,
      )) as unknown as TodayTasksAnswer;
      // the path's own item (23:59, never overdue today); the plan also starts with the items of
      // the elder's care level
      const task = answer.list.find((t) => t.planId === planId && t.slot === '23:59');
      if (task)
        return {
          token,
          planId,
          planName,
          floorId: floor.floorId,
          floorName: floor.floorName,
          taskId: task.taskId,
        };
    }
    throw new Error(`no task of ${planName} today`);
  },

  async send(page: Page, ctx: NursingTaskCtx, event: NursingTaskEvent) {
    if (event.type === 'task.cancel') {
      const { row } = await narrowTo(page, plans, ctx.planName, ctx.planId);
      return rowAction(page, row, '暂停');
    }
    const task = await todayTask(page, ctx);
    const { oldmanName, projectName, slot } = await stored(page, ctx);
    const name = `${oldmanName} ${projectName} ${slot}`;
    if (event.type === 'task.done')
      await task.getByRole('button', { name: `完成 ${name}`, exact: true }).click();
    else {
      await task.getByRole('button', { name: `未完成 ${name}`, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: event.reason, exact: true }).click();
      await dialog.getByRole('button', { name: '确定未完成' }).click();
      await expect(dialog).toHaveCount(0);
    }
    await expect(task).not.toHaveAttribute('data-status', '0');
  },

  async check(page: Page, ctx: NursingTaskCtx, state: unknown) {
    const stored_ = await stored(page, ctx);
    expect(nursingTaskWorkflow.stateOf(stored_), JSON.stringify(stored_)).toBe(state);
    const task = await todayTask(page, ctx);
    await expect(task).toHaveAttribute('data-status', String(stored_.taskStatus));
    const status = dictLabel('nursingTaskStatus', stored_.taskStatus);
    await expect(task.locator('.bp6-tag')).toHaveText(
      stored_.reason ? `${status}（${stored_.reason}）` : status,
    );
    const pending = offers(nursingTaskWorkflow, stored_, 'task.done');
    // each button is named for its task: 完成 王秀英 测量血压 23:59
    for (const label of ['完成', '未完成'])
      await expect(task.getByRole('button', { name: new RegExp(`^${label} `) }), label).toHaveCount(
        pending ? 1 : 0,
      );
  },
};
