import { expect, type Page, type Route } from '@playwright/test';
import { SessionPaths } from '../../../domain/api/sessionPaths.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { LiveStatus, ResidencePaths, residencePath } from '../../../domain/resources/residence.js';
import { bedOffer } from '../../../features/live/residence/bedOffer.js';
import { residenceEvents } from '../../../machines/residenceMachine.js';
import { type SettleInEvent, type SettleInKind, settleInSteps } from '../../../machines/settleInMachine.js';
import { call, freeBed, moveElder, newElder, type Rec, tokenOf } from '../drivers/common.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The settle-in machine's driver for the generated path tests:
 *   npx tsx scripts/paths.ts settleIn --transitions --without settleIn.pickBed,settleIn.setDate
 *     --format playwright --out tests/e2e/live/settleIn.paths.spec.ts
 * 20 paths, under a minute. --transitions, as --shortest (14 paths) never takes 办理失败 or 办理下一位:
 * both lead back to a state already reached. Left out (all of it is 249 paths; either event kept alone,
 * 70 or 75), because each multiplies every later state by its samples and what it walks is walked
 * elsewhere or is a value passed through:
 * - settleIn.pickBed (选择床位; samples: a bed, none): choosing a bed on 楼栋 → 楼层 → 房间 → 床位 is
 *   walked by settle-in.spec.ts for a 待入住 elder (the bed taken meanwhile refused, another chosen and
 *   moved into). Here a 待入住 elder stops at 床位与日期 with 下一步 greyed (walked), and the reserved
 *   elder goes on with the bed kept for them, on which the step stands.
 * - settleIn.setDate (填写入住日期; samples: none, a day): the day stays the page's, today, and is
 *   checked where it shows. A day left empty (下一步 greyed, the hint) is walked by no test.
 * Still walked: both kinds (办理入住, 办理试住) to 完成 and to a refusal, 上一步 from 床位与日期 and
 * from 确认办理, another elder chosen before and after 上一步, 办理下一位.
 *
 * Each path has two elders of its own (common.ts newElder, then 登记待入住 through the API): a 待入住
 * one for the model's elder without a reservation, and one in 预订 on the last free bed of the house
 * for the model's reserved elder (the model's bed is that bed). The first path signs in on the login
 * page; later ones bring the session it left into their new browser. Events are settleIn.html's
 * selects and buttons (a long list of elders is narrowed by typing the name first, as a clerk does).
 * 确认办理 sends the residence change and it is held on its way, so 提交中 is seen; the next event
 * answers it: 办理成功 lets it through to the server; 办理失败 first has another clerk cancel the
 * reservation (取消预订, through the API), then lets it through, and the server really refuses the
 * move-in. Each state is checked as seen (the step marked current, the elders offered and the one
 * chosen, the bed, kind and day, which buttons there are and whether 下一步 is greyed, the summary,
 * the server's reason, the result) and on the server (nobody moves before 确认办理 is answered; after
 * 完成 the elder is 在住 or 试住 on that bed since today).
 *
 * After each path (this module's afterEach hook) the path's elders are left where no other spec takes
 * its elders from and no bed stays held: one who moved in leaves (已退住, the bed free again), one in
 * 预订 is cancelled, a 待入住 one reserves that bed and cancels, as newElder leaves its elders (已取消).
 */
interface Elder {
  oldmanId: number;
  oldmanName: string;
  /** The bed reserved for them (the reserved elder), else null. */
  reservedBedId: number | null;
}

export interface SettleInCtx {
  token: string;
  /** The model's elder without a reservation. */
  waiting: Elder;
  /** The model's reserved elder. */
  reserved: Elder;
  /** Each bed's full name as the page writes it (1号楼1层101-1床) and its own (1床). */
  beds: Map<number, { full: string; own: string; offer: string }>;
  today: string;
  /** What the page should hold (the machine's context, on the path's own elders and bed). */
  chosen: Elder | null;
  bedId: number | null;
  kind: SettleInKind;
  error: string;
  /** The reservation was cancelled by another clerk (办理失败). */
  cancelled: boolean;
  /** Who moved in (办理成功), how and into which bed. */
  movedIn: { elder: Elder; kind: SettleInKind; bedId: number | null } | null;
  /** 确认办理's residence change, held until the path answers it. */
  held: Route | null;
}

type Step = SettleInEvent | { type: 'checkIn.done' } | { type: 'checkIn.error'; error?: unknown };

type Room = {
  buildingName: string;
  floorName: string;
  roomName: string;
  beds: ({ bedId: number; bedName: string } & Parameters<typeof bedOffer>[0])[];
};

/** The paths' elders, for the clean-up after each path. */
let current: SettleInCtx | null = null;

const kindLabel = (kind: SettleInKind) => residenceEvents[kind].label;

/** Today on the home's clock (the tests run on it, playwright.config.ts), as the page fills the day. */
function todayOf() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const isStatusChange = (url: string) => /\/oldmans\/live\/\d+\/\d+$/.test(new URL(url).pathname);

async function stored(page: Page, ctx: SettleInCtx, elder: Elder) {
  const row = await call(
    page,
    ctx.token,
    'GET',
    residencePath(ResidencePaths.one, { oldmanId: elder.oldmanId }),
  );
  return {
    oldmanStatus: Number(row.oldmanStatus),
    bedId: row.bedId == null ? null : Number(row.bedId),
    checkInDate: (row.checkInDate as string | null) ?? null,
  };
}

/** Where each of the path's elders should be on the server. */
function expectedOnServer(ctx: SettleInCtx, elder: Elder) {
  if (ctx.movedIn?.elder.oldmanId === elder.oldmanId)
    return {
      oldmanStatus: residenceEvents[ctx.movedIn.kind].to,
      bedId: ctx.movedIn.bedId,
      checkInDate: ctx.today,
    };
  if (elder.reservedBedId === null) return { oldmanStatus: LiveStatus.waiting, bedId: null };
  return ctx.cancelled
    ? { oldmanStatus: LiveStatus.cancelled, bedId: null }
    : { oldmanStatus: LiveStatus.reserved, bedId: elder.reservedBedId };
}

async function expectServer(page: Page, ctx: SettleInCtx) {
  for (const elder of [ctx.waiting, ctx.reserved])
    expect(await stored(page, ctx, elder), elder.oldmanName).toMatchObject(expectedOnServer(ctx, elder));
}

/** The model's elder: the one without a reservation, or the reserved one. */
const elderOf = (ctx: SettleInCtx, event: { reservedBedId: number | null }) =>
  event.reservedBedId === null ? ctx.waiting : ctx.reserved;

const elderSelect = (page: Page) => page.getByLabel('长者（待入住、已预订）', { exact: true });
const footer = (page: Page) => page.locator('.settle-in-actions');

/** Waits until the page has sent 确认办理's call (it is held then). */
const sent = (ctx: SettleInCtx) =>
  expect.poll(() => ctx.held !== null, { message: 'the page sends the residence change' }).toBe(true);

function take(ctx: SettleInCtx): Route {
  const route = ctx.held;
  if (!route) throw new Error('no residence change is held');
  ctx.held = null;
  return route;
}

/** An elder of the path: newElder leaves them 已取消; 登记待入住 makes them 待入住 again. */
async function waitingElder(page: Page, token: string, prefix: string): Promise<Elder> {
  const elder = await newElder(page, token, prefix);
  await moveElder(page, token, elder.oldmanId, LiveStatus.waiting, '路径测试：登记待入住');
  return { ...elder, reservedBedId: null };
}

test.afterEach(async ({ page }) => {
  const ctx = current;
  current = null;
  if (!ctx) return;
  const to = (elder: Elder, status: number, body: Rec = {}) =>
    call(
      page,
      ctx.token,
      'PUT',
      residencePath(ResidencePaths.status, { oldmanId: elder.oldmanId, oldmanStatusNew: status }),
      { date: todayOf(), note: '路径测试：清理', ...body },
    );
  // the reserved elder first: their bed is free afterwards, for the other to reserve and cancel
  for (const elder of [ctx.reserved, ctx.waiting]) {
    const { oldmanStatus } = await stored(page, ctx, elder);
    if (oldmanStatus === LiveStatus.living || oldmanStatus === LiveStatus.trial)
      await to(elder, LiveStatus.quit);
    if (oldmanStatus === LiveStatus.waiting)
      await to(elder, LiveStatus.reserved, {
        bedId: ctx.reserved.reservedBedId ?? (await freeBed(page, ctx.token)).bedId,
      });
    if (oldmanStatus === LiveStatus.waiting || oldmanStatus === LiveStatus.reserved)
      await to(elder, LiveStatus.cancelled);
  }
});

/** The console's session, kept from the first path's sign-in (the browser's local storage). */
let session: [string, string][] | null = null;

/**
 * Signed in as the administrator: the first path signs in on the login page; later ones bring the
 * session it left into their new browser (settleIn.html reads it as a clerk's second window does),
 * unless the server no longer knows it. The console's token.
 */
async function signedIn(page: Page): Promise<string> {
  const kept = session && new Map(session).get('pims2.userInfo');
  const token = kept ? String(JSON.parse(kept).token) : '';
  if (session && token) {
    const res = await page.request.get(SessionPaths.proFile, { headers: { authorization: token } });
    if (res.ok() && ((await res.json()) as { code: number }).code === 0) {
      await page.addInitScript((entries) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      }, session);
      return token;
    }
  }
  await signIn(page, ADMIN);
  session = await page.evaluate(() => Object.entries(localStorage));
  return tokenOf(page);
}

