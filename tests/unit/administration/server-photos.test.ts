import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import {
  PhotoAuthority as A,
  PhotoPaths as P,
  PhotoLimits,
} from '../../../features/administration/api/photos.js';
import { pngImage } from '../../../features/administration/server/pngImage.js';
import { call, grantNurse, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let admin: string;
let deptOf: Map<string, number>;
beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  const { orgId } = await h.app.services.db
    .selectFrom('users')
    .select('orgId')
    .where('loginName', '=', 'admin')
    .executeTakeFirstOrThrow();
  const depts = await h.app.services.db
    .selectFrom('dept')
    .select(['deptId', 'deptName'])
    .where('orgId', '=', orgId)
    .execute();
  deptOf = new Map(depts.map((d) => [d.deptName, d.deptId]));
}, 60_000);
afterAll(async () => {
  await h.close();
});

const png = (seed: number) =>
  pngImage(
    { name: 'p', sky: [seed * 40, 150, 200], ground: [80, seed * 30, 60], sun: [255, 220, 90] },
    24,
    16,
  );
const photoFiles = () => readdirSync(join(h.dataDir, 'files', 'photos'));

/** One multipart request of several files, the album id first. */
async function upload(token: string, photoAlbumId: number, files: { name: string; bytes: Buffer }[]) {
  const form = new FormData();
  form.append('photoAlbumId', String(photoAlbumId));
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)]), f.name);
  const encoded = new Response(form);
  const res = await h.app.inject({
    method: 'POST',
    url: P.upload,
    headers: { authorization: token, 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return res.json() as {
    code: number;
    msg: string;
    result: { photos: { photoId: number; urlPath: string }[] };
  };
}

async function createAlbum(token: string, albumName: string, dept = '护理一部') {
  const res = await call(h.app, token, 'POST', P.albums, {
    albumName,
    deptId: deptOf.get(dept),
    description: '测试',
  });
  expect(res.body.msg).toBe('成功');
  return (res.body.result as { photoAlbumId: number }).photoAlbumId;
}

type Album = {
  photoAlbumId: number;
  albumName: string;
  photoCount: number;
  coverUrl: string | null;
  creatorName: string;
};
async function album(token: string, id: number) {
  const res = await call(h.app, token, 'GET', P.album.replace(':id', String(id)));
  return res.body.result as Album;
}
async function photos(token: string, id: number) {
  const res = await call(h.app, token, 'GET', `${P.photos}?photoAlbumId=${id}`);
  return res.body.result as { photoId: number; sourceFileName: string; urlPath: string }[];
}

/** Python's zipfile reads the archive: its names and whether every CRC holds. */
function zipEntries(bytes: Buffer): { names: string[]; bad: string | null } {
  const path = join(h.dataDir, `download-${Date.now()}.zip`);
  writeFileSync(path, bytes);
  const out = spawnSync(
    'python3',
    [
      '-c',
      'import sys,zipfile,json;z=zipfile.ZipFile(sys.argv[1]);print(json.dumps({"bad":z.testzip(),"names":z.namelist()}))',
      path,
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(out.stdout);
}
const download = (token: string, body: unknown) =>
  h.app.inject({
    method: 'POST',
    url: P.download,
    headers: { authorization: token },
    payload: body as object,
  });

describe('photo albums (spec 001 §7 "Photos")', () => {
  it('lists the seeded albums with their covers, photo counts and creators', async () => {
    const res = await call(h.app, admin, 'GET', `${P.albums}?pageNum=1&pageSize=10`);
    const list = (res.body.result as { list: Album[] }).list;
    const festival = list.find((a) => a.albumName === '重阳节登高活动');
    expect(festival?.photoCount).toBe(3);
    expect(festival?.coverUrl).toMatch(/^\/files\/photos\/\w+\.png$/);
    expect(festival?.creatorName).not.toBe('');
    const cover = await h.app.inject({
      method: 'GET',
      url: String(festival?.coverUrl),
      headers: { authorization: admin },
    });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/png');
  });

  it('creates, edits and reads an album; refuses a blank or taken name', async () => {
    const id = await createAlbum(admin, '春季踏青');
    expect(await album(admin, id)).toMatchObject({ albumName: '春季踏青', photoCount: 0, coverUrl: null });
    const edited = await call(h.app, admin, 'PUT', P.albums, {
      photoAlbumId: id,
      albumName: '春季踏青（三月）',
      deptId: deptOf.get('护理一部'),
    });
    expect(edited.body.code).toBe(0);
    expect((await album(admin, id)).albumName).toBe('春季踏青（三月）');
    const blank = await call(h.app, admin, 'POST', P.albums, { albumName: '', deptId: deptOf.get('院办') });
    expect(blank.body).toMatchObject({ code: Code.invalidInput, msg: '请填写相册名称' });
    const taken = await call(h.app, admin, 'POST', P.albums, {
      albumName: '春季踏青（三月）',
      deptId: deptOf.get('院办'),
    });
    expect(taken.body.code).not.toBe(0);
    expect(taken.body.msg).toContain('已存在');
  });

  it('uploads several photos in one request, sets the cover, downloads a zip, deletes photos and the album', async () => {
    const id = await createAlbum(admin, '书画班作品展');
    const before = photoFiles().length;
    const up = await upload(admin, id, [
      { name: '山水.png', bytes: png(1) },
      { name: '花鸟.png', bytes: png(2) },
      { name: '山水.png', bytes: png(3) },
    ]);
    expect(up.code).toBe(0);
    expect(up.result.photos).toHaveLength(3);
    expect(photoFiles()).toHaveLength(before + 3);
    const [first, second, third] = up.result.photos;
    // the first photo of an album without a cover becomes its cover
    expect(await album(admin, id)).toMatchObject({ photoCount: 3, coverUrl: first?.urlPath });

    const cover = await call(h.app, admin, 'PUT', P.photoInfo, { photoAlbumId: id, photoId: third?.photoId });
    expect(cover.body.code).toBe(0);
    expect((await album(admin, id)).coverUrl).toBe(third?.urlPath);

    const whole = await download(admin, { photoAlbumId: id });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/zip');
    expect(whole.headers['content-disposition']).toContain(encodeURIComponent('书画班作品展.zip'));
    expect(Number(whole.headers['content-length'])).toBe(whole.rawPayload.length);
    expect(zipEntries(whole.rawPayload)).toEqual({
      bad: null,
      names: ['山水.png', '花鸟.png', '山水(2).png'],
    });
    const chosen = await download(admin, { photoAlbumId: id, photoIds: [second?.photoId, third?.photoId] });
    expect(zipEntries(chosen.rawPayload).names).toEqual(['花鸟.png', '山水.png']);

    // deleting the cover: the oldest remaining photo becomes the cover; the files go
    const removed = await call(
      h.app,
      admin,
      'DELETE',
      `${P.photoInfo}?photoAlbumId=${id}&photoIds=${third?.photoId},${first?.photoId}`,
    );
    expect(removed.body).toMatchObject({ code: 0, result: { deleted: 2 } });
    expect(await album(admin, id)).toMatchObject({ photoCount: 1, coverUrl: second?.urlPath });
    expect(photoFiles()).toHaveLength(before + 1);
    const gone = await h.app.inject({
      method: 'GET',
      url: String(first?.urlPath),
      headers: { authorization: admin },
    });
    expect(gone.statusCode).toBe(404);

    const deleted = await call(h.app, admin, 'DELETE', P.album.replace(':id', String(id)));
    expect(deleted.body.code).toBe(0);
    expect(photoFiles()).toHaveLength(before);
    const rows = await h.app.services.db
      .selectFrom('storedFile')
      .select('relPath')
      .where('relPath', 'like', 'photos/%')
      .execute();
    expect(rows).toHaveLength(before);
    expect((await call(h.app, admin, 'GET', P.album.replace(':id', String(id)))).body.code).toBe(
      Code.notFound,
    );
  });

  it('refuses the whole upload when one file is bad, naming it, and keeps no file', async () => {
    const id = await createAlbum(admin, '手工课');
    const before = photoFiles();
    const wrongType = await upload(admin, id, [
      { name: '好.png', bytes: png(1) },
      { name: '说明.txt', bytes: Buffer.from('文字') },
    ]);
    expect(wrongType).toMatchObject({
      code: Code.uploadRejected,
      msg: expect.stringContaining('“说明.txt”'),
    });
    expect(wrongType.msg).toContain('jpg/jpeg/png/gif/webp/bmp');
    const disguised = await upload(admin, id, [
      { name: '一.png', bytes: png(1) },
      { name: '二.png', bytes: png(2) },
      { name: '伪装.jpg', bytes: png(3) },
    ]);
    expect(disguised).toMatchObject({ code: Code.uploadRejected, msg: '“伪装.jpg”：文件内容与扩展名不符' });
    const tooBig = await upload(admin, id, [
      { name: '大.png', bytes: Buffer.concat([png(1), Buffer.alloc(PhotoLimits.maxBytes)]) },
    ]);
    expect(tooBig).toMatchObject({ code: Code.uploadRejected, msg: '“大.png”：上传照片大小不能超过 10MB' });
    const tooMany = await upload(
      admin,
      id,
      Array.from({ length: PhotoLimits.maxFiles + 1 }, (_, i) => ({ name: `${i}.png`, bytes: png(i % 5) })),
    );
    expect(tooMany).toMatchObject({
      code: Code.uploadRejected,
      msg: `一次最多上传${PhotoLimits.maxFiles}个文件`,
    });
    const noAlbum = await upload(admin, 999_999, [{ name: '好.png', bytes: png(1) }]);
    expect(noAlbum).toMatchObject({ code: Code.notFound, msg: '相册不存在' });
    expect(photoFiles()).toEqual(before);
    expect(readdirSync(join(h.dataDir, 'files', 'photos')).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect((await album(admin, id)).photoCount).toBe(0);
  });

  it('refuses a photo of another album as cover or deletion, changing nothing', async () => {
    const one = await createAlbum(admin, '甲相册');
    const two = await createAlbum(admin, '乙相册');
    const [mine] = (await upload(admin, one, [{ name: 'a.png', bytes: png(1) }])).result.photos;
    const [theirs] = (await upload(admin, two, [{ name: 'b.png', bytes: png(2) }])).result.photos;
    const cover = await call(h.app, admin, 'PUT', P.photoInfo, {
      photoAlbumId: one,
      photoId: theirs?.photoId,
    });
    expect(cover.body).toMatchObject({ code: Code.invalidInput, msg: '照片不存在' });
    const removal = await call(
      h.app,
      admin,
      'DELETE',
      `${P.photoInfo}?photoAlbumId=${one}&photoIds=${mine?.photoId},${theirs?.photoId}`,
    );
    expect(removal.body).toMatchObject({ code: Code.invalidInput, msg: '照片不存在' });
    expect(await album(admin, one)).toMatchObject({ photoCount: 1, coverUrl: mine?.urlPath });
    expect((await album(admin, two)).photoCount).toBe(1);
    const empty = await createAlbum(admin, '空相册');
    expect((await download(admin, { photoAlbumId: empty })).json()).toMatchObject({
      code: Code.invalidInput,
      msg: '相册中还没有照片',
    });
  });

  it('needs the authority of each call and the department of the album', async () => {
    const office = await createAlbum(admin, '院办相册', '院办');
    const ward = await createAlbum(admin, '护理一部相册', '护理一部');
    const [officePhoto] = (await upload(admin, office, [{ name: 'o.png', bytes: png(1) }])).result.photos;
    await upload(admin, ward, [{ name: 'w.png', bytes: png(2) }]);

    // without the screen's code nothing is shown
    const outsider = await grantNurse(h.app, 'administration:photo', []);
    expect((await call(h.app, outsider, 'GET', `${P.albums}?pageNum=1&pageSize=10`)).body.code).toBe(
      Code.noAuthority,
    );
    expect((await call(h.app, outsider, 'GET', `${P.photos}?photoAlbumId=${ward}`)).body.code).toBe(
      Code.noAuthority,
    );

    // the nurse (护理一部 only) may only look
    const viewer = await grantNurse(h.app, 'administration:photo', [A.photo]);
    const listed = await call(h.app, viewer, 'GET', `${P.albums}?pageNum=1&pageSize=50`);
    const names = (listed.body.result as { list: Album[] }).list.map((a) => a.albumName);
    expect(names).toContain('护理一部相册');
    expect(names).not.toContain('院办相册');
    expect((await photos(viewer, ward)).length).toBe(1);
    expect((await upload(viewer, ward, [{ name: 'x.png', bytes: png(3) }])).code).toBe(Code.noAuthority);
    expect((await download(viewer, { photoAlbumId: ward })).json().code).toBe(Code.noAuthority);
    expect(
      (await call(h.app, viewer, 'PUT', P.photoInfo, { photoAlbumId: ward, photoId: 1 })).body.code,
    ).toBe(Code.noAuthority);
    expect(
      (await call(h.app, viewer, 'DELETE', `${P.photoInfo}?photoAlbumId=${ward}&photoIds=1`)).body.code,
    ).toBe(Code.noAuthority);
    expect(
      (await call(h.app, viewer, 'POST', P.albums, { albumName: '无权', deptId: deptOf.get('护理一部') }))
        .body.code,
    ).toBe(Code.noAuthority);

    // with every authority, still not in a department she does not hold
    const nurse = await grantNurse(h.app, 'administration:photo', Object.values(A));
    const before = photoFiles();
    expect((await call(h.app, nurse, 'GET', `${P.photos}?photoAlbumId=${office}`)).body.code).toBe(
      Code.deptNotAllowed,
    );
    expect((await upload(nurse, office, [{ name: 'x.png', bytes: png(3) }])).code).toBe(Code.deptNotAllowed);
    expect(photoFiles()).toEqual(before);
    expect((await download(nurse, { photoAlbumId: office })).json().code).toBe(Code.deptNotAllowed);
    expect(
      (await call(h.app, nurse, 'PUT', P.photoInfo, { photoAlbumId: office, photoId: officePhoto?.photoId }))
        .body.code,
    ).toBe(Code.deptNotAllowed);
    const moved = await call(h.app, nurse, 'PUT', P.albums, {
      photoAlbumId: office,
      albumName: '院办相册',
      deptId: deptOf.get('护理一部'),
    });
    expect(moved.body.code).toBe(Code.deptNotAllowed);
    const taken = await call(h.app, nurse, 'PUT', P.albums, {
      photoAlbumId: ward,
      albumName: '护理一部相册',
      deptId: deptOf.get('院办'),
    });
    expect(taken.body.code).toBe(Code.deptNotAllowed);
    expect((await call(h.app, nurse, 'DELETE', P.album.replace(':id', String(office)))).body.code).toBe(
      Code.deptNotAllowed,
    );
    const officeFile = await h.app.inject({
      method: 'GET',
      url: String(officePhoto?.urlPath),
      headers: { authorization: nurse },
    });
    expect(officeFile.statusCode).toBe(403);
    expect(officeFile.json().code).toBe(Code.deptNotAllowed);
    expect((await upload(nurse, ward, [{ name: '病区.png', bytes: png(4) }])).code).toBe(0);
    expect((await album(admin, office)).photoCount).toBe(1);
  });

  it('keeps albums and their files from another institution', async () => {
    const id = await createAlbum(admin, '本院相册');
    const [photo] = (await upload(admin, id, [{ name: 'mine.png', bytes: png(1) }])).result.photos;
    const other = (await signInOtherOrg(h.app)).token;
    expect((await call(h.app, other, 'GET', P.album.replace(':id', String(id)))).body.code).toBe(
      Code.notFound,
    );
    expect((await call(h.app, other, 'GET', `${P.photos}?photoAlbumId=${id}`)).body.code).toBe(Code.notFound);
    expect((await download(other, { photoAlbumId: id })).json().code).toBe(Code.notFound);
    expect((await upload(other, id, [{ name: 'x.png', bytes: png(2) }])).code).toBe(Code.notFound);
    const list = await call(h.app, other, 'GET', `${P.albums}?pageNum=1&pageSize=50`);
    expect((list.body.result as { list: Album[] }).list.map((a) => a.albumName)).not.toContain('本院相册');
    // the file itself: not served to another institution (as absent as a file that never was)
    const file = await h.app.inject({
      method: 'GET',
      url: String(photo?.urlPath),
      headers: { authorization: other },
    });
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).not.toBe('image/png');
    expect(existsSync(join(h.dataDir, 'files', String(photo?.urlPath).replace('/files/', '')))).toBe(true);
  });
});
