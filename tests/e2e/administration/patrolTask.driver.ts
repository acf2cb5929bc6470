import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { PatrolPaths } from '../../../domain/resources/patrolBase.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { PointStatus } from '../../../domain/statuses/patrol.js';
import { PatrolTaskPaths as P } from '../../../features/administration/api/patrol.js';
import { type PatrolTaskEvent, patrolTaskWorkflow } from '../../../machines/patrolTaskMachine.js';
import { refusal } from '../../../machines/workflow.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { homeDay } from '../care/nursingPlan.driver.js';
import { aStaffMember, call, type Rec, tokenOf } from '../drivers/common.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The patrol task machine's driver for the generated path tests (`npm run paths -- patrolTask
 * --transitions --without patrol.miss --format playwright`; 标记漏巡 marks the tasks whose end has
 * passed, and the server's minute pass marks them too, at a moment no test chooses: a path cannot
 * hold a task past its end in 待巡查 or 巡查中 long enough to check it there). Each path makes a plan
 * of its own through the API over a new line of three points, all day long, and today's task of it
 * (生成今日任务's call); 记录巡更点 is 正常 on the next point of 巡更记录详情, 完成巡更 records the
 * points left, the last one 异常 (with what was found: an alarm in 告警中心) where the path says so.
 * Each state is read from the server and from that screen: the task's status and result, and each
 * point's 正常 and 异常 enabled exactly while the task takes records and the point has none, and
 * greyed with the reason elsewhere.
 */
export interface PatrolTaskCtx {
  token: string;
  taskId: number;
}

const stored = (page: Page, ctx: PatrolTaskCtx) =>
  call(page, ctx.token, 'GET', fillPath(P.recordOne, [ctx.taskId]));
const pointsOf = async (page: Page, ctx: PatrolTaskCtx) =>
  (await call(page, ctx.token, 'GET', `${P.pointList}?taskId=${ctx.taskId}&pageHelper=0`)).list as Rec[];

/** 巡更记录详情 of the path's task (left as it is when the page already shows it). */
async function detail(page: Page, ctx: PatrolTaskCtx) {
  const screen = page.getByTestId('page-patrol-record-detail');
  const url = `/index.html#${S.patrolRecordDetail}?taskId=${ctx.taskId}`;
  if (!(await screen.isVisible()) || !page.url().endsWith(url)) await page.goto(url);
  await expect(screen.getByTestId('patrol-task-status')).toBeVisible();
  return screen;
}

/** Records one point of the task on the screen: 正常, or 异常 with what was found. */
async function record(page: Page, ctx: PatrolTaskCtx, point: Rec, abnormal: boolean) {
  const screen = await detail(page, ctx);
  const row = screen.getByRole('group', { name: String(point.pointName), exact: true });
  if (abnormal) {
    await row.getByRole('button', { name: '异常', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `巡更点异常：${String(point.pointName)}` });
    await dialog.getByLabel('异常说明').fill('路径测试：消防通道堆放杂物');
    await dialog.getByRole('button', { name: '记录异常' }).click();
    await expect(dialog).toBeHidden();
  } else await row.getByRole('button', { name: '正常', exact: true }).click();
  // the screen read the task again: the point is recorded
  await expect(row.getByRole('button', { name: '正常', exact: true })).toBeDisabled();
}

let seq = 0;

export const driver = {
  async start(page: Page): Promise<PatrolTaskCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    seq += 1;
    const tag = String((Date.now() % 1_000_000) + seq);
    const points: Rec[] = [];
    for (const name of ['东门岗亭', '配电房', '消防通道'])
      points.push(await call(page, token, 'POST', PatrolPaths.point, { pointName: `路径${name}${tag}` }));
    const line = await call(page, token, 'POST', PatrolPaths.line, {
      lineName: `路径巡更路线${tag}`,
      pointPkIds: points.map((p) => String(p.pointPkId)).join(','),
    });
    const planName = `路径全天巡查${tag}`;
    await call(page, token, 'POST', PatrolPaths.plan, {
      planName,
      linePkId: line.linePkId,
      nursingId: await aStaffMember(page, token),
      planType: 0,
      startTime: '00:00',
      endTime: '23:59',
      startDate: homeDay(),
      endDate: homeDay(),
      planStatus: 0,
    });
    await call(page, token, 'GET', `${P.createTask}?from=${homeDay()}`);
    const tasks = (await call(page, token, 'GET', `${P.record}?pageHelper=0&taskDate=${homeDay()}`))
      .list as Rec[];
    const task = tasks.find((t) => t.planName === planName);
    if (!task) throw new Error(`no task of ${planName} today`);
    return { token, taskId: Number(task.taskId) };
  },

  async send(page: Page, ctx: PatrolTaskCtx, event: PatrolTaskEvent) {
    const open = (await pointsOf(page, ctx)).filter((p) => Number(p.patrolStatus) === PointStatus.none);
    switch (event.type) {
      case 'patrol.record':
        // a point that is not the last: the task goes on
        expect(open.length, 'points left to record').toBeGreaterThan(1);
        return record(page, ctx, open[0] as Rec, false);
      case 'patrol.finish':
        for (const [i, point] of open.entries())
          await record(page, ctx, point, event.abnormal && i === open.length - 1);
        return;
      case 'patrol.miss':
        throw new Error('漏巡 is the clock’s: leave it out (--without patrol.miss)');
      default: {
        const unknown: never = event;
        throw new Error(`the patrol task driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: PatrolTaskCtx, state: unknown) {
    const task = await stored(page, ctx);
    expect(patrolTaskWorkflow.stateOf(task), JSON.stringify(task)).toBe(state);
    const screen = await detail(page, ctx);
    await expect(screen.getByTestId('patrol-task-status')).toHaveText(
      dictLabel('patrolTaskStatus', Number(task.taskStatus)),
    );
    if (task.taskResult != null)
      await expect(
        screen.locator('.patrol-header').getByText(dictLabel('patrolResult', Number(task.taskResult)), {
          exact: true,
        }),
      ).toBeVisible();
    // a greyed 正常 / 异常 names why, in the server's words (issue #42 point 5)
    const taskWhy = refusal(patrolTaskWorkflow, task, 'patrol.record', '记录巡更点');
    for (const point of await pointsOf(page, ctx)) {
      const row = screen.getByRole('group', { name: String(point.pointName), exact: true });
      const why =
        taskWhy ??
        (Number(point.patrolStatus) === PointStatus.none ? null : `巡更点“${String(point.pointName)}”已记录`);
      for (const label of ['正常', '异常']) {
        const button = row.getByRole('button', { name: label, exact: true });
        if (why === null) await expect(button, `${label} of ${String(point.pointName)}`).toBeEnabled();
        else {
          await expect(button, `${label} of ${String(point.pointName)}`).toBeDisabled();
          await expect(button, `${label} says why`).toHaveAccessibleDescription(why);
        }
      }
    }
  },
};
