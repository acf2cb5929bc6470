import { expect, type Page } from '@playwright/test';
import { today } from '../../../domain/clock.js';
import { ageOn } from '../../../domain/idCard.js';
import { idCard } from '../../support/idCards.js';
import { test } from '../fixtures.js';
import { FRONT_DESK, signIn } from '../support.js';

const SHOTS = process.env.E2E_SHOTS ? '.tmp' : null;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/consult-${name}.png`, fullPage: true });
};

type Rec = Record<string, unknown>;

// an office screen: the lists' operation column is in view without scrolling
test.use({ viewport: { width: 1920, height: 1080 } });

/** A GET of the API with the page's session. */
async function api(page: Page, url: string): Promise<Rec> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').token);
  const res = await page.request.get(url, { headers: { authorization: token } });
  const body = (await res.json()) as { code: number; result: Rec };
  expect(body.code).toBe(0);
  return body.result;
}

/** The day `n` days after `day` (YYYY-MM-DD). */
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

test('consultations: the ID-card check warns of an existing elder; a consultation is registered and becomes a profile', async ({
  page,
}) => {
  // the front desk registers consultations and turns them into profiles (README "演示账号")
  await signIn(page, FRONT_DESK, '护理一部');
  const living = (
    (await api(page, '/pims/web-pi/oldmans?oldmanStatuses=1&pageSize=1')).list as Rec[]
  )[0] as Rec;
  const card = idCard('1943-07-15', 24);

  await page.goto('/index.html#/live/consult/base');
  const screen = page.getByTestId('page-consult');
  await expect(screen.getByText('暂无数据')).toBeVisible();
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('长者身份证号').fill(String(living.oldmanIdcard));
  await dialog.getByRole('button', { name: '核验' }).click();
  await expect(dialog.getByTestId('idcard-check-warning')).toHaveText(
    `该身份证号已有档案：${String(living.oldmanName)}（在住）`,
  );
  await shot(page, 'check');
  await dialog.getByLabel('长者身份证号').fill(card);
  await dialog.getByRole('button', { name: '核验' }).click();
  const form = dialog.getByTestId('resource-form-consultation');
  await expect(form.getByLabel('身份证号')).toHaveValue(card);
  // the checked number has already filled what it fixes (the hint says so), the department is the
  // one in use, and 接待人员 offers the staff
  await expect(form.getByLabel('出生日期')).toHaveValue('1943-07-15');
  await expect(form.getByLabel('性别', { exact: true })).toHaveValue('1');
  await expect(form.getByLabel('年龄')).toHaveValue(String(ageOn('1943-07-15', today())));
  await expect(form.getByLabel('所属部门', { exact: true }).locator('option:checked')).toHaveText('护理一部');
  await expect(
    form.getByLabel('接待人员', { exact: true }).locator('option', { hasText: '王建国' }),
  ).toHaveCount(1);
  await form.getByLabel('接待人员', { exact: true }).selectOption({ label: '王建国' });
  await form.getByLabel('长者姓名').fill('孙玉梅');
  await form.getByLabel('咨询人姓名').fill('孙强');
  await form.getByLabel('与长者关系').selectOption({ label: '儿子' });
  await form.getByLabel('咨询人电话').fill('13611112222');
  await form.getByLabel('入住意向').selectOption({ label: '高' });
  await form.getByLabel('月预算（元）').fill('4500');
  // the day the family plans to move in: offered again when the bed is booked
  const planned = addDays(today(), 12);
  await form.getByLabel('预计入住日期').fill(planned);
  await shot(page, 'form');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(screen.getByText('孙玉梅')).toBeVisible();
  await expect(screen.getByTestId('resource-table').getByText('跟进中')).toBeVisible();
  await shot(page, 'list');

  // A second check of the same card now finds the open consultation.
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  await dialog.getByLabel('长者身份证号').fill(card);
  await dialog.getByRole('button', { name: '核验' }).click();
  await expect(dialog.getByTestId('idcard-check-warning')).toContainText(
    '该身份证号已有咨询登记：孙玉梅（跟进中',
  );
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toHaveCount(0);

  // Edit one section.
  await screen.getByRole('button', { name: '编辑' }).click();
  await dialog.getByRole('tab', { name: '健康状况' }).click();
  await dialog.getByLabel('疾病情况').fill('高血压');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('健康状况已保存')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();

  // 转为档案 opens the profile prefilled from the consultation.
  await screen.getByRole('button', { name: '转为档案' }).click();
  const add = page.getByTestId('page-consult-archives-add');
  await expect(add.getByLabel('姓名', { exact: true })).toHaveValue('孙玉梅');
  await expect(add.getByLabel('既往病史')).toHaveValue('高血压');
  // the consultation's 接待人员 is the archive's 接待人: nobody picks him again (issue #37 point 2)
  await expect(add.getByLabel('接待人', { exact: true }).locator('option:checked')).toHaveText('王建国');
  await shot(page, 'archives-add');
  await add.getByRole('button', { name: '保存' }).click();
  await expect(add.getByText('孙玉梅的档案已建立')).toBeVisible();
  await shot(page, 'archives-done');

  const found = (await api(page, `/pims/web-pi/oldmans?keyword=${card}`)).list as Rec[];
  expect(found).toMatchObject([
    { oldmanName: '孙玉梅', oldmanStatus: 3, sex: 1, birthday: '1943-07-15', saleName: '王建国' },
  ]);
  // 查看长者档案 opens that elder's profile, not the list
  await add.getByRole('button', { name: '查看长者档案' }).click();
  const profile = page.getByTestId('page-archive-detail');
  await expect(profile).toContainText('孙玉梅');
  await expect(profile).toContainText('1943-07-15');
  // the son who asked is in 家属信息 as the emergency contact: nobody types him again (issue #37 point 2)
  await profile.getByRole('tab', { name: '家属信息' }).click();
  const family = profile.getByTestId('resource-list-oldmanFamily').getByTestId('resource-table');
  await expect(family).toContainText('孙强');
  await expect(family).toContainText('13611112222');
  await expect(family).toContainText('儿子');
  const [son] = (await api(page, `/pims/web-pi/family/list?oldmanId=${found[0]?.oldmanId}`)).list as Rec[];
  expect(son).toMatchObject({ familyName: '孙强', relation: 2, isEmergency: 1 });
  // the consultation stays with her archive: who received the family, the planned day and the budget
  await profile.getByRole('tab', { name: '咨询记录' }).click();
  const origin = profile.getByTestId('resource-detail-consultation');
  await expect(origin).toContainText('王建国');
  await expect(origin).toContainText(planned);
  await expect(origin).toContainText('4,500');

  // booking a bed offers the consultation's 预计入住日期
  await page.goto('/index.html#/live/live/list');
  const residence = page.getByTestId('resource-list-residence').getByTestId('resource-table');
  await residence.getByTestId(`row-${found[0]?.oldmanId}`).getByRole('button', { name: '预订' }).click();
  const booking = page.getByRole('dialog');
  await expect(booking.getByTestId('planned-date')).toContainText(`咨询登记的预计入住日期：${planned}`);
  await booking.getByTestId('planned-date').getByRole('button', { name: '采用' }).click();
  await expect(booking.locator('#status-date')).toHaveValue(planned);
  await expect(booking.getByTestId('planned-date')).toHaveCount(0);
  await booking.getByRole('button', { name: '取消' }).click();

  await page.goto('/index.html#/live/consult/base');
  await expect(screen.getByTestId('resource-table').getByText('已建档')).toBeVisible();
  await expect(screen.getByRole('button', { name: '转为档案' })).toHaveCount(0);
});

test('interviewers are managed from the consultation list and offered on the form', async ({ page }) => {
  await signIn(page, FRONT_DESK);
  await page.goto('/index.html#/live/consult/base');
  const screen = page.getByTestId('page-consult');
  await screen.getByRole('button', { name: '接待人员' }).click();
  const staff = page.getByTestId('resource-list-interviewer');
  await staff.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('resource-form-interviewer');
  await form.getByLabel('姓名').fill('前台小陈');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(staff.getByText('前台小陈')).toBeVisible();
  await shot(page, 'interviewers');
  await page.keyboard.press('Escape');
  await expect(staff).toHaveCount(0);
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '无身份证号，直接登记' }).click();
  await expect(dialog.getByLabel('接待人员').locator('option', { hasText: '前台小陈' })).toHaveCount(1);
});

test('visits: a visit to an elder is registered and listed', async ({ page }) => {
  await signIn(page, FRONT_DESK);
  await page.goto('/index.html#/live/visit/come');
  const screen = page.getByTestId('page-visit');
  await expect(screen.getByText('暂无数据')).toBeVisible();
  await screen.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('resource-form-visit');
  await form.getByLabel('来访人姓名').fill('吴敏');
  await form.getByLabel('联系电话').fill('13722223333');
  await form.getByLabel('来访人数').fill('2');
  const elder = form.getByLabel('探望长者', { exact: true });
  await expect(elder.locator('option')).not.toHaveCount(1);
  await elder.selectOption({ index: 1 });
  // a choice reads 张桂英（1号楼1层1103-2床）: the list shows the name
  const elderName = ((await elder.locator('option:checked').textContent()) ?? '').replace(/（.*$/, '');
  await form.getByLabel('体温（℃）').fill('36.6');
  await shot(page, 'visit-form');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);
  await expect(screen.getByText('吴敏')).toBeVisible();
  await expect(screen.getByTestId('resource-table').getByText(elderName, { exact: true })).toBeVisible();
  await shot(page, 'visit-list');
  const listed = (await api(page, '/pims/web-org/visit?pageHelper=0')).list as Rec[];
  expect(listed).toMatchObject([{ visitorName: '吴敏', visitorCount: 2, temperature: '36.6' }]);
});
