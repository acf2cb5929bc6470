import { expect, type Page } from '@playwright/test';
import { LEVEL_CHANGE_REFUSAL } from '../../../domain/resources/oldman.js';
import { AssessmentPaths } from '../../../features/care/api/assessment.js';
import { CarePaths } from '../../../features/care/api/care.js';
import { ADOPT_NEEDS_AUTHORITY, AssessmentScreens } from '../../../features/care/resources/assessment.js';
import { scale2023 } from '../../../features/care/scales/gbt42195.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { narrowTo, toast } from '../drivers/workflowList.js';
import { test } from '../fixtures.js';
import { ADMIN, HEAD_NURSE, NURSE, signIn } from '../support.js';

/**
 * One care level, the elder's, dated (issue #37 point 1). The head nurse (hushizhang01, the 护士长 preset:
 * 采纳评估建议, 修改护理等级) adopts a finished assessment's suggestion; the plan and the
 * archive then show the new level, and the archive's 修改记录 says who, when and from which
 * assessment. The demo nurse finds 采纳建议 greyed, saying why, is refused by the server, and cannot
 * change the level on the archive.
 */
test.use({ viewport: { width: 1366, height: 768 } });

const SHOTS = process.env.E2E_SHOTS ? '.tmp' : null;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/care-level-${name}.png`, fullPage: false });
};

/** The server's day (its process and this one share the machine's clock and zone). */
const serverDay = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** B.1 and B.2 at their worst, the rest at their best: 43 points, 重度失能 — suggests 全护理. */
const heavy = Object.fromEntries(
  scale2023.sections.flatMap((s) =>
    s.items.map((i) => {
      const values = i.options.map((o) => o.value);
      const worst = s.code === 'B.1' || s.code === 'B.2';
      return [i.code, s.scored && !s.lowerIsBetter && !worst ? Math.max(...values) : Math.min(...values)];
    }),
  ),
);

const records = { url: `/index.html#${AssessmentScreens.record}`, testId: 'page-assessment-records' };

/** The administrator's token, signed in through the API: she makes the records a test starts from. */
async function adminToken(page: Page) {
  const login = await page.request.post('/passport/web-rbac/logins/login', {
    data: { loginName: ADMIN.loginName, loginPassword: ADMIN.password },
  });
  return String(((await login.json()) as { result: { token: string } }).result.token);
}

/**
 * A resident of 护理一部 (the nurse's department) at 半护理 with no assessment or plan yet, the `nth`
 * from the end of the list, and a submitted 2023 assessment of her (重度失能), made by the
 * administrator through the API.
 */
async function assessedElder(page: Page, token: string, nth: number) {
  const elders = (await call(page, token, 'GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0'))
    .list as Rec[];
  const assessed = (await call(page, token, 'GET', `${AssessmentPaths.list}?pageHelper=0`)).list as Rec[];
  const planned = (await call(page, token, 'GET', `${CarePaths.plan}?pageHelper=0`)).list as Rec[];
  const busy = new Set([...assessed, ...planned].map((r) => Number(r.oldmanId)));
  const free = elders.filter(
    (e) => e.deptName === '护理一部' && e.nursingLevel === '半护理' && !busy.has(Number(e.oldmanId)),
  );
  const elder = free.at(-nth) as Rec;
  expect(elder, 'a resident of 护理一部 at 半护理').toBeTruthy();
  const causes = (await call(page, token, 'GET', AssessmentPaths.causeAlias)) as unknown as Rec[];
  const saved = await call(page, token, 'POST', AssessmentPaths.finalSubmit2023, {
    oldmanId: elder.oldmanId,
    causeId: causes[0]?.causeId,
    assessDate: serverDay(),
    answers: heavy,
  });
  return {
    oldmanId: Number(elder.oldmanId),
    oldmanName: String(elder.oldmanName),
    assessmentId: Number(saved.assessmentId),
  };
}

