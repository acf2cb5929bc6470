import { expect, type Page } from '@playwright/test';
import { type ArticleState, articleStateNames } from '../../../domain/statuses/education.js';
import { IsWard, EducationPaths as P, EducationScreens as S } from '../../../features/education/api.js';
import {
  type ArticleEvent,
  articleEvents,
  articleMachine,
  articleStateOf,
} from '../../../machines/articleMachine.js';
import { can } from '../../../machines/can.js';
import { fillPath } from '../../../src/resource/listQuery.js';
import { call, type Rec, tokenOf } from '../drivers/common.js';
import { type ListScreen, narrowTo, toast } from '../drivers/workflowList.js';
import { ADMIN, signIn } from '../support.js';

/**
 * The education article machine's driver for the generated path tests (`npm run paths -- article
 * --transitions --format playwright`). Each path writes a draft of its own for the whole house
 * through the API (the editor has its own test); 发布 and 撤回 are the row's buttons on 全院宣教. Each
 * state is read from the server and from the row: its state and exactly the buttons the machine
 * offers there.
 */
export interface ArticleCtx {
  token: string;
  id: number;
  title: string;
}

const list: ListScreen = { url: `/index.html#${S.whole}`, testId: 'page-education-whole' };
const byTitle = (ctx: ArticleCtx) => ({ filter: '标题', param: 'title', value: ctx.title });
const events = Object.keys(articleEvents) as ArticleEvent['type'][];

let seq = 0;

export const driver = {
  async start(page: Page): Promise<ArticleCtx> {
    await signIn(page, ADMIN);
    const token = await tokenOf(page);
    const [category] = (await call(page, token, 'GET', `${P.category}?pageHelper=0`)).list as Rec[];
    if (!category) throw new Error('the seed has no article category');
    seq += 1;
    const title = `路径宣教${(Date.now() % 1_000_000) + seq}`;
    const made = await call(page, token, 'POST', P.article, {
      title,
      categoryId: category.id,
      isWard: IsWard.whole,
      content: '<p>路径测试：起床时先坐一会儿再站起，预防体位性低血压。</p>',
    });
    return { token, id: Number(made.id), title };
  },

  async send(page: Page, ctx: ArticleCtx, event: ArticleEvent) {
    const { row } = await narrowTo(page, list, byTitle(ctx), ctx.id);
    const { label } = articleEvents[event.type];
    await row.getByRole('button', { name: label, exact: true }).click();
    await expect(toast(page, `${label}成功`)).toBeVisible();
  },

  async check(page: Page, ctx: ArticleCtx, state: unknown) {
    const article = await call(page, ctx.token, 'GET', fillPath(P.articleOne, [ctx.id]));
    expect(articleStateOf(article.state), JSON.stringify(article)).toBe(state);
    const { table, row } = await narrowTo(page, list, byTitle(ctx), ctx.id);
    const code = Number(article.state) as (typeof ArticleState)[keyof typeof ArticleState];
    await expect(table.getByText(articleStateNames[code], { exact: true })).toBeVisible();
    for (const type of events)
      await expect(row.getByRole('button', { name: articleEvents[type].label, exact: true })).toHaveCount(
        can(articleMachine, String(state), type) ? 1 : 0,
      );
  },
};
