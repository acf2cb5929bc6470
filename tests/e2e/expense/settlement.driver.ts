import { expect, type Page } from '@playwright/test';
import { today as homeToday } from '../../../domain/clock.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { COST } from '../../../features/expense/api.js';
import type { SettlementEvent } from '../../../machines/settlementMachine.js';
import {
  call,
  moveElder,
  openSettle,
  residentWithMoney,
  revokeSettlement,
  settleAtCheckout,
  settleRecord,
  tokenOf,
} from '../drivers/common.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The settlement machine's driver for the generated path tests (`npm run paths -- settlement
 * --format playwright`): moving out and back are residence calls (their own screens have their own
 * tests); settling and revoking are done on the 退住结算 screen, and each state is read there.
 */
export interface SettlementCtx {
  token: string;
  oldmanId: number;
  oldmanName: string;
}

export const driver = {
  /** Signs in and picks a resident with no money yet; gives them a prepayment and a deposit. */
  async start(page: Page): Promise<SettlementCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    // moved out today, the home's day (Asia/Shanghai, the server's clock): from 16:00 UTC the UTC date is
    // a day behind, and a move-out before a check-in made today is refused
    const today = homeToday();
    return {
      token,
      ...(await residentWithMoney(page, token, { prepaidFen: 120000, depositFen: 300000 }, today)),
    };
  },

  async send(page: Page, ctx: SettlementCtx, event: SettlementEvent) {
    switch (event.type) {
      case 'LEAVE':
        await moveElder(page, ctx.token, ctx.oldmanId, LiveStatus.quit, '路径测试：退住');
        return;
      case 'RETURN':
        await moveElder(page, ctx.token, ctx.oldmanId, LiveStatus.waiting, '路径测试：重新入住');
        return;
      case 'SETTLE':
        return settleAtCheckout(page, ctx);
      case 'REVOKE':
        return revokeSettlement(page, ctx);
      default: {
        const unknown: never = event;
        throw new Error(`the settlement driver does not know ${JSON.stringify(unknown)}`);
      }
    }
  },

  /** Each state as the 退住结算 screen shows it. */
  async check(page: Page, ctx: SettlementCtx, state: unknown) {
    // 待结算 rows are the elders' (row-{oldmanId}); only the open tab's list is on the page
    const row = page.getByTestId('page-expense-settle').getByTestId(`row-${ctx.oldmanId}`);
    switch (state) {
      case 'inResidence': {
        const { rows } = await openSettle(page, '待结算', ctx.oldmanName);
        expect(rows.map((r) => r.oldmanId)).not.toContain(ctx.oldmanId);
        await expect(row).toHaveCount(0);
        return;
      }
      case 'awaiting':
        await openSettle(page, '待结算', ctx.oldmanName);
        await expect(row).toBeVisible();
        await expect(row.getByRole('button', { name: '结算' })).toBeVisible();
        return;
      case 'settled': {
        await openSettle(page, '结算记录', ctx.oldmanName);
        await expect((await settleRecord(page, ctx.oldmanId)).status).toContainText('已结算');
        // everything the elder had was paid out: the account shows nothing left
        const account = await call(page, ctx.token, 'GET', `${COST}/account/${ctx.oldmanId}`);
        expect(account).toMatchObject({ prestore: 0, deposit: 0, receivable: 0 });
        return;
      }
      default:
        throw new Error(`the settlement driver cannot check ${String(state)}`);
    }
  },
};
