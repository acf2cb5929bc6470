import { expect, type Locator, type Page } from '@playwright/test';
import { AdminPaths, leftOutText, noticeReachAnswer, reachText } from '../../../domain/api/administration.js';
import { localDateTime } from '../../../domain/clock.js';
import { AdministrationScreens, WarehouseScreens } from '../../../domain/screens.js';
import { ActivityPaths } from '../../../features/administration/api/activities.js';
import { EducationScreens } from '../../../features/education/api.js';
import { call, tokenOf } from '../drivers/common.js';
import { toast } from '../drivers/workflowList.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

/**
 * Issue #42 points 5 and 6, as a clerk meets them: every greyed action says why (冲红 once, 报名
 * when full), 全体人员 says whom it reaches before sending, a registration is cancelled before the
 * start, a fully returned lending offers no 归还, the new-article page is titled 新增, and 入库's
 * supplier field is labelled. Each test makes records of its own with names no other test uses.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const unique = () => String(Date.now() % 1_000_000);
const HOUR = 3_600_000;

/** A greyed button naming why: disabled, its reason as its description and its hover text. */
async function expectGreyedWith(button: Locator, why: string) {
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(why);
  await expect(button).toHaveAttribute('title', why);
}

/** Saves a document of 纯棉床单 in 中心库房 (no other test counts that stock); its number. */
async function saveDocument(page: Page, kind: '入库单' | '借用单', quantity: string, party: string) {
  await page.getByRole('button', { name: `新增${kind}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `新增${kind}` });
  await expect(dialog.getByLabel('仓库').locator('option', { hasText: '中心库房' })).toHaveCount(1);
  await dialog.getByLabel('仓库').selectOption({ label: '中心库房' });
  if (kind === '入库单') {
    // the supplier field is labelled (issue #42 point 6)
    const supplier = dialog.getByLabel('供应商', { exact: true });
    await expect(supplier.locator('option').nth(1)).toBeAttached();
    await supplier.selectOption({ index: 1 });
  } else await dialog.getByLabel('借用人').fill(party);
  await dialog.getByLabel('物品1').selectOption({ label: '纯棉床单' });
  await dialog.getByLabel('数量').fill(quantity);
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog).toBeHidden();
  const saved = toast(page, `${kind}`);
  await expect(saved).toContainText('已保存');
  const docNo = /([A-Z]{2}\d{11})/.exec(String(await saved.textContent()))?.[1];
  expect(docNo, 'the toast names the document').toBeTruthy();
  return String(docNo);
}

test('a red-punched 入库单 names why 冲红 is greyed, and so does its 冲红单', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`/index.html#${WarehouseScreens.stockIn}`);
  const docNo = await saveDocument(page, '入库单', '2', '');
  const list = page.getByTestId('resource-list-storageStore');
  const row = list.getByRole('group', { name: docNo, exact: true });
  await expect(row.getByRole('button', { name: '冲红', exact: true })).toBeEnabled();
  await row.getByRole('button', { name: '冲红', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '冲红', exact: true }).click();
  await expect(toast(page, '已冲红')).toBeVisible();
  await expectGreyedWith(row.getByRole('button', { name: '冲红', exact: true }), '该单据已冲红');
  const red = list.getByRole('group', { name: `${docNo}H`, exact: true });
  await expectGreyedWith(red.getByRole('button', { name: '冲红', exact: true }), '冲红单不能再冲红');
  await page.screenshot({ path: '.tmp/shot-say-why-red-punch.png' });
});

test('a fully returned lending offers no 归还; one still out does', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`/index.html#${WarehouseScreens.stockIn}`);
  await saveDocument(page, '入库单', '2', '');
  await page.goto(`/index.html#${WarehouseScreens.lend}`);
  const borrower = `借用${unique()}`;
  const docNo = await saveDocument(page, '借用单', '2', borrower);
  const list = page.getByTestId('resource-list-storageLend');
  // the row's action cell is a group named by its number; the grid's row is named by its cells
  const row = list.getByRole('group', { name: docNo, exact: true });
  const cells = list.getByRole('row', { name: new RegExp(`^${docNo} `) });

  // one of two back: still 归还
  const giveBack = async (quantity: string) => {
    await row.getByRole('button', { name: '归还', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `归还 ${docNo}` });
    await dialog.getByLabel('纯棉床单归还数量').fill(quantity);
    await dialog.getByRole('button', { name: '归还', exact: true }).click();
    await expect(dialog).toBeHidden();
  };
  await giveBack('1');
  await expect(cells).toHaveAccessibleName(/ 部分归还 /);
  await expect(row.getByRole('button', { name: '归还', exact: true })).toBeEnabled();
  // the last one back: nothing left to return, no 归还 at all
  await giveBack('1');
  await expect(cells).toHaveAccessibleName(/ 已归还 /);
  await expect(row.getByRole('button', { name: '归还', exact: true })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '打印', exact: true })).toBeVisible();
});

