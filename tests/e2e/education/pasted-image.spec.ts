import { expect, type Page } from '@playwright/test';
import { UploadPaths } from '../../../domain/api/uploads.js';
import { EducationPaths as P } from '../../../features/education/api.js';
import { tokenOf } from '../drivers/common.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

test.use({ viewport: { width: 1366, height: 768 }, permissions: ['clipboard-read', 'clipboard-write'] });

/** A 40×24 picture on the system clipboard, as a screenshot tool leaves it: an image/png, no file. */
async function copyPicture(page: Page) {
  await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 24;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#1f6feb';
    g.fillRect(0, 0, 40, 24);
    g.fillStyle = '#ffd33d';
    g.fillRect(8, 6, 24, 12);
    const png = await new Promise<Blob>((done, fail) =>
      canvas.toBlob((b) => (b ? done(b) : fail(new Error('no png'))), 'image/png'),
    );
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
  });
}

async function newArticle(page: Page, title: string) {
  await page.goto('/index.html#/education/wholeWard/list');
  await page.getByTestId('page-education-whole').getByRole('button', { name: '新增', exact: true }).click();
  const save = page.getByTestId('page-education-save');
  await save.getByLabel('标题').fill(title);
  await save.getByLabel('分类').selectOption({ label: '安全防护' });
  const body = save.getByRole('textbox', { name: '正文' });
  await body.click();
  await page.keyboard.type('洗手七步法如下图：');
  return { save, body };
}

/**
 * 健康宣教 (issue #42 point 2): an image pasted with Ctrl+V is uploaded as a file and kept — in the
 * editor, in the stored article (by its /files/ address) and in the preview, where it loads. A paste
 * whose upload fails says so and inserts nothing; the server refuses an inline (data:) image with a
 * message and stores nothing, rather than dropping it.
 */
test('a pasted image is uploaded, stored by its address and shown after save', async ({ page }) => {
  await signIn(page, ADMIN);
  const title = `洗手图解${Date.now() % 100_000}`;
  const { save, body } = await newArticle(page, title);
  await copyPicture(page);
  await page.keyboard.press('ControlOrMeta+V');
  const pasted = body.locator('img');
  await expect(pasted).toHaveAttribute('src', /^\/files\//);
  await expect.poll(() => pasted.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  await save.getByRole('button', { name: '保存' }).click();

  const list = page.getByTestId('page-education-whole');
  const row = list.getByRole('group', { name: title });
  await row.getByRole('button', { name: '查看' }).click();
  const preview = page.frameLocator('[data-testid="article-preview"]').locator('body');
  const shown = preview.locator('img');
  // the sandboxed preview has no sign-in of its own: the console hands the stored file in
  await expect(shown).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(40);
  await page.screenshot({ path: '.tmp/shots-office/article-pasted-image.png' });
  await page.getByRole('dialog').getByText('关闭', { exact: true }).click();

  // stored: the article names the uploaded file
  const token = await tokenOf(page);
  const res = await page.request.get(`${P.article}?title=${encodeURIComponent(title)}&pageHelper=0`, {
    headers: { authorization: token },
  });
  const stored = ((await res.json()) as { result: { list: { title: string; content: string }[] } }).result
    .list;
  expect(stored.find((a) => a.title === title)?.content).toMatch(/<img src="\/files\/[\w./-]+" \/>/);
});

test('a paste whose upload fails says so; the server refuses an inline image', async ({ page }) => {
  await signIn(page, ADMIN);
  const title = `上传失败${Date.now() % 100_000}`;
  const { save, body } = await newArticle(page, title);
  await page.route(`**${UploadPaths.image}`, (route) =>
    route.fulfill({ json: { code: 10501, msg: '存储空间不足', result: null } }),
  );
  await copyPicture(page);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(save.getByText('粘贴的图片未能上传，未插入正文：存储空间不足')).toBeVisible();
  await expect(body.locator('img')).toHaveCount(0);
  await page.screenshot({ path: '.tmp/shots-office/article-paste-failed.png' });

  // what a browser left inline (a picture dragged in from another page) is refused, not lost
  await body.evaluate((el) => {
    el.insertAdjacentHTML('beforeend', '<img src="data:image/png;base64,iVBORw0KGgo=">');
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await save.getByRole('button', { name: '保存' }).click();
  await expect(save.getByText(/^正文中有1张图片尚未上传（粘贴的内嵌图片）/)).toBeVisible();
  await expect(page.getByTestId('page-education-save')).toBeVisible();

  const token = await tokenOf(page);
  const sent = await page.request.post(P.article, {
    headers: { authorization: token },
    data: { title, categoryId: 1, isWard: 0, content: '<p>看图</p><img src="data:image/png;base64,AAAA">' },
  });
  expect(((await sent.json()) as { msg: string }).msg).toBe(
    '正文中有1张图片尚未上传（粘贴的内嵌图片），请删除后重新粘贴或用“图片”按钮插入',
  );
  const res = await page.request.get(`${P.article}?title=${encodeURIComponent(title)}&pageHelper=0`, {
    headers: { authorization: token },
  });
  expect(((await res.json()) as { result: { list: unknown[] } }).result.list).toEqual([]);
});
