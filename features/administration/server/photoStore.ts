import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Code } from '../../../domain/codes.js';
import type { Db } from '../../../server/db/index.js';
import { requireDept } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx } from '../../../server/resources/engine.js';
import type { StoredUpload } from '../../../server/uploads.js';

/** photoInfo.sourceFileName's length (features/administration/resources/photoAlbums.ts). */
const SOURCE_NAME_MAX = 200;

export interface AlbumRow {
  photoAlbumId: number;
  albumName: string;
  deptId: number;
  coverPhotoId: number | null;
}
export interface PhotoFile {
  photoId: number;
  sourceFileName: string;
  relPath: string;
  urlPath: string;
  fileSizeB: number;
  createTime: string;
}

type Scope = Pick<Ctx, 'db' | 'user'>;

/** An album of the user's organisation in a department the user holds (10004 / 10301 otherwise). */
export async function albumOf(ctx: Scope, photoAlbumId: number): Promise<AlbumRow> {
  const found = await sql<AlbumRow>`select photoAlbumId, albumName, deptId, coverPhotoId from photoAlbum
    where photoAlbumId = ${photoAlbumId} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
  const album = found.rows[0];
  if (!album) throw new ApiFailure(Code.notFound, '相册不存在');
  requireDept(ctx.user, album.deptId);
  return album;
}

/** The album's photos, oldest first; with `ids`, exactly those (10001 照片不存在 when one is not the album's). */
export async function photosOf(db: Db, photoAlbumId: number, ids?: readonly number[]): Promise<PhotoFile[]> {
  const wanted = ids ? [...new Set(ids)] : null;
  const rows = await sql<PhotoFile>`select photoId, sourceFileName, relPath, urlPath, fileSizeB, createTime
    from photoInfo where photoAlbumId = ${photoAlbumId}
    ${wanted ? sql`and photoId in (${sql.join(wanted)})` : sql``} order by photoId`.execute(db);
  if (wanted && rows.rows.length !== wanted.length) throw new ApiFailure(Code.invalidInput, '照片不存在');
  return rows.rows;
}

/**
 * Removes photo rows and their file records in the caller's transaction; the files go once it is
 * committed. The cover falls back to the album's oldest remaining photo, or none.
 */
export async function removePhotos(ctx: Ctx, album: AlbumRow, photos: readonly PhotoFile[]) {
  if (!photos.length) return;
  const ids = photos.map((p) => p.photoId);
  await sql`delete from photoInfo where photoId in (${sql.join(ids)})`.execute(ctx.db);
  await ctx.db
    .deleteFrom('storedFile')
    .where('orgId', '=', ctx.user.orgId)
    .where(
      'relPath',
      'in',
      photos.map((p) => p.relPath),
    )
    .execute();
  if (album.coverPhotoId !== null && ids.includes(album.coverPhotoId)) await fallBackCover(ctx.db, album);
  const dataDir = ctx.services.dataDir;
  ctx.afterCommit(() =>
    Promise.all(photos.map((p) => rm(join(dataDir, 'files', p.relPath), { force: true }))),
  );
}

async function fallBackCover(db: Db, album: AlbumRow) {
  await sql`update photoAlbum set coverPhotoId =
      (select min(photoId) from photoInfo where photoAlbumId = ${album.photoAlbumId})
    where photoAlbumId = ${album.photoAlbumId}`.execute(db);
}

/** A stored file as an album's photo: its file record (for /files) and its photo row; answers the photo's id. */
export async function insertPhoto(
  db: Db,
  owner: { orgId: number; userId: number; photoAlbumId: number; stamp: string },
  file: Pick<StoredUpload, 'fileName' | 'sourceFileName' | 'relPath' | 'urlPath' | 'fileSizeB' | 'mime'>,
): Promise<number> {
  const { orgId, userId, photoAlbumId, stamp } = owner;
  const sourceFileName = file.sourceFileName.slice(0, SOURCE_NAME_MAX);
  await db
    .insertInto('storedFile')
    .values({
      orgId,
      fileName: file.fileName,
      sourceFileName,
      relPath: file.relPath,
      mime: file.mime,
      fileSizeB: file.fileSizeB,
      createdAt: new Date().toISOString(),
    })
    .execute();
  const inserted = await sql<{ photoId: number }>`insert into photoInfo
    (orgId, photoAlbumId, sourceFileName, relPath, urlPath, fileSizeB, createTime, updateTime, createBy)
    values (${orgId}, ${photoAlbumId}, ${sourceFileName}, ${file.relPath}, ${file.urlPath},
      ${file.fileSizeB}, ${stamp}, ${stamp}, ${userId}) returning photoId`.execute(db);
  return Number(inserted.rows[0]?.photoId);
}