test('a full activity says 名额已满 on 报名; a registration is cancelled before the start and frees its place', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const token = await tokenOf(page);
  const activityName = `说明活动${unique()}`;
  const now = Date.now();
  // the department of the seed's activities is the one with residents to register
  const seeded = (await call(page, token, 'GET', `${ActivityPaths.activities}?activityName=重阳节联欢会`))
    .list as { deptId: number }[];
  const made = await call(page, token, 'POST', ActivityPaths.activities, {
    activityName,
    deptId: seeded[0]?.deptId,
    activityType: '1',
    activityPlace: '二楼活动室',
    organiser: '王建国',
    registerStart: localDateTime(now - HOUR),
    registerEnd: localDateTime(now + HOUR),
    startTime: localDateTime(now + 2 * HOUR),
    endTime: localDateTime(now + 3 * HOUR),
    capacity: 1,
    content: '书法练习',
  });
  await page.goto(
    `/index.html#${AdministrationScreens.activityRegisterDetail}?activityId=${String(made.activityId)}`,
  );
  const detail = page.getByTestId('page-activity-register-detail');
  await expect(detail.getByTestId('activity-name')).toHaveText(activityName);
  const register = detail.getByRole('button', { name: '报名', exact: true });
  await expect(register).toBeEnabled();
  await register.click();
  const dialog = page.getByRole('dialog', { name: '活动报名' });
  const elder = dialog.locator('select');
  await expect(elder.locator('option').nth(1)).toBeAttached();
  await elder.selectOption({ index: 1 });
  const oldmanName = String(await elder.locator('option:checked').textContent()).replace(/（.*$/, '');
  await dialog.getByRole('button', { name: '确定报名' }).click();
  await expect(dialog).toBeHidden();

  // the one place is taken: 报名 is greyed and says so, beside it and as its description
  await expect(detail.getByTestId('activity-places-left')).toHaveText('0');
  await expectGreyedWith(register, '名额已满');
  await expect(detail.getByText('名额已满', { exact: true })).toBeVisible();
  await page.screenshot({ path: '.tmp/shot-say-why-full.png' });

  // the list's 报名 says the same
  await page.goto(`/index.html#${AdministrationScreens.activity}`);
  const listRow = page.getByTestId('page-activity').getByRole('group', { name: activityName, exact: true });
  await expectGreyedWith(listRow.getByRole('button', { name: '报名', exact: true }), '名额已满');

  // 取消报名 before the start: the place is free again and 报名 is offered
  await page.goto(
    `/index.html#${AdministrationScreens.activityRegisterDetail}?activityId=${String(made.activityId)}`,
  );
  const registration = detail.getByRole('group', { name: oldmanName, exact: true });
  await registration.getByRole('button', { name: '取消报名', exact: true }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(`确定取消“${oldmanName}”的报名吗？`);
  await ask.getByRole('button', { name: '取消报名', exact: true }).click();
  await expect(toast(page, '已取消报名')).toBeVisible();
  await expect(detail.getByTestId('activity-places-left')).toHaveText('1');
  await expect(registration).toHaveCount(0);
  await expect(register).toBeEnabled();
});

