import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { Code } from '../../../domain/codes.js';
import { ArticleState } from '../../../domain/statuses/education.js';
import { EducationAuthority as A, IsWard, EducationPaths as P } from '../../../features/education/api.js';
import { call, grantNurse, signInAdmin, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin = '';
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const list = async (token: string, url: string) => (await call(h.app, token, 'GET', url)).body.result as Page;
const one = (id: unknown) => pathWith(P.articleOne, { id: Number(id) });
const depts = async () =>
  (
    await h.app.services.db
      .selectFrom('dept')
      .select('deptId')
      .where('orgId', '=', 1)
      .orderBy('deptId')
      .execute()
  ).map((d) => d.deptId);

async function category(name = '用药指导') {
  const res = await call(h.app, admin, 'POST', P.category, { categoryName: name });
  expect(res.body.code).toBe(0);
  const found = (await list(admin, `${P.category}?categoryName=${encodeURIComponent(name)}`)).list[0];
  return Number(found?.id);
}

async function article(body: Rec) {
  const res = await call(h.app, admin, 'POST', P.article, { summary: '摘要', ...body });
  expect(res.body.code, res.body.msg).toBe(0);
  const found = (
    await list(admin, `${P.article}?title=${encodeURIComponent(String(body.title))}&pageHelper=0`)
  ).list[0];
  return found as Rec;
}

const HOSTILE = [
  '<h3>降压药怎么吃</h3><p><strong>按时</strong>服用，<em>不要</em>自行停药。</p>',
  '<script>alert(1)</script>',
  '<p onclick="alert(2)" style="color:red">点我</p>',
  '<a href="javascript:alert(3)">坏链接</a><a href="https://www.nhc.gov.cn">国家卫健委</a>',
  '<img src="https://example.org/a.png" onerror="alert(4)"><img src="/files/images/a.png">',
  '<iframe src="https://evil.example"></iframe><svg><script>alert(5)</script></svg>',
].join('');

describe('健康宣教: articles are sanitised on the server', () => {
  it('stores formatting and drops scripts, handlers, javascript: URLs and foreign images', async () => {
    const categoryId = await category();
    const saved = await article({
      title: '降压药服用须知',
      categoryId,
      isWard: IsWard.whole,
      content: HOSTILE,
    });
    const html = String(((await call(h.app, admin, 'GET', one(saved.id))).body.result as Rec).content);
    expect(html).toContain('<h3>降压药怎么吃</h3>');
    expect(html).toContain('<strong>按时</strong>');
    expect(html).toContain('<em>不要</em>');
    expect(html).toContain('href="https://www.nhc.gov.cn"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('<img src="https://example.org/a.png" />');
    expect(html).toContain('<img src="/files/images/a.png" />');
    for (const gone of ['<script', 'alert', 'onclick', 'onerror', 'javascript:', 'style=', '<iframe', '<svg'])
      expect(html).not.toContain(gone);
  });

  it('refuses, rather than drops, an image it may not keep (issue #42 point 2), and stores nothing', async () => {
    const categoryId = await category();
    for (const [content, msg] of [
      [
        '<p>看图</p><img src="data:image/png;base64,AAAA">',
        '正文中有1张图片尚未上传（粘贴的内嵌图片），请删除后重新粘贴或用“图片”按钮插入',
      ],
      [
        '<img src="x" onerror="alert(4)"><img src="http://example.org/b.png"><img src="/files/images/a.png">',
        '正文中有2张图片的地址不可用，图片须为本平台上传的图片或 https 地址',
      ],
    ]) {
      const res = await call(h.app, admin, 'POST', P.article, {
        title: '带图文章',
        categoryId,
        isWard: IsWard.whole,
        content,
      });
      expect(res.body).toMatchObject({ code: Code.invalidInput, msg });
    }
    expect(
      (await list(admin, `${P.article}?title=${encodeURIComponent('带图文章')}&pageHelper=0`)).list,
    ).toEqual([]);
  });

  it('refuses an article whose text is nothing but what the sanitiser removes', async () => {
    const categoryId = await category();
    const res = await call(h.app, admin, 'POST', P.article, {
      title: '空文章',
      categoryId,
      isWard: IsWard.whole,
      content: '<script>alert(1)</script>',
    });
    expect(res.body).toMatchObject({ code: Code.invalidInput, msg: '请填写正文' });
  });
});

describe('健康宣教: categories, sorting, publishing, isWard', () => {
  it('serves the category calls: list, detail, edit, sort and delete (refused while in use)', async () => {
    const a = await category('甲类');
    const b = await category('乙类');
    expect((await call(h.app, admin, 'GET', pathWith(P.categoryOne, { id: a }))).body.result).toMatchObject({
      categoryName: '甲类',
    });
    const dup = await call(h.app, admin, 'POST', P.category, { categoryName: '甲类' });
    expect(dup.body).toMatchObject({ code: Code.conflict, msg: '分类名称“甲类”已存在' });
    expect(
      (await call(h.app, admin, 'PUT', P.category, { id: b, categoryName: '乙类（新）' })).body.code,
    ).toBe(0);
    const sorted = await call(
      h.app,
      admin,
      'PUT',
      pathWith(P.categorySort, { ids: `${a},${b}`, indexes: '20,10' }),
    );
    expect(sorted.body.result).toEqual({ changed: 2 });
    const names = (await list(admin, `${P.category}?pageHelper=0`)).list.map((c) => c.categoryName);
    expect(names.indexOf('乙类（新）')).toBeLessThan(names.indexOf('甲类'));
    const mismatch = await call(
      h.app,
      admin,
      'PUT',
      pathWith(P.categorySort, { ids: `${a},${b}`, indexes: '1' }),
    );
    expect(mismatch.body).toMatchObject({ code: Code.invalidInput, msg: '编号与排序号数量不一致' });
    await article({ title: '占用分类', categoryId: a, isWard: IsWard.whole, content: '<p>正文</p>' });
    const inUse = await call(h.app, admin, 'DELETE', pathWith(P.categoryOne, { id: a }));
    expect(inUse.body.code).toBe(Code.conflict);
    expect((await call(h.app, admin, 'DELETE', pathWith(P.categoryOne, { id: b }))).body.code).toBe(0);
  });

  it('publishes, withdraws and republishes through the machine; refuses the rest and changes nothing', async () => {
    const categoryId = await category();
    const x = await article({ title: '文章甲', categoryId, isWard: IsWard.whole, content: '<p>甲</p>' });
    const y = await article({ title: '文章乙', categoryId, isWard: IsWard.whole, content: '<p>乙</p>' });
    expect(x.state).toBe(ArticleState.draft);
    const state = (ids: string, s: number) =>
      call(h.app, admin, 'PUT', pathWith(P.articleState, { ids, state: s }));
    expect((await state(String(x.id), 2)).body).toMatchObject({
      code: Code.actionRefused,
      msg: '宣教文章“文章甲”当前状态为草稿，不能撤回',
    });
    expect((await state(`${x.id},${y.id}`, 1)).body.result).toEqual({ changed: 2 });
    const published = (await call(h.app, admin, 'GET', one(x.id))).body.result as Rec;
    expect(published).toMatchObject({ state: ArticleState.published });
    expect(published.publishTime).toBeTruthy();
    expect((await state(String(x.id), 1)).body.code).toBe(Code.actionRefused);
    expect((await state(String(x.id), 3)).body.code).toBe(Code.invalidInput);
    const removePublished = await call(h.app, admin, 'DELETE', one(x.id));
    expect(removePublished.body.msg).toMatch(/已发布，请先撤回再删除/);
    expect((await state(String(x.id), 2)).body.result).toEqual({ changed: 1 });
    // one refusal refuses the whole batch: 乙 stays published
    expect((await state(`${x.id},${y.id}`, 2)).body.code).toBe(Code.actionRefused);
    expect(((await call(h.app, admin, 'GET', one(y.id))).body.result as Rec).state).toBe(
      ArticleState.published,
    );
    expect((await state(String(x.id), 1)).body.result).toEqual({ changed: 1 });
    const sorted = await call(
      h.app,
      admin,
      'PUT',
      pathWith(P.articleSort, { ids: `${x.id},${y.id}`, indexes: '9,1' }),
    );
    expect(sorted.body.result).toEqual({ changed: 2 });
    const titles = (await list(admin, `${P.article}?isWard=0&pageHelper=0`)).list.map((r) => r.title);
    expect(titles.indexOf('文章乙')).toBeLessThan(titles.indexOf('文章甲'));
    expect(
      (
        await call(h.app, admin, 'PUT', P.article, {
          id: y.id,
          title: '文章乙（修订）',
          categoryId,
          isWard: 0,
          content: '<p>乙</p>',
        })
      ).body.code,
    ).toBe(0);
    expect(
      (
        await call(h.app, admin, 'PUT', P.article, {
          id: y.id,
          title: '文章乙',
          categoryId,
          isWard: 1,
          content: '<p>乙</p>',
        })
      ).body.msg,
    ).toBe('不能更改宣教范围');
  });

  it('keeps department articles (isWard 1) in their department; whole-home ones reach everyone', async () => {
    const [first = 0, second = 0] = await depts();
    const categoryId = await category();
    const noWard = await call(h.app, admin, 'POST', P.article, {
      title: '缺科室',
      categoryId,
      isWard: IsWard.ward,
      content: '<p>x</p>',
    });
    expect(noWard.body.msg).toBe('请选择科室');
    const mine = await article({
      title: '一部宣教',
      categoryId,
      isWard: IsWard.ward,
      wardId: first,
      content: '<p>x</p>',
    });
    const theirs = await article({
      title: '二部宣教',
      categoryId,
      isWard: IsWard.ward,
      wardId: second,
      content: '<p>y</p>',
    });
    const whole = await article({ title: '全院宣教', categoryId, isWard: IsWard.whole, content: '<p>z</p>' });
    expect(whole.wardId).toBeNull();
    // the restricted nurse holds the second department only
    const nurse = await grantNurse(h.app, 'education', [A.group, A.ward, A.whole, A.edit, A.publish]);
    const wardTitles = (await list(nurse, `${P.article}?isWard=1&pageHelper=0`)).list.map((r) => r.title);
    expect(wardTitles).toContain('二部宣教');
    expect(wardTitles).not.toContain('一部宣教');
    expect((await list(nurse, `${P.article}?isWard=0&pageHelper=0`)).list.map((r) => r.title)).toContain(
      '全院宣教',
    );
    expect((await call(h.app, nurse, 'GET', one(mine.id))).body.code).toBe(Code.deptNotAllowed);
    expect(
      (await call(h.app, nurse, 'PUT', pathWith(P.articleState, { ids: String(mine.id), state: 1 }))).body
        .code,
    ).toBe(Code.deptNotAllowed);
    expect((await call(h.app, nurse, 'GET', one(theirs.id))).body.code).toBe(0);
    const wholeOnly = await grantNurse(h.app, 'education', [A.group, A.whole]);
    expect((await call(h.app, wholeOnly, 'GET', `${P.article}?isWard=1`)).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, wholeOnly, 'POST', P.article, {})).body.code).toBe(Code.noAuthority);
    expect(
      (await call(h.app, wholeOnly, 'PUT', pathWith(P.articleState, { ids: String(whole.id), state: 1 })))
        .body.code,
    ).toBe(Code.noAuthority);
    expect((await call(h.app, wholeOnly, 'POST', P.category, { categoryName: '无权' })).body.code).toBe(
      Code.noAuthority,
    );
    expect(
      (await call(h.app, wholeOnly, 'PUT', pathWith(P.articleSort, { ids: String(whole.id), indexes: '1' })))
        .body.code,
    ).toBe(Code.noAuthority);
  });

  it('seeds categories and articles on a fresh start', async () => {
    expect((await list(admin, `${P.category}?pageHelper=0`)).total).toBeGreaterThanOrEqual(4);
    const published = await list(admin, `${P.article}?isWard=0&state=1&pageHelper=0`);
    expect(published.list.map((r) => r.title)).toContain('预防跌倒，从这五件小事做起');
  });
});
