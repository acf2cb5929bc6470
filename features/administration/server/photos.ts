import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noResult } from '../../../server/http/schemas.js';
import type { Ctx, ResourceHooks, Row } from '../../../server/resources/engine.js';
import {
  PhotoAuthority as A,
  coverBody,
  PhotoPaths as P,
  photosAnswer,
  photosQuery,
  removePhotosAnswer,
  removePhotosQuery,
} from '../api/photos.js';
import { albumOf, photosOf, removePhotos } from './photoStore.js';
import { photoTransferRoutes } from './photoTransfer.js';

/** 相册: each row's cover address, photo count and creator; deleting one deletes its photos and files. */
export const photoAlbumHooks: ResourceHooks = {
  async decorate(db, rows) {
    const ids = rows.map((r) => Number(r.photoAlbumId));
    if (!ids.length) return;
    const counts = await sql<{ photoAlbumId: number; n: number }>`select photoAlbumId, count(*) as n
      from photoInfo where photoAlbumId in (${sql.join(ids)}) group by photoAlbumId`.execute(db);
    const covers = await sql<{ photoAlbumId: number; urlPath: string }>`select a.photoAlbumId, p.urlPath
      from photoAlbum a join photoInfo p on p.photoId = a.coverPhotoId
      where a.photoAlbumId in (${sql.join(ids)})`.execute(db);
    const creators = [...new Set(rows.map((r) => Number(r.createBy)).filter(Boolean))];
    const names = creators.length
      ? await sql<{ userId: number; empName: string }>`select u.userId, e.empName from users u
          join emp e on e.empId = u.empId where u.userId in (${sql.join(creators)})`.execute(db)
      : { rows: [] };
    const count = new Map(counts.rows.map((c) => [c.photoAlbumId, Number(c.n)]));
    const cover = new Map(covers.rows.map((c) => [c.photoAlbumId, c.urlPath]));
    const name = new Map(names.rows.map((n) => [n.userId, n.empName]));
    for (const row of rows as Row[]) {
      const id = Number(row.photoAlbumId);
      row.photoCount = count.get(id) ?? 0;
      row.coverUrl = cover.get(id) ?? null;
      row.creatorName = name.get(Number(row.createBy)) ?? '';
    }
  },
  async beforeRemove(ctx, row) {
    const album = await albumOf(ctx, Number(row.photoAlbumId));
    await removePhotos(ctx, album, await photosOf(ctx.db, album.photoAlbumId));
  },
};

/** One album's photos, its cover and deleting photos (spec 001 §7 "Photos"); upload and download in photoTransfer.ts. */
export function photoRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.photos,
      auth: A.photo,
      summary: '相册的照片',
      query: photosQuery,
      response: photosAnswer,
      async handler(ctx) {
        const album = await albumOf(ctx, ctx.query.photoAlbumId);
        return (await photosOf(ctx.db, album.photoAlbumId)).map((p) => ({
          photoId: p.photoId,
          photoAlbumId: album.photoAlbumId,
          sourceFileName: p.sourceFileName,
          urlPath: p.urlPath,
          fileSizeB: p.fileSizeB,
          createTime: p.createTime,
        }));
      },
    }),
    route({
      method: 'PUT',
      url: P.photoInfo,
      auth: A.edit,
      log: { type: 'UPDATE', name: '设置相册封面' },
      body: coverBody,
      response: noResult,
      async handler(ctx) {
        const album = await albumOf(ctx, ctx.body.photoAlbumId);
        const [photo] = await photosOf(ctx.db, album.photoAlbumId, [ctx.body.photoId]);
        await sql`update photoAlbum set coverPhotoId = ${ctx.body.photoId}, updateTime = ${nowStamp()}
          where photoAlbumId = ${album.photoAlbumId}`.execute(ctx.db);
        ctx.describe(`设置相册封面：${album.albumName}（${photo?.sourceFileName ?? ''}）`);
        return null;
      },
    }),
    route({
      method: 'DELETE',
      url: P.photoInfo,
      auth: A.removePhoto,
      log: { type: 'DELETE', name: '删除照片' },
      query: removePhotosQuery,
      response: removePhotosAnswer,
      async handler(ctx) {
        const album = await albumOf(ctx, ctx.query.photoAlbumId);
        const photos = await photosOf(ctx.db, album.photoAlbumId, ctx.query.photoIds);
        if (!photos.length) throw new ApiFailure(Code.invalidInput, '请选择照片');
        await removePhotos(ctx as Ctx, album, photos);
        ctx.describe(`删除照片：${album.albumName}（${photos.length}张）`);
        return { deleted: photos.length };
      },
    }),
    ...photoTransferRoutes(),
  ];
}
