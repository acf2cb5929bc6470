import { expect } from '@playwright/test';
import { test } from '../fixtures.js';
import { api, NURSE, selectElder, signIn } from '../support.js';

/** The server's day (its process and this one share the machine's clock and zone). */
const serverDay = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('a plan made for an elder puts today’s tasks on the nurse’s screen; done and missed move the workbench count live', async ({
  page,
}) => {
  // 护理员 huli01: the care screens, her department (护理一部) only
  await signIn(page, NURSE, '护理一部');
  await page.goto('/#/home');
  const count = page.getByTestId('workbench-reminders').getByTestId('remind-count');
  await expect(count).toBeVisible();
  const before = Number(await count.textContent());
  // nothing below reloads the console: the mark stays on this document
  await page.evaluate(() => {
    (window as unknown as { careMark: number }).careMark = 1;
  });

  // 新增护理计划: an elder of her department in a bed at 半护理 (the plan takes the elder's level from
  // her archive), without a plan yet (the seed gives plans to the first residents): the last in the list
  const halfCare = new Set(
    (
      (await api(page, 'GET', '/pims/web-pi/oldmans?oldmanStatuses=1&nursingLevel=半护理&pageHelper=0'))
        .list as { oldmanName: string }[]
    ).map((e) => e.oldmanName),
  );
  await page.goto('/#/careplan/nursing/Add');
  const form = page.getByTestId('page-nursing-plan-add');
  const elderSelect = form.getByLabel('长者', { exact: true });
  const inBeds = elderSelect.locator('option', { hasText: '层' });
  await expect(inBeds.nth(5)).toBeAttached();
  const labels = (await inBeds.allTextContents()).filter((t) => halfCare.has(t.split('（')[0] ?? ''));
  const label = labels.at(-1) ?? '';
  const elderName = label.split('（')[0] ?? '';
  const floor = /（(\S+?楼)(\d+层)/.exec(label);
  expect(floor, label).not.toBeNull();
  await selectElder(elderSelect, elderName);
  await form.getByLabel('计划名称').fill(`${elderName}护理计划`);
  await form.getByLabel('开始日期').fill(serverDay());
  await form.getByRole('button', { name: '保存' }).click();

  // the plan's items came from her level, which it shows; 启用 it from the list
  const edit = page.getByTestId('page-nursing-plan-edit');
  await expect(edit.getByTestId('plan-level')).toContainText('护理等级：半护理');
  await expect(edit.getByText('协助服药').first()).toBeVisible();
  await page.goto('/#/careplan/nursing');
  // a row's operation cell is a group named after the plan (src/resource/ResourceTable.tsx)
  const row = page.getByTestId('page-nursing-plans').getByRole('group', { name: `${elderName}护理计划` });
  await expect(row.getByRole('button', { name: '暂停' })).toBeDisabled();
  await row.getByRole('button', { name: '启用' }).click();
  await page.locator('.bp6-alert').getByRole('button', { name: '启用' }).click();
  await expect(row.getByRole('button', { name: '暂停' })).toBeEnabled();
  await expect(row.getByRole('button', { name: '启用' })).toBeDisabled();

  // 今日护理任务 on the elder's floor: 半护理 makes 晨间护理, 测量血压, 协助服药 ×3, 夜间巡视
  await page.goto('/#/careplan/tasks/today');
  const screen = page.getByTestId('page-today-tasks');
  await screen.getByRole('tab', { name: new RegExp(`${floor?.[1]} ${floor?.[2]}`) }).click();
  const tasks = screen.getByTestId('care-task').filter({ hasText: elderName });
  await expect(tasks).toHaveCount(6);
  await screen.getByRole('button', { name: `完成 ${elderName} 测量血压 08:00`, exact: true }).click();
  // a measuring task is done with its value (vitals-at-task.spec.ts)
  const measured = page.getByRole('dialog', { name: `完成：${elderName} 测量血压（08:00）` });
  await measured.getByLabel('收缩压', { exact: true }).fill('128');
  await measured.getByLabel('舒张压', { exact: true }).fill('82');
  await measured.getByRole('button', { name: '确定完成' }).click();
  await expect(measured).toHaveCount(0);
  await expect(tasks.filter({ hasText: '测量血压' }).getByText('已完成')).toBeVisible();
  await screen.getByRole('button', { name: `未完成 ${elderName} 夜间巡视 22:00` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: '确定未完成' })).toBeDisabled();
  await dialog.getByRole('button', { name: '长者睡眠中' }).click();
  await dialog.getByRole('button', { name: '确定未完成' }).click();
  await expect(tasks.filter({ hasText: '夜间巡视' }).getByText('未完成（长者睡眠中）')).toBeVisible();

  // the workbench tab, never reloaded: six more to do, two of them dealt with
  await page.getByTestId('tabbar').getByText('工作台', { exact: true }).click();
  await expect(count).toHaveText(String(before + 4));
  expect(await page.evaluate(() => (window as unknown as { careMark?: number }).careMark)).toBe(1);
});
