import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { dictLabel } from '../../../domain/dictionaries.js';
import { OUTING_BASE } from '../../../domain/resources/outing.js';
import {
  type OutingEvent,
  type OutingEventType,
  offeredOutingEvents,
  outingEvents,
  outingFieldsOf,
  outingSnapshot,
  unregistered,
} from '../../../machines/outingMachine.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { e2eDataDir } from '../realtime.js';
import { ADMIN, selectElder, signIn } from '../support.js';

/**
 * The outing machine's driver for the generated path tests (`npm run paths -- outing
 * --transitions --format playwright`). Every event is done on the 外出登记 and 外出审核 screens as a person does
 * it; the register event carries whether the home audits outings, so the driver sets 审核配置 to
 * that for the registration and puts it back. Each state is read from the server and from the
 * status and buttons of the elder's row.
 */
export interface OutingCtx {
  token: string;
  oldmanId: number;
  oldmanName: string;
}

/**
 * A resident who never went out and wears no watch or band: the map tests follow wearers, and the
 * other screens' tests take the first residents of the list, so this takes the last one.
 */
function freshResident(): { oldmanId: number; oldmanName: string } {
  const conn = new Database(join(e2eDataDir, 'eldercare.sqlite'), { readonly: true, fileMustExist: true });
  const row = conn
    .prepare(
      `select o.oldmanId, o.oldmanName from oldman o
       where o.orgId = 1 and o.oldmanStatus = 1
         and not exists (select 1 from oldmanOut x where x.oldmanId = o.oldmanId)
         and not exists (select 1 from device d where d.oldmanId = o.oldmanId and d.kind in ('watch', 'band'))
         and (select count(*) from oldman n where n.orgId = 1 and n.oldmanName = o.oldmanName) = 1
       order by o.oldmanId desc limit 1`,
    )
    .get() as { oldmanId: number; oldmanName: string } | undefined;
  conn.close();
  if (!row) throw new Error('no resident left who never went out');
  return row;
}

const screens = {
  register: { url: '/index.html#/live/Outing/register', testId: 'page-outing-register' },
  audit: { url: '/index.html#/live/Outing/audit', testId: 'page-outing-audit' },
} as const;
const stepsOn: Record<keyof typeof screens, OutingEventType[]> = {
  register: ['outing.affirm', 'outing.postpone', 'outing.return', 'outing.cancel'],
  audit: ['outing.pass', 'outing.decline'],
};

async function open(page: Page, screen: keyof typeof screens) {
  await page.goto(screens[screen].url);
  const root = page.getByTestId(screens[screen].testId);
  // an empty list shows 暂无数据 instead of the table
  await expect(root.getByTestId('resource-table').or(root.getByText('暂无数据')).first()).toBeVisible();
  return root;
}

/** The elder's open outing (or the last one), as the server has it. */
async function stored(page: Page, ctx: OutingCtx) {
  const list = (await call(page, ctx.token, 'GET', `${OUTING_BASE}?pageHelper=0`)).list as Rec[];
  return list
    .filter((o) => Number(o.oldmanId) === ctx.oldmanId)
    .sort((a, b) => Number(b.outId) - Number(a.outId))[0];
}

/** What each step's dialog asks for. */
const notes: Partial<Record<OutingEventType, string>> = {
  'outing.pass': '同意，按时返院',
  'outing.decline': '近期血压不稳，暂缓外出',
  'outing.postpone': '家属要求多住一晚',
  'outing.cancel': '家属改期',
  'outing.return': '精神良好',
};

/** Sets 审核配置 to audit outings or not while `step` runs, and puts it back. */
async function withOutingAudit(
  page: Page,
  ctx: OutingCtx,
  auditRequired: boolean,
  step: () => Promise<void>,
) {
  const config = await call(page, ctx.token, 'GET', '/pims/web-org/checkConfig');
  await call(page, ctx.token, 'PUT', '/pims/web-org/checkConfig', {
    ...config,
    outingCheck: auditRequired ? 1 : 0,
  });
  try {
    await step();
  } finally {
    await call(page, ctx.token, 'PUT', '/pims/web-org/checkConfig', config);
  }
}

