import { expect, type Page } from '@playwright/test';
import { dictLabel } from '../../../domain/dictionaries.js';
import { DrugScreens as S } from '../../../domain/screens.js';
import { DrugApi as P, type RoundAnswer, type RoundDose } from '../../../features/drugs/api.js';
import { type MedicationDoseEvent, medicationDoseWorkflow } from '../../../machines/medicationDoseMachine.js';
import { offers } from '../../../machines/workflow.js';
import { homeDay } from '../care/nursingPlan.driver.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { ADMIN, NURSE, signIn } from '../support.js';

/**
 * The medication dose machine's driver for the generated path tests (`npm run paths --
 * medicationDose --transitions --format playwright`), and the helpers of medication-round.spec.ts.
 * Each path gives a resident of the nurse's department (护理一部) a drug of its own name, ten tablets
 * of it in custody and a schedule of it from today (administrator's calls: the nurse edits neither),
 * then signs the nurse in: her 今日用药 holds the path's doses. 服药, 拒服 and 暂停 are the dose's
 * buttons (已服, 拒服, 暂停) on the floor of the elder's bed, with their dialogs; each state is read
 * from the server and from the row: its state (and reason), the buttons shown exactly while 待服.
 */
export interface RoundCtx {
  token: string;
  setId: number;
  floorId: number;
  floorName: string;
  oldmanName: string;
  drugId: number;
  drugName: string;
}

let seq = 0;

/** An administrator's token, for what the nurse may not do (register custody, write a schedule). */
async function adminToken(page: Page) {
  const res = await page.request.post('/passport/web-rbac/logins/login', {
    data: { loginName: ADMIN.loginName, loginPassword: ADMIN.password },
  });
  const body = (await res.json()) as { code: number; msg: string; result: { token: string } };
  expect(body.code, body.msg).toBe(0);
  return body.result.token;
}

/**
 * Signs the nurse in and gives one of her residents (with a bed) a drug of its own, `kept` units of
 * it in custody and a schedule of `dose` at `useTimes`: answers where the doses are on 今日用药.
 */
export async function nurseWithSchedule(
  page: Page,
  schedule: { dose: number; useTimes: string[]; kept: number },
): Promise<RoundCtx> {
  await signIn(page, NURSE);
  const token = await tokenOf(page);
  const residents = (await call(page, token, 'GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageHelper=0'))
    .list as Rec[];
  const withBed = residents.filter((r) => r.bedId != null);
  seq += 1;
  // a different resident for each path of a run, the drug's name its own
  const elder = withBed[(Date.now() + seq) % withBed.length];
  if (!elder) throw new Error('the nurse has no resident with a bed');
  const admin = await adminToken(page);
  const drugName = `巡视药${(Date.now() % 1_000_000) + seq}片`;
  const drug = await call(page, admin, 'POST', P.dict, { drugName, unit: '片', drugSpec: '10mg×30片' });
  await call(page, admin, 'POST', P.keep, {
    oldmanId: elder.oldmanId,
    drugId: drug.drugId,
    quantity: schedule.kept,
    expiryDate: `${Number(homeDay().slice(0, 4)) + 1}-12-31`,
    handedBy: '王建国',
  });
  const set = await call(page, admin, 'POST', P.set, {
    oldmanId: elder.oldmanId,
    drugId: drug.drugId,
    dose: schedule.dose,
    timesPerDay: schedule.useTimes.length,
    useTimes: schedule.useTimes.join(','),
    startDate: homeDay(),
    setStatus: 1,
  });
  const setId = Number(set.setId);
  const all = (await call(page, token, 'GET', P.round)) as unknown as RoundAnswer;
  const dose = all.list.find((d) => d.setId === setId);
  const floor = all.floors.find((f) => f.floorId === dose?.floorId);
  if (!dose || !floor) throw new Error(`no dose of ${drugName} on the nurse's round`);
  return {
    token,
    setId,
    floorId: floor.floorId,
    floorName: floor.floorName,
    oldmanName: String(elder.oldmanName),
    drugId: Number(drug.drugId),
    drugName,
  };
}