export const driver = {
  /** Two elders of the path's own, a free bed reserved for one of them; settleIn.html at 选择长者. */
  async start(page: Page): Promise<SettleInCtx> {
    const token = await signedIn(page);
    const today = todayOf();
    const ctx: SettleInCtx = {
      token,
      waiting: await waitingElder(page, token, '入住路径'),
      reserved: await waitingElder(page, token, '预订路径'),
      beds: new Map(),
      today,
      chosen: null,
      bedId: null,
      kind: 'CHECK_IN',
      error: '',
      cancelled: false,
      movedIn: null,
      held: null,
    };
    current = ctx;
    ctx.reserved.reservedBedId = (await freeBed(page, token)).bedId;
    await call(
      page,
      token,
      'PUT',
      residencePath(ResidencePaths.status, {
        oldmanId: ctx.reserved.oldmanId,
        oldmanStatusNew: LiveStatus.reserved,
      }),
      { bedId: ctx.reserved.reservedBedId, date: today, note: '路径测试：预订' },
    );
    const rooms = (await call(page, token, 'GET', ResidencePaths.bedInfos)) as unknown as Room[];
    for (const r of rooms)
      for (const b of r.beds)
        ctx.beds.set(b.bedId, {
          full: `${r.buildingName}${r.floorName}${r.roomName}-${b.bedName}`,
          own: b.bedName,
          offer: bedOffer(b),
        });
    await page.route(
      (url) => isStatusChange(url.href),
      (route) => {
        if (route.request().method() !== 'PUT') return route.fallback();
        ctx.held = route;
      },
    );
    await page.goto('/settleIn.html');
    await expect(page.getByRole('heading', { name: '入住办理' })).toBeVisible();
    return ctx;
  },

  async send(page: Page, ctx: SettleInCtx, event: Step) {
    switch (event.type) {
      case 'settleIn.pickElder': {
        const elder = elderOf(ctx, event);
        const select = elderSelect(page);
        const option = select.locator('option', { hasText: elder.oldmanName });
        // past a few elders the list has a filter box: the clerk types the name first
        const filter = page.getByLabel('筛选长者（待入住、已预订）');
        await expect(filter.or(option).first()).toBeAttached();
        if (await filter.isVisible()) await filter.fill(elder.oldmanName);
        await expect(option).toBeAttached();
        await select.selectOption(String(elder.oldmanId));
        ctx.chosen = elder;
        ctx.bedId = elder.reservedBedId;
        ctx.error = '';
        return;
      }
      case 'settleIn.setKind':
        await page.getByLabel('办理方式').selectOption(event.kind);
        ctx.kind = event.kind;
        return;
      case 'settleIn.next':
        await footer(page).getByRole('button', { name: '下一步' }).click();
        return;
      case 'settleIn.back':
        await footer(page).getByRole('button', { name: '上一步' }).click();
        ctx.error = '';
        return;
      case 'settleIn.submit':
        await footer(page)
          .getByRole('button', { name: `确认${kindLabel(ctx.kind)}` })
          .click();
        return sent(ctx);
      case 'checkIn.done':
        await take(ctx).continue();
        if (ctx.chosen) ctx.movedIn = { elder: ctx.chosen, kind: ctx.kind, bedId: ctx.bedId };
        return;
      case 'checkIn.error': {
        const elder = ctx.chosen;
        if (elder?.reservedBedId == null)
          throw new Error('only a reserved elder reaches 确认办理 without 选择床位 (left out)');
        // meanwhile another clerk cancels the reservation: the server refuses the move-in
        await moveElder(page, ctx.token, elder.oldmanId, LiveStatus.cancelled, '路径测试：家属取消预订');
        ctx.cancelled = true;
        const answered = page.waitForResponse(
          (res) => isStatusChange(res.url()) && res.request().method() === 'PUT',
        );
        await take(ctx).continue();
        const body = (await (await answered).json()) as { code: number; msg: string };
        expect(body.code, body.msg).not.toBe(0);
        // the reason names what happened meanwhile
        expect(body.msg).toContain(dictLabel('liveStatus', LiveStatus.cancelled));
        ctx.error = body.msg;
        return;
      }
      case 'settleIn.restart':
        await page.getByRole('button', { name: '办理下一位' }).click();
        Object.assign(ctx, { chosen: null, bedId: null, kind: 'CHECK_IN', error: '' });
        return;
      case 'settleIn.pickBed':
      case 'settleIn.setDate':
        throw new Error(`${event.type} is left out of the settle-in paths: see the top of this driver`);
      default: {
        const unknown: never = event;
        throw new Error(`the settle-in driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  async check(page: Page, ctx: SettleInCtx, state: unknown) {
    const shown = state === 'submitting' ? 'confirm' : String(state);
    const index = settleInSteps.findIndex((s) => s.state === shown);
    if (index < 0) throw new Error(`the settle-in driver cannot check ${String(state)}`);
    await expect(page.getByRole('list', { name: '办理步骤' }).locator('[aria-current="step"]')).toHaveText(
      `${index + 1}. ${settleInSteps[index]?.label}`,
    );
    const back = footer(page).getByRole('button', { name: '上一步' });
    const next = footer(page).getByRole('button', { name: '下一步' });
    const submit = footer(page).locator('button', { hasText: `确认${kindLabel(ctx.kind)}` });
    await expect(back).toHaveCount(shown === 'bed' || shown === 'confirm' ? 1 : 0);
    await expect(next).toHaveCount(shown === 'elder' || shown === 'bed' ? 1 : 0);
    await expect(submit).toHaveCount(shown === 'confirm' ? 1 : 0);
    const bed = ctx.bedId === null ? undefined : ctx.beds.get(ctx.bedId);
    const bedName = bed?.full ?? '';
    switch (state) {
      case 'elder': {
        const select = elderSelect(page);
        // the path's elders are offered until one of them moved in or lost the reservation; the
        // filter box, once the clerk typed in it, leaves only the names it matches and the chosen one
        const filter = page.getByLabel('筛选长者（待入住、已预订）');
        const typed = (await filter.count()) ? await filter.inputValue() : '';
        for (const elder of [ctx.waiting, ctx.reserved]) {
          const offered =
            ctx.movedIn?.elder.oldmanId !== elder.oldmanId && !(elder.reservedBedId && ctx.cancelled);
          const listed =
            offered && (elder.oldmanName.includes(typed.trim()) || ctx.chosen?.oldmanId === elder.oldmanId);
          const status = dictLabel(
            'liveStatus',
            elder.reservedBedId === null ? LiveStatus.waiting : LiveStatus.reserved,
          );
          const option = select.locator('option', { hasText: elder.oldmanName });
          if (listed) await expect(option).toHaveText(new RegExp(`^${elder.oldmanName}（.*） · ${status}$`));
          else await expect(option).toHaveCount(0);
        }
        await expect(select).toHaveValue(ctx.chosen ? String(ctx.chosen.oldmanId) : '');
        if (ctx.chosen) await expect(next).toBeEnabled();
        else await expect(next).toBeDisabled();
        break;
      }
      case 'bed': {
        const elder = ctx.chosen;
        if (!elder) throw new Error('床位与日期 without an elder');
        await expect(page.getByTestId('settle-elder')).toHaveText(elder.oldmanName);
        const step = page.getByRole('region', { name: '床位与日期' });
        if (elder.reservedBedId === null) await expect(step).not.toContainText('已预订床位');
        else await expect(step).toContainText('（已预订床位，可更换）');
        await expect(page.getByLabel('床位', { exact: true })).toHaveValue(
          ctx.bedId === null ? '' : String(ctx.bedId),
        );
        if (ctx.bedId !== null)
          await expect(page.getByLabel('床位', { exact: true }).locator('option:checked')).toHaveText(
            `${bed?.own}${ctx.bedId === elder.reservedBedId ? '（已预订）' : ''}${bed?.offer ? `（${bed.offer}）` : ''}`,
          );
        await expect(page.getByLabel('办理方式')).toHaveValue(ctx.kind);
        await expect(page.getByLabel('入住日期')).toHaveValue(ctx.today);
        if (ctx.bedId !== null) await expect(next).toBeEnabled();
        else await expect(next).toBeDisabled();
        break;
      }
      case 'confirm':
      case 'submitting': {
        const summary = page.getByTestId('settle-summary');
        await expect(summary.locator('dd')).toHaveText([
          ctx.chosen?.oldmanName ?? '',
          bedName,
          kindLabel(ctx.kind),
          ctx.today,
        ]);
        const error = page.getByTestId('settle-error');
        if (ctx.error) {
          await expect(error).toContainText('办理失败');
          await expect(error).toContainText(ctx.error);
        } else await expect(error).toHaveCount(0);
        if (state === 'submitting') {
          await expect(submit).toHaveClass(/bp6-loading/);
          expect(ctx.held, 'the residence change is on its way').not.toBeNull();
        } else {
          await expect(submit).toBeEnabled();
          await expect(submit).not.toHaveClass(/bp6-loading/);
          expect(ctx.held).toBeNull();
        }
        break;
      }
      case 'done': {
        const elder = ctx.chosen;
        if (!elder) throw new Error('完成 without an elder');
        await expect(
          page.getByRole('heading', { name: `${elder.oldmanName} 已${kindLabel(ctx.kind)}` }),
        ).toBeVisible();
        await expect(page.getByText(`${bedName}，${ctx.today} 起`)).toBeVisible();
        await expect(page.getByRole('button', { name: '办理下一位' })).toBeVisible();
        await expect(page.getByRole('link', { name: '收取押金与预存款' })).toHaveAttribute(
          'href',
          `/index.html#/expense/accountDetail?oldmanId=${elder.oldmanId}`,
        );
        break;
      }
      default:
        throw new Error(`the settle-in driver cannot check ${String(state)}`);
    }
    await expectServer(page, ctx);
  },
};