test('the head nurse adopts an assessment’s suggestion: the plan and the archive show the new level, 修改记录 says who and from which assessment', async ({
  page,
}) => {
  expect(scale2023.grade(heavy)).toMatchObject({ total: 43, final: 3 });
  const token = await adminToken(page);
  const elder = await assessedElder(page, token, 1);
  const today = serverDay();
  // her care plan, made before: it shows her level and keeps none of its own
  const plan = await call(page, token, 'POST', CarePaths.plan, {
    planName: `${elder.oldmanName}护理计划`,
    oldmanId: elder.oldmanId,
    startDate: today,
  });
  // the head nurse of 护理一部 and 护理二部 takes it from here
  await signIn(page, HEAD_NURSE, '护理一部');
  await page.goto(`/index.html#/careplan/nursing/Edit?planId=${plan.planId}`);
  await expect(page.getByTestId('plan-level')).toContainText('护理等级：半护理');

  // 评估记录: her assessment offers 采纳建议
  const { row } = await narrowTo(
    page,
    records,
    { filter: '长者', param: 'oldmanId', value: String(elder.oldmanId) },
    elder.assessmentId,
  );
  await row.getByRole('button', { name: '采纳建议', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '采纳评估建议' });
  await expect(dialog.getByTestId('adopt-level')).toHaveText('全护理');
  await expect(dialog.getByTestId('adopt-ability')).toHaveText('重度失能');
  await expect(dialog.getByRole('row', { name: /护理等级/ })).toContainText('半护理');
  await expect(dialog.getByLabel('生效日期')).toHaveValue(today);
  await shot(page, 'adopt-dialog');
  await dialog.getByRole('button', { name: '采纳', exact: true }).click();
  await expect(toast(page, `已采纳：${elder.oldmanName}自${today}起护理等级为全护理`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // adopted once: the row says from when, its button greyed with the reason
  const adopted = row.getByRole('button', { name: '采纳建议', exact: true });
  await expect(adopted).toBeDisabled();
  await expect(adopted).toHaveAttribute('title', `已采纳，${today}起生效`);

  // the plan shows the elder's new level, dated
  await page.goto(`/index.html#/careplan/nursing/Edit?planId=${plan.planId}`);
  const level = page.getByTestId('plan-level');
  await expect(level).toContainText(`护理等级：全护理（自${today}起）`);
  await shot(page, 'plan');
  await level.getByRole('button', { name: '查看长者档案' }).click();

  // the archive: 健康信息 shows both levels; 修改记录 names who, when and the assessment
  const archive = page.getByTestId('page-archive-detail');
  const health = archive.getByRole('region', { name: '健康信息' });
  await expect(health.locator('dd[data-field="nursingLevel"]')).toHaveText('全护理');
  await expect(health.locator('dd[data-field="selfCareAbility"]')).toHaveText('重度失能');
  await archive.getByRole('tab', { name: '修改记录' }).click();
  const first = archive.getByTestId('modify-records').locator('tbody tr').first();
  await expect(first).toContainText(HEAD_NURSE.loginName);
  await expect(first).toContainText('采纳评估建议');
  await expect(first).toContainText('护理等级：半护理 → 全护理');
  await expect(first).toContainText('→ 重度失能');
  await expect(first).toContainText(
    `依据老年人能力评估（2023版）（评估日期${today}，评估编号${elder.assessmentId}，评估员王建国`,
  );
  await expect(first).toContainText(`自${today}起生效`);
  await expect(first.locator('td').first()).toContainText(today);
  await shot(page, 'modify-records');
});

test('the demo nurse cannot change the billed level: 采纳建议 greyed saying why, the server refuses, the archive’s level fields greyed', async ({
  page,
}) => {
  // the administrator's assessment of a resident of the nurse's department
  const elder = await assessedElder(page, await adminToken(page), 2);

  await signIn(page, NURSE, '护理一部');
  const { row } = await narrowTo(
    page,
    records,
    { filter: '长者', param: 'oldmanId', value: String(elder.oldmanId) },
    elder.assessmentId,
  );
  const adopt = row.getByRole('button', { name: '采纳建议', exact: true });
  await expect(adopt).toBeDisabled();
  await expect(adopt).toHaveAttribute('title', ADOPT_NEEDS_AUTHORITY);
  await shot(page, 'nurse-records');
  // the same call from her console is refused
  const refused = await page.request.fetch(AssessmentPaths.adopt, {
    method: 'PUT',
    headers: { authorization: await tokenOf(page) },
    data: { assessmentId: elder.assessmentId, effectiveDate: serverDay() },
  });
  expect(((await refused.json()) as { code: number }).code).toBe(401);

  // the archive: 编辑 健康信息 shows 护理等级 and 能力等级 greyed, saying why
  await page.goto(`/index.html#/live/archives/detail?oldmanId=${elder.oldmanId}`);
  const health = page.getByTestId('page-archive-detail').getByRole('region', { name: '健康信息' });
  await expect(health.locator('dd[data-field="nursingLevel"]')).toHaveText('半护理');
  await health.getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑健康信息' });
  await expect(dialog.getByLabel('护理等级')).toBeDisabled();
  await expect(dialog.getByLabel('能力等级')).toBeDisabled();
  await expect(dialog.getByText(LEVEL_CHANGE_REFUSAL).first()).toBeVisible();
  await shot(page, 'nurse-health');
  // what she may edit there still saves
  await dialog.getByLabel('常去医院').fill('市第一人民医院');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(health.locator('dd[data-field="hospital"]')).toHaveText('市第一人民医院');
  await expect(health.locator('dd[data-field="nursingLevel"]')).toHaveText('半护理');
});
