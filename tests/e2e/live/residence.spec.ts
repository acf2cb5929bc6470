import { expect, type Locator, type Page } from '@playwright/test';
import { ResidencePaths, residencePath } from '../../../domain/resources/residence.js';
import { test } from '../fixtures.js';
import { ADMIN, api, signIn } from '../support.js';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `.tmp/shot-res-${name}.png`, fullPage: true });
const LIST = '/#/live/live/list';

const table = (page: Page) => page.getByTestId('resource-list-residence').getByTestId('resource-table');
/** A row's 操作 group (the shared table's row mark), named after the elder. */
const row = (page: Page, oldmanId: number) => table(page).getByTestId(`row-${oldmanId}`);
const statusOf = (page: Page, oldmanId: number) => page.getByTestId(`residence-status-${oldmanId}`);
const bedOf = (page: Page, oldmanId: number) => page.getByTestId(`residence-bed-${oldmanId}`);
/** The elders of the rows shown, in order: id and name from each row's 操作 group. */
const shownElders = (page: Page) =>
  table(page)
    .locator('fieldset[data-testid^="row-"]')
    .evaluateAll((marks) =>
      marks.map((m) => ({
        oldmanId: Number(m.getAttribute('data-testid')?.slice('row-'.length)),
        name: m.getAttribute('aria-label') ?? '',
      })),
    );

/** Shows only the rows of one status (or all with ''), and returns the first row's elder. */
async function filterStatus(page: Page, status: string) {
  await page.getByLabel('关键字').fill('');
  await page.getByRole('combobox', { name: '入住状态' }).selectOption({ label: status });
  await page.getByRole('button', { name: '查询' }).click();
  // every row shown has that status
  await expect(table(page).locator('[data-testid^="residence-status-"]').first()).toHaveText(status);
  await expect(
    table(page).locator('[data-testid^="residence-status-"]').filter({ hasNotText: status }),
  ).toHaveCount(0);
  const [first] = await shownElders(page);
  if (!first) throw new Error(`no elder ${status}`);
  return { ...first, bed: (await bedOf(page, first.oldmanId).textContent()) ?? '' };
}

/**
 * Shows one department's elders only (or all with 全部): the elders this test moves stay in 护理一部, so
 * that no change asks about moving them to another department (tests/e2e/live/dept-move.spec.ts).
 */
const filterDept = (page: Page, dept: string) =>
  page.getByRole('combobox', { name: '所属部门' }).selectOption({ label: dept });

/** Finds one elder by name (all statuses) and returns the row. */
async function findElder(page: Page, elder: { oldmanId: number; name: string }) {
  await page.getByRole('combobox', { name: '入住状态' }).selectOption({ label: '全部' });
  await page.getByLabel('关键字').fill(elder.name);
  await page.getByRole('button', { name: '查询' }).click();
  const r = row(page, elder.oldmanId);
  await expect(r).toBeVisible();
  return r;
}

/**
 * Chooses one bed, building → floor → room → bed, by its full name as the list shows it
 * (2号楼3层2307-2床): other tests may have freed beds too, so "the first free one" is not it.
 */
async function pickBed(dialog: Locator, bedPath: string) {
  let rest = bedPath;
  for (const label of ['楼栋', '楼层', '房间', '床位']) {
    const select = dialog.getByLabel(label, { exact: true });
    await expect(select).toBeEnabled();
    await expect(select.locator('option')).not.toHaveCount(1);
    // an option reads 2307（双人间，空1床）: its name is what comes before the note
    const options = (await select.locator('option').allTextContents()).filter((o) => !o.startsWith('请选择'));
    const nameOf = (o: string) => o.replace(/（.*$/, '').trim();
    const option = options
      .filter((o) => nameOf(o) && rest.includes(nameOf(o)))
      .sort(
        (a, b) => rest.indexOf(nameOf(a)) - rest.indexOf(nameOf(b)) || nameOf(b).length - nameOf(a).length,
      )[0];
    if (!option) throw new Error(`no ${label} of ${bedPath} among ${options.join('、')}`);
    await select.selectOption({ label: option });
    rest = rest.slice(rest.indexOf(nameOf(option)) + nameOf(option).length);
  }
}

