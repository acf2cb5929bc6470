import { expect } from '@playwright/test';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { QualityPaths as P } from '../../../features/administration/api/quality.js';
import { anHourAgo, aStaffMember, call, tokenOf } from '../drivers/common.js';
import { formStep, type ListScreen, narrowTo, rowAction } from '../drivers/workflowList.js';
import { test } from '../fixtures.js';
import { HEAD_NURSE, signIn } from '../support.js';

/**
 * Issue #37 point 5, each step in the record's log: the head nurse (hushizhang01) takes a complaint
 * through 开始处理, 答复 and 办结 on 投诉管理; 查看 opens 投诉详情, whose 处理记录 has one row per step
 * (受理 included), each naming who took it.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const list: ListScreen = { url: `/index.html#${S.complaint}`, testId: 'page-complaints' };

test('投诉: 开始处理, 答复 and 办结 each leave their row in 处理记录 on 投诉详情', async ({ page }) => {
  await signIn(page, HEAD_NURSE, '护理一部');
  const token = await tokenOf(page);
  const complainantName = `记录投诉${Date.now() % 1_000_000}`;
  const made = await call(page, token, 'POST', P.complaint, {
    complainantType: 1,
    complainantName,
    complaintType: 2,
    receiveTime: anHourAgo(),
    handlerId: await aStaffMember(page, token),
    content: '夜间呼叫后护理员到场较慢',
  });
  const complaintId = Number(made.complaintId);

  const { row } = await narrowTo(page, list, complainantName, complaintId);
  await rowAction(page, row, '开始处理');
  await formStep(page, row, '答复', async (dialog) => {
    await dialog.getByLabel('处理经过').fill('调取呼叫记录，与夜班护理员面谈');
    await dialog.getByLabel('答复内容').fill('夜班增加一名护理员，十分钟内到场');
  });
  await formStep(page, row, '办结', async (dialog) => {
    await dialog.getByLabel('满意度').selectOption({ label: '满意' });
  });

  await row.getByRole('button', { name: '查看', exact: true }).click();
  const detail = page.getByTestId('page-complaint-detail');
  await expect(detail.getByTestId('complaint-status')).toHaveText('已办结');
  const log = detail.getByTestId('resource-table');
  const rows = log.locator('fieldset[data-testid^="row-"]');
  await expect(rows).toHaveCount(4);
  // one row per step, in its 步骤 column (开始处理 also says so as its content)
  for (const step of ['受理', '开始处理', '答复', '办结'])
    await expect(log.getByText(step, { exact: true }).first()).toBeVisible();
  await expect(log.getByText(/^答复。处理经过：调取呼叫记录/)).toBeVisible();
  await expect(log.getByText(/^办结。满意度：满意$/)).toBeVisible();
  await expect(log.getByText('赵淑芬', { exact: true })).toHaveCount(4);
});