/** The dose of the path's schedule at `slot` as the server has it. */
export async function storedDose(page: Page, ctx: RoundCtx, slot: string): Promise<RoundDose> {
  const answer = (await call(
    page,
    ctx.token,
    'GET',
    `${P.round}?floorId=${ctx.floorId}`,
  )) as unknown as RoundAnswer;
  const dose = answer.list.find((d) => d.setId === ctx.setId && d.slot === slot);
  if (!dose) throw new Error(`no dose of ${ctx.drugName} at ${slot} on ${ctx.floorName}`);
  return dose;
}

/** The name a dose's row and buttons carry: 张秀英 巡视药123片 08:00. */
export const doseName = (ctx: RoundCtx, slot: string) => `${ctx.oldmanName} ${ctx.drugName} ${slot}`;

/** 今日用药 on the elder's floor: the row of the dose at `slot`. */
export async function doseRow(page: Page, ctx: RoundCtx, slot: string) {
  const screen = page.getByTestId('page-medication-round');
  if (!(await screen.isVisible())) await page.goto(`/index.html#${S.round}`);
  // the floor's tab reads 1号楼 3层 待服 4: its whole name, then its count
  const floor = screen.getByRole('tab', { name: new RegExp(`^${ctx.floorName} 待服 \\d+$`) });
  if ((await floor.getAttribute('aria-selected')) !== 'true') await floor.click();
  await expect(floor).toHaveAttribute('aria-selected', 'true');
  const row = screen.locator(`[data-dose="${doseName(ctx, slot)}"]`);
  await expect(row).toBeVisible();
  return row;
}

const SLOT = '08:00';

export const driver = {
  start: (page: Page) => nurseWithSchedule(page, { dose: 2, useTimes: [SLOT], kept: 10 }),

  async send(page: Page, ctx: RoundCtx, event: MedicationDoseEvent) {
    const row = await doseRow(page, ctx, SLOT);
    const name = doseName(ctx, SLOT);
    const dialog = page.getByRole('dialog');
    if (event.type === 'dose.give') {
      await row.getByRole('button', { name: `已服 ${name}`, exact: true }).click();
      await dialog.getByRole('button', { name: '确定服药' }).click();
    } else {
      const verb = event.type === 'dose.refuse' ? '拒服' : '暂停';
      await row.getByRole('button', { name: `${verb} ${name}`, exact: true }).click();
      await dialog.getByRole('button', { name: event.reason, exact: true }).click();
      await dialog.getByRole('button', { name: `确定${verb}` }).click();
    }
    await expect(dialog).toHaveCount(0);
    await expect(row).not.toHaveAttribute('data-state', '0');
  },

  async check(page: Page, ctx: RoundCtx, state: unknown) {
    const stored = await storedDose(page, ctx, SLOT);
    expect(medicationDoseWorkflow.stateOf(stored), JSON.stringify(stored)).toBe(state);
    const row = await doseRow(page, ctx, SLOT);
    await expect(row).toHaveAttribute('data-state', String(stored.doseState));
    const given = stored.quantity !== null ? ` ${stored.quantity}${stored.unit}` : '';
    const reason = stored.reason ? `（${stored.reason}）` : '';
    await expect(row.getByTestId('dose-state')).toHaveText(
      `${dictLabel('drugDoseState', stored.doseState)}${given}${reason}`,
    );
    await expect(row.getByTestId('dose-rest')).toHaveText(`余 ${stored.restQuantity}片`);
    const pending = offers(medicationDoseWorkflow, stored, 'dose.give');
    const name = doseName(ctx, SLOT);
    for (const label of ['已服', '拒服', '暂停'])
      await expect(row.getByRole('button', { name: `${label} ${name}`, exact: true }), label).toHaveCount(
        pending ? 1 : 0,
      );
  },
};
