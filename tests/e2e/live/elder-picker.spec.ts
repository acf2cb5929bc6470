import { expect } from '@playwright/test';
import { today } from '../../../domain/clock.js';
import { LiveStatus, ResidencePaths } from '../../../domain/resources/residence.js';
import { idCard } from '../../support/idCards.js';
import { test } from '../fixtures.js';
import { ADMIN, api, signIn } from '../support.js';

/**
 * Issue #23: wherever an elder is picked, two residents of the same name are told apart by their
 * full bed (1号楼1层1103-2床); the choices are in pinyin order and can be narrowed by typing.
 */
const SHOTS = process.env.E2E_SHOTS ? `${process.env.E2E_SHOTS}/` : null;
test.use({ viewport: { width: 1366, height: 768 } });
type Rec = Record<string, unknown>;

test('the outing form tells two residents of the same name apart by their beds', async ({ page }) => {
  await signIn(page, ADMIN, '护理一部');
  const [twin, leaver] = (await api(page, 'GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageSize=2'))
    .list as Rec[];
  const name = String(twin?.oldmanName);
  // a second resident of that name, moved into a free bed of the same department
  const depts = (await api(page, 'GET', '/passport/web-rbac/logins/getDataDeptInfoList')) as unknown as Rec[];
  const deptId = depts.find((d) => d.deptName === '护理一部')?.deptId;
  const { oldmanId } = await api(page, 'POST', '/pims/web-pi/oldmans/proFile', {
    oldmanName: name,
    oldmanIdcard: idCard('1941-03-08', 100 + (Date.now() % 800)),
    deptId,
  });
  // the home is full: another resident moves out and the new one takes the bed
  const status = (id: unknown, to: number) =>
    ResidencePaths.status.replace(':oldmanId', String(id)).replace(':oldmanStatusNew', String(to));
  const day = today();
  await api(page, 'PUT', status(leaver?.oldmanId, LiveStatus.quit), { date: day, note: '回家养老' });
  await api(page, 'PUT', status(oldmanId, LiveStatus.living), { bedId: leaver?.bedId, date: day });
  const mine = (await api(page, 'GET', `/pims/web-pi/oldmans/proFile/${String(oldmanId)}`)) as Rec;
  const bed = String(mine.bedName);
  expect(bed).toMatch(/号楼.+层.+-.+床$/);

  await page.goto('/index.html#/live/Outing/register');
  await page.getByTestId('page-outing-register').getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('resource-form-outing');
  const select = form.getByLabel('外出长者', { exact: true });
  const same = select.locator('option', { hasText: `${name}（` });
  await expect(same).toHaveCount(2);
  const texts = await same.allTextContents();
  expect(texts).toContain(`${name}（${bed}）`);
  expect(texts).toContain(`${name}（${String(twin?.bedName)}）`);
  // in pinyin order, as a clerk looks a name up
  const all = (await select.locator('option').allTextContents()).slice(1);
  const sorted = await page.evaluate(
    (labels) => [...labels].sort(new Intl.Collator('zh-Hans-CN-u-co-pinyin').compare),
    all,
  );
  expect(all).toEqual(sorted);
  // typing the room narrows the choices to that bed's resident
  const room = bed.replace(/^.*层/, '').replace(/-.*$/, '');
  await form.getByLabel('筛选外出长者').fill(room);
  await expect(select.locator('option', { hasText: `${name}（${bed}）` })).toHaveCount(1);
  await expect(select.locator('option', { hasText: String(twin?.bedName) })).toHaveCount(
    String(twin?.bedName).includes(room) ? 1 : 0,
  );
  await select.selectOption({ label: `${name}（${bed}）` });
  await expect(select).toHaveValue(String(oldmanId));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}outing-elder-picker-1366.png` });
});
