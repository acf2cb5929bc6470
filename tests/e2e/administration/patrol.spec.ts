import { expect, type Page } from '@playwright/test';
import { localDay } from '../../../domain/clock.js';
import { PatrolPaths } from '../../../domain/resources/patrolBase.js';
import { PatrolTaskPaths } from '../../../features/administration/api/patrol.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

test.use({ viewport: { width: 1366, height: 768 } });
type Rec = Record<string, unknown>;

async function api(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<Rec> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.fetch(url, { method, headers: { authorization: token }, data });
  const body = (await res.json()) as { code: number; msg: string; result: Rec };
  expect(body.code, body.msg).toBe(0);
  return body.result;
}

test('a patrol plan makes today’s task, a guard records its points, the abnormal one is an alarm in 告警中心', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  // a daily plan over a new two-point line (巡更基础数据 has its own tests)
  const tag = String(Date.now() % 100_000);
  const gate = await api(page, 'POST', PatrolPaths.point, { pointName: `东门岗亭${tag}` });
  const power = await api(page, 'POST', PatrolPaths.point, { pointName: `配电房${tag}` });
  const line = await api(page, 'POST', PatrolPaths.line, {
    lineName: `院区安全路线${tag}`,
    pointPkIds: `${String(gate.pointPkId)},${String(power.pointPkId)}`,
  });
  // the patroller of the seeded plans
  const plans = (await api(page, 'GET', `${PatrolPaths.plan}?pageHelper=0`)).list as Rec[];
  // a week back: whatever the zone of the server's clock, today is in it
  const startDate = localDay(Date.now() - 7 * 86_400_000);
  const planName = `全天安全巡查${tag}`;
  await api(page, 'POST', PatrolPaths.plan, {
    planName,
    linePkId: line.linePkId,
    nursingId: plans[0]?.nursingId,
    planType: 0,
    startTime: '00:00',
    endTime: '23:59',
    startDate,
    planStatus: 0,
  });

  // 巡更管理: 生成今日任务 makes the plan's task of today
  await page.goto('/index.html#/administration/patrolManage');
  const manage = page.getByTestId('page-patrol-manage');
  await manage.getByRole('button', { name: '生成今日任务' }).click();
  await expect(page.getByText('已生成1个巡更任务')).toBeVisible();
  const task = manage.getByRole('group', { name: planName });

  // the guard records the gate normal, then the power room abnormal with what was found
  await task.getByRole('button', { name: '巡更记录' }).click();
  const detail = page.getByTestId('page-patrol-record-detail');
  await expect(detail.getByTestId('patrol-plan-name')).toHaveText(planName);
  await expect(detail.getByTestId('patrol-task-status')).toHaveText('待巡查');
  await detail
    .getByRole('group', { name: `东门岗亭${tag}` })
    .getByRole('button', { name: '正常' })
    .click();
  await expect(detail.getByTestId('patrol-task-status')).toHaveText('巡查中');
  await detail
    .getByRole('group', { name: `配电房${tag}` })
    .getByRole('button', { name: '异常' })
    .click();
  const dialog = page.getByRole('dialog', { name: `巡更点异常：配电房${tag}` });
  await dialog.getByLabel('异常说明').fill('配电柜门未上锁');
  await dialog.getByRole('button', { name: '记录异常' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.getByTestId('patrol-task-status')).toHaveText('已完成');
  await expect(detail.getByText('已巡查 2/2')).toBeVisible();
  await expect(
    detail.getByRole('group', { name: `东门岗亭${tag}` }).getByRole('button', { name: '正常' }),
  ).toBeDisabled();

  // 告警中心 › 定位告警 shows the abnormal point
  await page.goto('/index.html#/yunmuIot/locateAlarm');
  await expect(
    page.getByText(`巡更点“配电房${tag}”异常：配电柜门未上锁`, { exact: false }).first(),
  ).toBeVisible();
  await expect(page.getByText('巡更异常').first()).toBeVisible();
  const tasks = await api(page, 'GET', `${PatrolTaskPaths.record}?pageHelper=0&taskStatus=2`);
  expect((tasks.list as Rec[]).some((t) => t.planName === planName && t.taskResult === 2)).toBe(true);
});
