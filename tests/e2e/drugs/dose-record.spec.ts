import { expect } from '@playwright/test';
import { localDay } from '../../../domain/clock.js';
import { DrugScreens as S } from '../../../domain/screens.js';
import { DrugApi as P } from '../../../features/drugs/api.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { residentWithout } from '../care/nursingPlan.driver.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { test } from '../fixtures.js';
import { ADMIN, selectElder, signIn } from '../support.js';

test.use({ viewport: { width: 1366, height: 768 } });

/**
 * 用药记录 › 新增 (issue #42 point 1): the dialog asks for the elder, then offers that elder's drugs in
 * custody; an empty 保存 names the elder first, at the field, focused; a dose saved is listed and
 * lowers the rest. The server refuses a dose without a custody record, or of another elder's record,
 * with its Chinese message and keeps the rest.
 */
test('a dose is recorded from 用药记录 › 新增: elder, then one of that elder’s kept drugs', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const token = await tokenOf(page);
  const elder = await residentWithout(page, token, P.keep);
  const drugs = (await call(page, token, 'GET', P.dictNoPage)) as unknown as Rec[];
  const drug = drugs.find((d) => String(d.drugName) === '阿司匹林肠溶片');
  expect(drug, 'the seeded 阿司匹林肠溶片').toBeTruthy();
  const made = await call(page, token, 'POST', P.keep, {
    oldmanId: elder.oldmanId,
    drugId: drug?.drugId,
    quantity: 6,
    batchNo: 'YY20261206',
    expiryDate: localDay(Date.now() + 400 * 86_400_000),
    handedBy: '李秀兰',
  });
  const keepId = Number(made.keepId);
  const rest = async () =>
    Number((await call(page, token, 'GET', fillPath(P.keepOne, [keepId]))).restQuantity);

  await page.goto(`/index.html#${S.useList}`);
  const screen = page.getByTestId('page-drug-use');
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增用药记录' });
  const elders = dialog.getByLabel('长者', { exact: true });
  const keeps = dialog.getByLabel('代管药品', { exact: true });
  await expect(keeps).toBeDisabled();

  // nothing chosen: the first error is the elder's, at its field and focused
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.locator('.bp6-form-helper-text', { hasText: '请选择长者' })).toBeVisible();
  await expect(elders).toBeFocused();

  await selectElder(elders, elder.oldmanName);
  // only this elder's record is offered (the elder had none in custody before)
  await expect(keeps).toBeEnabled();
  await expect(keeps.locator('option')).toHaveText([
    '请选择代管药品',
    /^阿司匹林肠溶片（100mg×30片） 现余6片/,
  ]);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.locator('.bp6-form-helper-text', { hasText: '请选择代管药品' })).toBeVisible();
  await expect(keeps).toBeFocused();

  await keeps.selectOption({ index: 1 });
  await expect(dialog.locator('.bp6-form-helper-text', { hasText: '请填写用量' })).toBeVisible();
  await dialog.getByLabel(/^用量/).fill('2');
  await expect(dialog.locator('.bp6-form-helper-text', { hasText: '现余6片' })).toBeVisible();
  await page.screenshot({ path: '.tmp/shots-office/dose-new.png' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('已记录用药')).toBeVisible();
  const list = screen.getByTestId('resource-list-drugUse');
  // the elder had nothing in custody before this test: the dose is the elder's only one
  await expect(list).toContainText(elder.oldmanName);
  await page.screenshot({ path: '.tmp/shots-office/dose-listed.png' });
  expect(await rest()).toBe(4);

  // the server: its own checks, in Chinese, and nothing drawn
  const refused = async (data: Rec) => {
    const res = await page.request.post(P.use, { headers: { authorization: token }, data });
    return ((await res.json()) as { code: number; msg: string }).msg;
  };
  expect(await refused({ oldmanId: elder.oldmanId, quantity: 1 })).toBe('请选择代管药品');
  expect(await refused({ keepId, quantity: 0 })).toBe('用量至少为1');
  expect(await refused({ keepId })).toBe('请填写用量');
  const other = (await call(page, token, 'GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0'))
    .list as Rec[];
  const stranger = other.find((e) => Number(e.oldmanId) !== elder.oldmanId);
  expect(await refused({ oldmanId: stranger?.oldmanId, keepId, quantity: 1 })).toMatch(
    /^所选代管药品不是该长者的药品/,
  );
  expect(await rest()).toBe(4);
});
