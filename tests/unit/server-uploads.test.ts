import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import {
  call,
  signInAdmin,
  signInNurse,
  startTestApp,
  multipart as upload,
} from '../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const multipart = (...args: Parameters<typeof upload> extends [unknown, ...infer Rest] ? Rest : never) =>
  upload(h.app, ...args);
const filesIn = (folder: string) => {
  const dir = join(h.dataDir, 'files', folder);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('uploads', () => {
  it('stores an image under a random name and answers imagePath and imageBase64', async () => {
    const { token } = await signInAdmin(h.app);
    const res = await multipart(
      token,
      '/pims/web-org/common/upload',
      { name: '头像.PNG', bytes: PNG },
      { picRoute: '2' },
    );
    expect(res.body.code).toBe(0);
    expect(res.body.result.imagePath).toMatch(/^\/files\/images\/\d+[0-9a-f]{16}\.png$/);
    expect(res.body.result.imageBase64).toMatch(/^data:.*;base64,/);
    expect(filesIn('images')).toHaveLength(1);
    const served = await h.app.inject({
      method: 'GET',
      url: String(res.body.result.imagePath),
      headers: { authorization: token },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a wrong extension or content that is not what the name says, leaving nothing', async () => {
    const { token } = await signInAdmin(h.app);
    const wrongExt = await multipart(token, '/pims/web-org/common/upload', { name: 'a.exe', bytes: PNG });
    expect(wrongExt.body).toMatchObject({ code: Code.uploadRejected });
    expect(wrongExt.body.msg).toBe('上传头像图片要求是 jpg/jpeg/png/gif/bmp/webp 格式');
    const fake = await multipart(token, '/pims/web-org/common/upload', {
      name: 'a.jpg',
      bytes: Buffer.from('not an image at all'),
    });
    expect(fake.body).toMatchObject({ code: Code.uploadRejected, msg: '文件内容与扩展名不符' });
    const badRoute = await multipart(
      token,
      '/pims/web-org/common/upload',
      { name: 'a.png', bytes: PNG },
      { picRoute: '9' },
    );
    expect(badRoute.body.code).toBe(Code.invalidInput);
    expect(filesIn('images').filter((f) => !f.startsWith('.'))).toHaveLength(0);
    expect(filesIn('images')).toHaveLength(0);
    // the seeded album photos (photos/) are not this upload's
    expect(
      await h.app.services.db
        .selectFrom('storedFile')
        .selectAll()
        .where('relPath', 'not like', 'photos/%')
        .execute(),
    ).toHaveLength(0);
  });

  it('adds, sums and deletes installation packages; the nurse may not', async () => {
    const { token } = await signInAdmin(h.app);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(1000)]);
    const added = await multipart(
      token,
      '/tdms/web-td/device/package',
      { name: 'bedside-1.2.0.apk', bytes: zip },
      { packageName: '床旁机', version: '1.2.0', deviceType: 'BEDSIDE' },
    );
    expect(added.body.code).toBe(0);
    expect((await call(h.app, token, 'GET', '/tdms/web-td/device/package/sumSize')).body.result).toBe(1004);
    const nurse = await signInNurse(h.app);
    const refused = await multipart(
      nurse.token,
      '/tdms/web-td/device/package',
      { name: 'x.apk', bytes: zip },
      { packageName: 'x', version: '1', deviceType: 'X' },
    );
    expect(refused.body).toMatchObject({ code: Code.noAuthority, msg: '权限不足' });
    const id = added.body.result.packageId as number;
    expect((await call(h.app, token, 'DELETE', `/tdms/web-td/device/package/${id}`)).body.code).toBe(0);
    expect(filesIn('packages')).toHaveLength(0);
    expect((await call(h.app, token, 'GET', '/tdms/web-td/device/package/sumSize')).body.result).toBe(0);
  });
});
