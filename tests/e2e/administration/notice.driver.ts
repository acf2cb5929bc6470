import { expect, type Page } from '@playwright/test';
import { AdminPaths as P } from '../../../domain/api/administration.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { type NoticeEvent, noticeStatusOf, noticeWorkflow } from '../../../machines/noticeMachine.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { call, tokenOf } from '../drivers/common.js';
import { expectOffered, type ListScreen, narrowTo, rowAction } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The announcement machine's driver for the generated path tests (`npm run paths -- notice
 * --transitions --format playwright`). Each path writes a draft of its own through the API,
 * addressed to the signed-in administrator alone (a path that ends withdrawn leaves no one's bell
 * showing it); 发布 and 撤回 are the row's buttons on 公告管理 with their confirmation. Each state is
 * read from the server and from the row: its status, 发布 and 撤回 enabled exactly where the machine
 * takes them, and 阅读回执 once it was published.
 */
export interface NoticeCtx {
  token: string;
  noticeId: number;
  title: string;
}

const list: ListScreen = { url: '/index.html#/administration/notice', testId: 'page-notices' };
/** The row's buttons by event, as the notice definition names them. */
const buttons = { 'notice.publish': '发布', 'notice.withdraw': '撤回' };
const byTitle = (ctx: NoticeCtx) => ({ filter: '标题', param: 'title', value: ctx.title });

let seq = 0;

export const driver = {
  async start(page: Page): Promise<NoticeCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const me = await page.evaluate(
      () => JSON.parse(localStorage.getItem('pims2.userInfo') ?? '{}').userId as number,
    );
    seq += 1;
    const title = `路径公告${(Date.now() % 1_000_000) + seq}`;
    const made = await call(page, token, 'POST', P.notices, {
      title,
      content: '路径测试：本周五下午消防演练，请各班组准时参加。',
      recipientIds: [me],
    });
    return { token, noticeId: Number(made.noticeId), title };
  },

  async send(page: Page, ctx: NoticeCtx, event: NoticeEvent) {
    const { row } = await narrowTo(page, list, byTitle(ctx), ctx.noticeId);
    await rowAction(page, row, buttons[event.type]);
  },

  async check(page: Page, ctx: NoticeCtx, state: unknown) {
    const notice = await call(page, ctx.token, 'GET', fillPath(P.notice, [ctx.noticeId]));
    expect(noticeWorkflow.stateOf(notice), JSON.stringify(notice)).toBe(state);
    const { table, row } = await narrowTo(page, list, byTitle(ctx), ctx.noticeId);
    await expect(
      table.getByText(dictLabel('noticeStatus', noticeStatusOf(notice)), { exact: true }),
    ).toBeVisible();
    await expectOffered(row, noticeWorkflow, notice, buttons);
    await expect(row.getByRole('button', { name: '阅读回执', exact: true })).toHaveCount(
      state === 'draft' ? 0 : 1,
    );
  },
};
