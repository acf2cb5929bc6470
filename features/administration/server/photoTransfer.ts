import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { uploadForm } from '../../../domain/api/uploads.js';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, fileAnswer, route, SENT } from '../../../server/http/route.js';
import { discardUpload, receiveUploads, type UploadRule } from '../../../server/uploads.js';
import { zipNames, zipSize, zipStream } from '../../../server/zip.js';
import {
  PhotoAuthority as A,
  downloadBody,
  PhotoPaths as P,
  PhotoLimits,
  uploadAnswer,
  uploadFields,
} from '../api/photos.js';
import { albumOf, insertPhoto, photosOf } from './photoStore.js';

export const PHOTO_RULE: UploadRule = {
  label: '照片',
  folder: 'photos',
  extensions: [...PhotoLimits.extensions],
  maxBytes: PhotoLimits.maxBytes,
};
const form = uploadForm(uploadFields);

/**
 * POST uploadPhotoFiles (several files in one request, all stored or none) and POST downloadPhoto
 * (the chosen photos or the whole album as a zip streamed file by file, never held in memory).
 */
export function photoTransferRoutes(): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: P.upload,
      auth: A.upload,
      summary: '上传照片（多个文件，photoAlbumId 在文件之前）',
      body: form.body,
      response: uploadAnswer,
      log: { type: 'UPLOAD', name: '上传照片' },
      async handler(ctx) {
        const { files, fields } = await receiveUploads(
          ctx.req,
          ctx.services.dataDir,
          PHOTO_RULE,
          form.fields,
          PhotoLimits.maxFiles,
          async (f) => void (await albumOf(ctx, f.photoAlbumId)),
        );
        try {
          const album = await albumOf(ctx, fields.photoAlbumId);
          const stamp = nowStamp();
          const created = [];
          for (const file of files) {
            const owner = {
              orgId: ctx.user.orgId,
              userId: ctx.user.userId,
              photoAlbumId: album.photoAlbumId,
              stamp,
            };
            const photoId = await insertPhoto(ctx.db, owner, file);
            created.push({
              photoId,
              photoAlbumId: album.photoAlbumId,
              sourceFileName: file.sourceFileName.slice(0, 200),
              urlPath: file.urlPath,
              fileSizeB: file.fileSizeB,
              createTime: stamp,
            });
          }
          // an album without a cover takes its first photo
          if (album.coverPhotoId === null && created[0])
            await sql`update photoAlbum set coverPhotoId = ${created[0].photoId}
              where photoAlbumId = ${album.photoAlbumId}`.execute(ctx.db);
          ctx.describe(`上传照片：${album.albumName}（${files.length}张）`);
          return { photos: created };
        } catch (error) {
          await Promise.all(files.map(discardUpload));
          throw error;
        }
      },
    }),
    route({
      method: 'POST',
      url: P.download,
      auth: A.download,
      summary: '下载照片（zip；不选照片即整个相册）',
      body: downloadBody,
      response: fileAnswer('application/zip'),
      log: { type: 'EXPORT', name: '下载照片' },
      async handler(ctx) {
        const album = await albumOf(ctx, ctx.body.photoAlbumId);
        const photos = await photosOf(ctx.db, album.photoAlbumId, ctx.body.photoIds);
        if (!photos.length) throw new ApiFailure(Code.invalidInput, '相册中还没有照片');
        const dir = join(ctx.services.dataDir, 'files');
        const sizes = await Promise.all(
          photos.map((p) =>
            stat(join(dir, p.relPath)).then(
              (s) => s.size,
              () => {
                throw new ApiFailure(Code.notFound, `照片文件不存在：${p.sourceFileName}`);
              },
            ),
          ),
        );
        const names = zipNames(photos.map((p) => p.sourceFileName));
        const entries = photos.map((p, i) => ({
          name: names[i] as string,
          size: sizes[i] as number,
          modified: p.createTime,
          open: () => createReadStream(join(dir, p.relPath), { highWaterMark: 256 * 1024 }),
        }));
        ctx.describe(`下载照片：${album.albumName}（${photos.length}张）`);
        ctx.reply
          .header('content-type', 'application/zip')
          .header('content-length', zipSize(entries))
          .header(
            'content-disposition',
            `attachment; filename*=UTF-8''${encodeURIComponent(`${album.albumName}.zip`)}`,
          )
          .header('cache-control', 'no-store')
          .send(zipStream(entries));
        return SENT;
      },
    }),
  ];
}