test('全体人员 says whom an announcement reaches before it is sent', async ({ page }) => {
  await signIn(page, ADMIN);
  const token = await tokenOf(page);
  const reach = noticeReachAnswer.parse(await call(page, token, 'GET', AdminPaths.noticeReach));
  // the demo home has staff without accounts: the narrowing is real and must be said
  expect(reach.staffWithAccount).toBeLessThan(reach.staff);
  await page.goto(`/index.html#${AdministrationScreens.notice}`);
  await page.getByTestId('page-notices').getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const everyone = dialog.getByRole('radio', { name: '全体人员' });
  await expect(everyone).toBeChecked();
  const said = dialog.getByTestId('addressed-reach');
  await expect(said).toHaveText(reachText(reach));
  await expect(said).toContainText(`${reach.staff} 名员工中 ${reach.staffWithAccount} 人有账号，可收到消息`);
  await expect(everyone).toHaveAccessibleDescription(reachText(reach));
  await page.screenshot({ path: '.tmp/shot-say-why-everyone.png' });
  // choosing people instead: the list holds accounts only, and says whom it leaves out
  await dialog.getByText('指定人员', { exact: true }).click();
  await expect(said).toHaveCount(0);
  const leftOut = dialog.getByTestId('addressed-left-out');
  await expect(leftOut).toHaveText(
    `另有 ${reach.staff - reach.staffWithAccount} 名员工没有账号，不在名单中，收不到消息`,
  );
  expect(leftOutText(reach)).toBe(await leftOut.textContent());
});

test('an announcement saved without a title marks the field and brings it into view', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`/index.html#${AdministrationScreens.notice}`);
  await page.getByTestId('page-notices').getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('内容').fill('周五下午消防演练');
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog.locator('.bp6-form-group.bp6-intent-danger')).toContainText('标题');
  await expect(dialog.getByLabel('标题')).toBeFocused();
});

test('批量发布 / 批量撤回 say why they are greyed: nothing ticked, or the article that cannot', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto(`/index.html#${EducationScreens.whole}`);
  const publish = page.getByRole('button', { name: '批量发布', exact: true });
  const withdraw = page.getByRole('button', { name: '批量撤回', exact: true });
  await expectGreyedWith(publish, '请先勾选要发布的文章');
  await expectGreyedWith(withdraw, '请先勾选要撤回的文章');
  // one article ticked: the action its state does not take names it and its state
  const row = page.getByTestId('resource-table').getByRole('group').first();
  const title = String(await row.getAttribute('aria-label'));
  await page.getByRole('checkbox', { name: `选择 ${title}`, exact: true }).check();
  // exactly one of the two is taken by its state; the other names the article and the state
  await expect.poll(async () => (await publish.isDisabled()) && (await withdraw.isDisabled())).toBe(false);
  const greyed = (await publish.isDisabled()) ? publish : withdraw;
  const label = greyed === publish ? '发布' : '撤回';
  await expect(greyed === publish ? withdraw : publish).toBeEnabled();
  await expect(greyed).toBeDisabled();
  await expect(greyed).toHaveAttribute('title', new RegExp(`^《${title}》当前状态为.+，不能${label}$`));
  await expect(greyed).toHaveAccessibleDescription(new RegExp(`不能${label}$`));
});

test('the new-article page is titled 新增, an existing article’s 编辑', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`/index.html#${EducationScreens.ward}`);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const save = page.getByTestId('page-education-save');
  await expect(save.getByRole('heading', { name: '新增科室宣教', level: 4 })).toBeVisible();
  await page.goto(`/index.html#${EducationScreens.ward}`);
  await page.getByRole('button', { name: '编辑', exact: true }).first().click();
  await expect(save.getByRole('heading', { name: '编辑科室宣教', level: 4 })).toBeVisible();
});