test('residence: move out, move in, a second elder refused for the same bed, exchange, move out; bed map', async ({
  page,
  context,
}) => {
  // The refusal below is what a console meets when it did not hear of the colleague's check-in: this
  // one gets no residence notice over the push channel (with it, its bed picker drops the bed at once:
  // tests/e2e/live/stale-views.spec.ts).
  await page.routeWebSocket(/\/push$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (!String(m).includes('"dashboard.changed"')) ws.send(m);
    });
  });
  await signIn(page, ADMIN);
  await page.goto(LIST);
  await expect(page.getByTestId('page-residence')).toBeVisible();
  await shot(page, 'list');

  // Move a living elder of 护理一部 out: that bed becomes free.
  await filterDept(page, '护理一部');
  const leaver = await filterStatus(page, '在住');
  await row(page, leaver.oldmanId).getByRole('button', { name: '办理退住' }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByText('退住后床位将释放')).toBeVisible();
  await dialog.getByRole('button', { name: '确认办理退住' }).click();
  await expect(dialog).toHaveCount(0);
  const left = await findElder(page, leaver);
  await expect(left).toBeVisible();
  await expect(statusOf(page, leaver.oldmanId)).toHaveText('已退住');
  await expect(bedOf(page, leaver.oldmanId)).toHaveText('');

  // Two waiting elders; the first staff member chooses the free bed for the second one but waits.
  await filterStatus(page, '待入住');
  const [mover, late] = await shownElders(page);
  if (!mover || !late) throw new Error('two waiting elders expected');
  await filterDept(page, '全部');
  // (an earlier spec may have moved this elder before: the history below grows by this test's steps)
  const recordsBefore = (
    (await api(
      page,
      'GET',
      residencePath(ResidencePaths.record, { oldmanId: mover.oldmanId }),
    )) as unknown as unknown[]
  ).length;
  await row(page, late.oldmanId).getByRole('button', { name: '办理入住' }).click();
  dialog = page.getByRole('dialog');
  await pickBed(dialog, leaver.bed);
  await shot(page, 'checkin-dialog');

  // Meanwhile a colleague moves the other waiting elder into that very bed.
  const colleague = await context.newPage();
  await colleague.goto(LIST);
  await filterDept(colleague, '护理一部');
  await filterStatus(colleague, '待入住');
  await row(colleague, mover.oldmanId).getByRole('button', { name: '办理入住' }).click();
  await pickBed(colleague.getByRole('dialog'), leaver.bed);
  await colleague.getByRole('dialog').getByRole('button', { name: '确认办理入住' }).click();
  await expect(colleague.getByRole('dialog')).toHaveCount(0);
  const moved = await findElder(colleague, mover);
  await expect(moved).toBeVisible();
  await expect(statusOf(colleague, mover.oldmanId)).toHaveText('在住');
  await expect(bedOf(colleague, mover.oldmanId)).toHaveText(leaver.bed);
  await colleague.close();

  // The first one submits: refused, with the server's message, and nothing changes.
  await dialog.getByRole('button', { name: '确认办理入住' }).click();
  await expect(dialog.getByTestId('dialog-error')).toHaveText('该床位已有长者入住');
  await shot(page, 'checkin-refused');
  await dialog.getByRole('button', { name: '取消' }).click();
  await findElder(page, late);
  await expect(statusOf(page, late.oldmanId)).toHaveText('待入住');

  // Exchange the new resident's bed with another resident's.
  let r = await findElder(page, mover);
  await r.getByRole('button', { name: '交换床位' }).click();
  dialog = page.getByRole('dialog');
  const other = dialog.getByLabel('与哪位长者交换', { exact: true });
  await expect(other.locator('option')).not.toHaveCount(1);
  // another resident of 护理一部 (the list's rows name the department, the choices do not)
  const mates = (
    (await api(page, 'GET', `${ResidencePaths.list}?pageHelper=0&oldmanStatuses=1,4`)) as unknown as {
      list: { oldmanId: number; deptName: string }[];
    }
  ).list.filter((e) => e.deptName === '护理一部' && e.oldmanId !== mover.oldmanId);
  const choices = await other
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const mate = mates.find((e) => choices.includes(String(e.oldmanId)));
  if (!mate) throw new Error('another resident of 护理一部 expected');
  await other.selectOption(String(mate.oldmanId));
  const otherText = (await other.locator('option:checked').textContent()) ?? '';
  const otherId = Number(await other.inputValue());
  const otherBed = /（(.+)）$/.exec(otherText)?.[1] ?? '';
  const otherName = otherText.replace(/（.+）$/, '');
  await shot(page, 'exchange-dialog');
  await dialog.getByRole('button', { name: '确认交换' }).click();
  await expect(dialog).toHaveCount(0);
  r = await findElder(page, mover);
  await expect(bedOf(page, mover.oldmanId)).toHaveText(otherBed);
  await findElder(page, { oldmanId: otherId, name: otherName });
  await expect(bedOf(page, otherId)).toHaveText(leaver.bed);

  // Move out; the history shows every step.
  r = await findElder(page, mover);
  await r.getByRole('button', { name: '办理退住' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确认办理退住' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(statusOf(page, mover.oldmanId)).toHaveText('已退住');
  await r.getByRole('button', { name: '入住记录' }).click();
  const records = page.getByTestId('live-records').locator('tbody tr');
  await expect(records).toHaveCount(recordsBefore + 3);
  await expect(records.nth(0)).toContainText('办理退住');
  await expect(records.nth(1)).toContainText('交换床位');
  await expect(records.nth(2)).toContainText('办理入住');
  await shot(page, 'records');
  await page.keyboard.press('Escape');

  // The bed map shows the freed bed; clicking it offers a check-in.
  await page.goto('/#/home/bedInfo');
  await expect(page.getByTestId('map-room').first()).toBeVisible();
  await expect(page.getByTestId('map-legend')).toContainText('空闲');
  const free = page.locator('[data-testid="map-bed"][data-status="0"]');
  if ((await free.count()) === 0) await page.getByRole('button', { name: '2号楼' }).click();
  await expect(free.first()).toBeVisible();
  await shot(page, 'bedmap');
  await free.first().click();
  // a free bed offers 预订 and 办理入住
  await expect(page.getByRole('menuitem', { name: '预订' })).toBeVisible();
  await page.getByRole('menuitem', { name: '办理入住' }).click();
  await expect(page.getByRole('dialog').getByLabel('长者', { exact: true })).toBeVisible();
  await shot(page, 'bedmap-checkin');
});