const register = (page: Page, ctx: OutingCtx, auditRequired: boolean) =>
  withOutingAudit(page, ctx, auditRequired, async () => {
    const screen = await open(page, 'register');
    await screen.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByTestId('resource-form-outing');
    await selectElder(form.getByLabel('外出长者', { exact: true }), ctx.oldmanName);
    await form.getByLabel('外出事由', { exact: true }).selectOption({ label: '就医' });
    await form.getByLabel('外出地点').fill('市第一人民医院');
    await form.getByLabel('陪同人', { exact: true }).fill('王建国');
    await form.getByLabel('陪同人电话').fill('13912345678');
    await form.getByLabel('与长者关系').selectOption({ label: '儿子' });
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toHaveCount(0);
  });

/** 编辑 on the elder's row: the plan comes back an hour later than it was. */
async function edit(page: Page, ctx: OutingCtx, auditRequired: boolean) {
  const before = await stored(page, ctx);
  if (!before) throw new Error(`${ctx.oldmanName} has no outing to edit`);
  const later = new Date(`${String(before.expectedReturnTime).replace(' ', 'T')}Z`);
  later.setUTCHours(later.getUTCHours() + 1);
  const value = later.toISOString().slice(0, 16); // a datetime-local input's value, as stored (no zone)
  await withOutingAudit(page, ctx, auditRequired, async () => {
    const screen = await open(page, 'register');
    await screen
      .getByRole('group', { name: ctx.oldmanName })
      .getByRole('button', { name: '编辑', exact: true })
      .click();
    const form = page.getByTestId('resource-form-outing');
    await form.getByLabel('预计返院时间').fill(value);
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form).toHaveCount(0);
  });
  const after = await stored(page, ctx);
  expect(String(after?.expectedReturnTime)).toContain(value.replace('T', ' '));
}

export const driver = {
  async start(page: Page): Promise<OutingCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    return { token, ...freshResident() };
  },

  async send(page: Page, ctx: OutingCtx, event: OutingEvent) {
    const type: OutingEventType = event.type;
    if (event.type === 'outing.register') return register(page, ctx, event.auditRequired);
    if (event.type === 'outing.edit') return edit(page, ctx, event.auditRequired);
    const screen = stepsOn.audit.includes(type) ? 'audit' : 'register';
    if (!stepsOn[screen].includes(type)) throw new Error(`the outing driver does not know ${type}`);
    const root = await open(page, screen);
    const label = outingEvents[type].label;
    await root
      .getByRole('group', { name: ctx.oldmanName })
      .getByRole('button', { name: label, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: label });
    // Blueprint's close button, read in Chinese (src/ui/chineseLabels.ts)
    await expect(dialog.getByRole('button', { name: '关闭', exact: true })).toBeVisible();
    const note = notes[type];
    if (note) await dialog.getByRole('textbox', { name: /意见|原因|情况|备注/ }).fill(note);
    await dialog.getByRole('button', { name: outingEvents[type].confirm, exact: true }).click();
    await expect(dialog).toHaveCount(0);
  },

  /**
   * The stored outing is in the machine's state; the 外出登记 row shows its status and offers
   * exactly the machine's steps of that screen, and the 待审核 tab lists it only while pending.
   */
  async check(page: Page, ctx: OutingCtx, state: unknown) {
    const row = await stored(page, ctx);
    const fields = row ? outingFieldsOf(row) : unregistered;
    if (!fields) throw new Error(`unknown outing status ${String(row?.outStatus)}`);
    expect(outingSnapshot(fields).matches(state as never), JSON.stringify(fields)).toBe(true);

    const register = await open(page, 'register');
    const group = register.getByRole('group', { name: ctx.oldmanName });
    if (fields.outStatus === null) {
      await expect(group).toHaveCount(0);
      return;
    }
    await expect(
      register.getByTestId('resource-table').getByText(dictLabel('outStatus', fields.outStatus)).first(),
    ).toBeVisible();
    const offered = offeredOutingEvents(fields);
    for (const type of stepsOn.register)
      await expect(
        group.getByRole('button', { name: outingEvents[type].label, exact: true }),
        `${outingEvents[type].label} in ${String(state)}`,
      ).toHaveCount(offered.includes(type) ? 1 : 0);

    const audit = await open(page, 'audit');
    await expect(audit.getByRole('tab', { name: '待审核' })).toHaveAttribute('aria-selected', 'true');
    await expect(audit.getByRole('group', { name: ctx.oldmanName })).toHaveCount(state === 'pending' ? 1 : 0);
  },
};
