import { expect, type Page } from '@playwright/test';
import { BedMapStatus } from '../../../domain/resources/residence.js';
import { test } from '../fixtures.js';
import { ADMIN, signIn } from '../support.js';

/** Issue #37 point 6: free beds easy to find on 床位状态图, priced while choosing. */

const beds = (page: Page, status?: number) =>
  page.locator(
    status === undefined ? '[data-testid="map-bed"]' : `[data-testid="map-bed"][data-status="${status}"]`,
  );
/** A building's button by its whole name: other tests add buildings whose names contain this one's. */
const buildingButton = (page: Page, building: string) =>
  page.getByRole('button', {
    name: new RegExp(`^${building.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}，空闲床位 \\d+ 张$`),
  });
const freeOn = async (page: Page, building: string) =>
  Number(
    ((await buildingButton(page, building).getByTestId('building-free').textContent()) ?? '').replace(
      /\D/g,
      '',
    ),
  );

test('the bed map opens on a building with free beds, counts them per building, narrows to them and prices them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN);
  await page.goto('/#/home/bedInfo');
  const map = page.getByTestId('page-bedInfo');
  await expect(map.getByTestId('map-room').first()).toBeVisible();

  // it opens on a building with free beds, and its button counts exactly the free beds drawn
  const active = map.locator('[data-testid="map-building"].bp6-active');
  await expect(active.getByTestId('building-free')).not.toHaveText('空 0');
  const name = ((await active.textContent()) ?? '').replace(/空\s*\d+/, '').trim();
  const count = await freeOn(page, name);
  await expect(beds(page, BedMapStatus.free)).toHaveCount(count);

  // 只看空闲: on every building, exactly the free beds its button counts; none: where to find them
  await map.getByText('只看空闲').click();
  const free = beds(page, BedMapStatus.free).first();
  // a free bed says its type and monthly price before it is chosen
  await expect(free.getByTestId('bed-offer')).toHaveText(
    /^(普通床位|护理型床位|认知症照护床位) · ¥[\d,]+\.\d{2}\/月$/,
  );
  const offer = (await free.getByTestId('bed-offer').textContent()) ?? '';
  await page.screenshot({ path: '.tmp/shot-free-beds.png' });
  for (const button of await map.getByTestId('map-building').all()) {
    await button.click();
    const n = Number(((await button.getByTestId('building-free').textContent()) ?? '').replace(/\D/g, ''));
    await expect(beds(page)).toHaveCount(n);
    await expect(beds(page, BedMapStatus.free)).toHaveCount(n);
    if (n === 0) await expect(map.getByText(/有空闲床位的楼栋：.+（\d+）/)).toBeVisible();
  }
  await map.getByText('只看空闲').click();
  await map.getByTestId('map-building').first().click();
  await expect(beds(page, BedMapStatus.living).first()).toBeVisible();

  // the legend narrows too: 在住 shows only the lived-in beds; pressed again, every bed
  const legend = map.getByTestId('map-legend');
  const living = legend.getByRole('button', { name: /^在住 \d+$/ });
  const livingCount = Number(((await living.textContent()) ?? '').replace(/\D/g, ''));
  await living.click();
  await expect(living).toHaveAttribute('aria-pressed', 'true');
  await expect(beds(page)).toHaveCount(livingCount);
  await expect(beds(page, BedMapStatus.living)).toHaveCount(livingCount);

  // a lived-in bed opens its resident's archive
  const held = beds(page, BedMapStatus.living).first();
  const resident = ((await held.locator('.bed-who').textContent()) ?? '').trim();
  expect(resident).not.toBe('');
  await held.click();
  const archive = page.getByTestId('page-archive-detail');
  await expect(archive).toBeVisible();
  await expect(archive.getByText(resident, { exact: true }).first()).toBeVisible();

  // choosing a bed for a check-in shows the same type and price
  await page.getByTestId('tabbar').locator('[data-path="/home/bedInfo"]').getByRole('button').first().click();
  await living.click();
  await expect(living).toHaveAttribute('aria-pressed', 'false');
  await buildingButton(page, name).click();
  await beds(page, BedMapStatus.free).filter({ hasText: offer }).first().click();
  await page.getByRole('menuitem', { name: '办理入住' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`（${offer}）`);
});
