import { expect } from '@playwright/test';
import { CONSULT_BASE, INTERVIEWER_BASE } from '../../../features/live/api/paths.js';
import { test } from '../fixtures.js';
import { ADMIN, api, openMenu, signIn } from '../support.js';

/**
 * 行政管理 › 营销人员 (issue #37 point 9): the 接待人员 of 咨询登记 with what came of the consultations
 * each received in the period — the list is the consultations' own, nothing typed twice.
 */
test('营销人员 lists each 接待人员 with the period’s consultations, what became of them and a total', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const name = `营销${Date.now() % 100000}`;
  await api(page, 'POST', INTERVIEWER_BASE, { interviewerName: name, phone: '13700002222' });
  const list = (await api(page, 'GET', `${INTERVIEWER_BASE}?pageHelper=0&keyword=${name}`)).list as {
    id: number;
    interviewerName: string;
  }[];
  const interviewerId = list.find((i) => i.interviewerName === name)?.id;
  expect(interviewerId).toBeGreaterThan(0);
  const day = await page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
  });
  for (const consultStatus of [0, 2])
    await api(page, 'POST', CONSULT_BASE, {
      oldmanName: '营销页长者',
      consultantName: '家属',
      consultantPhone: '13912345678',
      consultDate: day,
      interviewerId,
      consultStatus,
    });

  await openMenu(page, '行政管理', '营销人员');
  const screen = page.getByTestId('page-salesman');
  // the person's row by its whole text (营销人员 联系电话 接待咨询 跟进中 已建档 已放弃 已入住 入住转化率): while a
  // new period's answer redraws the grid a row may for a moment be read with the figures before
  const row = (figures: string) =>
    screen.getByRole('row', { name: `${name} 13700002222 ${figures}`, exact: true });
  await expect(row('2 1 0 1 0 0.0%')).toHaveCount(1);
  // the total closes the list (below the fold with the seeded staff)
  const total = screen.getByText('合计', { exact: true });
  await total.scrollIntoViewIfNeeded();
  await expect(total).toBeVisible();

  // a period before today: nothing received
  await screen.getByLabel('开始日期').fill('2020-01-01');
  await screen.getByLabel('结束日期').fill('2020-01-31');
  await expect(row('0 0 0 0 0 —')).toHaveCount(1);
  // a period ending before it starts is refused where the figures are
  await screen.getByLabel('开始日期').fill('2020-02-01');
  await expect(screen.getByTestId('salesman-error')).toHaveText('结束日期不能早于开始日期');
  // 今天 in one click (the reports' shared period picker): today's two again
  await screen.getByRole('radio', { name: '今天' }).click();
  await expect(screen.getByLabel('开始日期')).toHaveValue(day);
  await expect(screen.getByLabel('结束日期')).toHaveValue(day);
  await expect(row('2 1 0 1 0 0.0%')).toHaveCount(1);
  await expect(screen.getByTestId('salesman-error')).toHaveCount(0);
});
