import { spawnSync } from 'node:child_process';
import { expect } from '@playwright/test';
import { pngImage } from '../../../features/administration/server/pngImage.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

/** A real picture followed by 1 MB the viewer ignores: big enough for the upload to take a while. */
const photo = (name: string, seed: number) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.concat([
    pngImage({
      name,
      sky: [90 + seed * 40, 170, 230],
      ground: [70, 120 + seed * 30, 60],
      sun: [255, 210, 80],
    }),
    Buffer.alloc(1024 * 1024),
  ]),
});

test('an album: three photos uploaded with progress, a cover shown in the list, the album as a zip, a photo deleted', async ({
  page,
}) => {
  const albumName = `康复训练${Date.now() % 100000}`;
  await signIn(page, ADMIN);
  await page.goto('/#/administration/photo');
  const albums = page.getByTestId('page-photo-albums');
  await albums.getByRole('button', { name: '新增' }).click();
  const form = page.getByRole('dialog', { name: '新增相册' });
  await form.getByLabel('相册名称').fill(albumName);
  await form.getByLabel('所属部门').selectOption({ label: '护理一部' });
  await form.getByLabel('相册描述').fill('每周二、四上午的康复训练课');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toBeHidden();
  const row = albums.getByRole('group', { name: albumName });
  await row.getByRole('button', { name: '照片' }).click();

  const detail = page.getByTestId('page-photo-detail');
  await expect(detail.getByText('相册中还没有照片')).toBeVisible();
  // a slow uplink (about 1 MB/s), so the progress of the 3 MB request can be seen
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await detail
    .getByTestId('photo-files')
    .setInputFiles([photo('站立训练.png', 1), photo('步行训练.png', 2), photo('手指操.png', 3)]);
  const progress = detail.getByTestId('photo-upload-progress');
  await expect(progress).toContainText(/\d+%/);
  await expect(progress).toBeHidden({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByText('上传成功（3张）')).toBeVisible();
  await expect(detail.getByTestId('photo-count')).toHaveText('共 3 张');
  const cards = detail.locator('.photo-card');
  await expect(cards).toHaveCount(3);
  // the first photo became the cover; 设为封面 makes the second one the cover
  await expect(cards.nth(0).getByText('封面')).toBeVisible();
  await cards.nth(1).click();
  await detail.getByRole('button', { name: '设为封面' }).click();
  await expect(cards.nth(1).getByText('封面')).toBeVisible();
  await expect(cards.nth(0).getByText('封面')).toHaveCount(0);
  const coverSrc = await cards.nth(1).locator('img').getAttribute('src');

  // no photo chosen: 下载全部 is the whole album
  await cards.nth(1).click();
  const downloading = page.waitForEvent('download');
  await detail.getByRole('button', { name: '下载全部' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${albumName}.zip`);
  const path = await download.path();
  const read = spawnSync(
    'python3',
    [
      '-c',
      'import sys,zipfile,json;z=zipfile.ZipFile(sys.argv[1]);print(json.dumps([z.testzip(),z.namelist()]))',
      path,
    ],
    { encoding: 'utf8' },
  );
  expect(JSON.parse(read.stdout)).toEqual([null, ['站立训练.png', '步行训练.png', '手指操.png']]);

  // 删除 a chosen photo (asked first): its card goes, the cover stays
  await cards.nth(2).click();
  await detail.getByRole('button', { name: '删除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '删除' }).click();
  await expect(detail.getByTestId('photo-count')).toHaveText('共 2 张');
  await expect(detail.getByRole('img', { name: '手指操.png' })).toHaveCount(0);

  await detail.getByRole('button', { name: '返回' }).click();
  const cover = albums.getByRole('img', { name: `${albumName}封面` });
  await expect(cover).toHaveAttribute('src', String(coverSrc));
  await expect(cover).toHaveJSProperty('complete', true);
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
