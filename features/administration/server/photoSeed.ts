import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { localDateTime } from '../../../domain/clock.js';
import type { Db } from '../../../server/db/index.js';
import { DemoAccounts } from '../../../server/db/seed.js';
import { insertPhoto } from './photoStore.js';
import { PHOTO_RULE } from './photoTransfer.js';
import { pngImage, type Scene } from './pngImage.js';

const DAY = 86_400_000;

const ALBUMS: { name: string; dept: string; description: string; daysAgo: number; photos: Scene[] }[] = [
  {
    name: '重阳节登高活动',
    dept: '护理一部',
    description: '重阳节当天组织长者到后山公园登高赏菊，家属一同参加。',
    daysAgo: 28,
    photos: [
      { name: '出发合影', sky: [120, 180, 235], ground: [96, 160, 80], sun: [255, 214, 90] },
      { name: '山顶赏菊', sky: [150, 200, 240], ground: [210, 170, 60], sun: [255, 190, 70] },
      { name: '午后茶歇', sky: [240, 190, 140], ground: [120, 150, 90], sun: [255, 240, 200] },
    ],
  },
  {
    name: '十一月生日会',
    dept: '院办',
    description: '为本月过生日的长者举办集体生日会。',
    daysAgo: 5,
    photos: [
      { name: '切蛋糕', sky: [250, 220, 230], ground: [200, 120, 140], sun: [255, 255, 255] },
      { name: '合唱《歌唱祖国》', sky: [255, 236, 200], ground: [180, 80, 60], sun: [255, 200, 60] },
    ],
  },
];

/**
 * Demonstration albums of the first institution, once: small generated pictures stored like
 * uploads (files/photos/, a storedFile row each), so a fresh start shows covers and photos.
 */
export async function seedPhotos(db: Db, dataDir: string) {
  const admin = await db
    .selectFrom('users')
    .select(['userId', 'orgId'])
    .where('loginName', '=', DemoAccounts.admin.loginName)
    .executeTakeFirst();
  if (!admin) return;
  const { userId, orgId } = admin;
  const seeded = await sql`select 1 from photoAlbum where orgId = ${orgId} limit 1`.execute(db);
  if (seeded.rows.length) return;
  const depts = await db
    .selectFrom('dept')
    .select(['deptId', 'deptName'])
    .where('orgId', '=', orgId)
    .execute();
  const dir = join(dataDir, 'files', PHOTO_RULE.folder);
  await mkdir(dir, { recursive: true });
  await db.transaction().execute(async (trx) => {
    for (const album of ALBUMS) {
      const deptId = depts.find((d) => d.deptName === album.dept)?.deptId ?? depts[0]?.deptId;
      if (deptId === undefined) return;
      const stamp = localDateTime(Date.now() - album.daysAgo * DAY);
      const made = await sql<{ photoAlbumId: number }>`insert into photoAlbum
        (orgId, albumName, deptId, description, createTime, updateTime, createBy)
        values (${orgId}, ${album.name}, ${deptId}, ${album.description}, ${stamp}, ${stamp}, ${userId})
        returning photoAlbumId`.execute(trx);
      const photoAlbumId = Number(made.rows[0]?.photoAlbumId);
      let cover: number | null = null;
      for (const scene of album.photos) {
        const bytes = pngImage(scene);
        const fileName = `${Date.now()}${randomBytes(8).toString('hex')}.png`;
        const relPath = `${PHOTO_RULE.folder}/${fileName}`;
        await writeFile(join(dir, fileName), bytes);
        const photoId = await insertPhoto(
          trx,
          { orgId, userId, photoAlbumId, stamp },
          {
            fileName,
            sourceFileName: `${scene.name}.png`,
            relPath,
            urlPath: `/files/${relPath}`,
            fileSizeB: bytes.length,
            mime: 'image/png',
          },
        );
        cover ??= photoId;
      }
      await sql`update photoAlbum set coverPhotoId = ${cover} where photoAlbumId = ${photoAlbumId}`.execute(
        trx,
      );
    }
  });
}
