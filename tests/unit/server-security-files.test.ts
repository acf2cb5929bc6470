import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  multipart,
  signInAdmin,
  signInNurse,
  signInOtherOrg,
  startTestApp,
} from '../support/serverHarness.js';

/** Issue #20 item 4: uploaded files only for signed-in users of the owning institution and department. */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

async function uploadImage(token: string) {
  const res = await multipart(h.app, token, '/pims/web-org/common/upload', { name: 'a.png', bytes: PNG });
  expect(res.body.code).toBe(0);
  return String(res.body.result.imagePath);
}

const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });

/** The file cookie a sign-in set, as the browser would send it back. */
async function cookieSignIn(loginName: string, loginPassword: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/passport/web-rbac/logins/login',
    payload: { loginName, loginPassword },
  });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return { setCookie, cookie: setCookie.split(';')[0] ?? '', token: res.json().result.token as string };
}

/** An elder of the demo home outside the nurse's only data department (护理一部), and one inside it. */
async function eldersAroundNurse() {
  const db = h.app.services.db;
  const dept = await db
    .selectFrom('dept')
    .select('deptId')
    .where('orgId', '=', 1)
    .where('deptName', '=', '护理一部')
    .executeTakeFirstOrThrow();
  const elder = (inside: boolean) =>
    db
      .selectFrom('oldman')
      .select('oldmanId')
      .where('orgId', '=', 1)
      .where('deptId', inside ? '=' : '!=', dept.deptId)
      .executeTakeFirstOrThrow();
  return { outside: await elder(false), inside: await elder(true) };
}

describe('uploaded files', () => {
  it('are not served to anyone without a session, nor to another institution', async () => {
    const admin = await signInAdmin(h.app);
    const url = await uploadImage(admin.token);
    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 4011, result: null });
    const other = await signInOtherOrg(h.app);
    const foreign = await get(url, { authorization: other.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.rawPayload.equals(PNG)).toBe(false);
    const own = await get(url, { authorization: admin.token });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
  });

  it('reach <img> tags through the HttpOnly cookie set at sign-in, privately cached; logout ends it', async () => {
    const admin = await signInAdmin(h.app);
    const url = await uploadImage(admin.token);
    const signedIn = await cookieSignIn('admin', 'Admin@2026');
    expect(signedIn.setCookie).toMatch(/HttpOnly/i);
    expect(signedIn.setCookie).toMatch(/SameSite=Strict/i);
    expect(signedIn.setCookie).toMatch(/Path=\/files\//);
    const served = await get(url, { cookie: signedIn.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const out = await get('/passport/web-rbac/logins/loginOut', { authorization: signedIn.token });
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await get(url, { cookie: signedIn.cookie })).statusCode).toBe(401);
  });

  it("keep an elder's head image and attachments to users of the elder's data department", async () => {
    const admin = await signInAdmin(h.app);
    const { outside, inside } = await eldersAroundNurse();
    const head = await uploadImage(admin.token);
    const setHead = await h.app.inject({
      method: 'PUT',
      url: `/pims/web-pi/oldmans/proFile/${outside.oldmanId}/head`,
      headers: { authorization: admin.token },
      payload: { headImage: head },
    });
    expect(setHead.json().code).toBe(0);
    const doc = await multipart(h.app, admin.token, '/pims/web-pi/file/stream', {
      name: '体检报告.pdf',
      bytes: Buffer.from('%PDF-1.4 report'),
    });
    const attachment = String(doc.body.result.urlPath);
    const attached = await call(h.app, admin.token, 'POST', '/pims/web-pi/oldmans/file', {
      oldmanId: outside.oldmanId,
      fileName: '体检报告',
      urlPath: attachment,
      fileSizeB: 15,
    });
    expect(attached.body.code).toBe(0);
    const insideHead = await uploadImage(admin.token);
    await h.app.inject({
      method: 'PUT',
      url: `/pims/web-pi/oldmans/proFile/${inside.oldmanId}/head`,
      headers: { authorization: admin.token },
      payload: { headImage: insideHead },
    });

    const nurse = await signInNurse(h.app);
    for (const url of [head, attachment]) {
      const refused = await get(url, { authorization: nurse.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 10301, msg: '无权访问该数据部门' });
      expect((await get(url, { authorization: admin.token })).statusCode).toBe(200);
    }
    expect((await get(insideHead, { authorization: nurse.token })).statusCode).toBe(200);
    const pdf = await get(attachment, { authorization: admin.token });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // A text file that holds markup is a download, never a page of this site.
    const text = await multipart(h.app, admin.token, '/pims/web-pi/file/stream', {
      name: 'note.txt',
      bytes: Buffer.from('<script>alert(1)</script>'),
      type: 'text/html',
    });
    const served = await get(String(text.body.result.urlPath), { authorization: admin.token });
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('serve the login-page and shell branding to everyone', async () => {
    const admin = await signInAdmin(h.app);
    const icon = await uploadImage(admin.token);
    const current = (await call(h.app, admin.token, 'GET', '/passport/web-rbac/iconConfig')).body
      .result as Record<string, unknown>;
    const saved = await call(h.app, admin.token, 'PUT', '/passport/web-rbac/iconConfig', {
      ...current,
      systemIcon: icon,
    });
    expect(saved.body.code).toBe(0);
    const anonymous = await get(icon);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.rawPayload.equals(PNG)).toBe(true);
  });

  it('answer 404 for a path that names no stored file, without touching the disk outside files/', async () => {
    const admin = await signInAdmin(h.app);
    for (const url of [
      '/files/images/none.png',
      '/files/../eldercare.sqlite',
      '/files/%2e%2e/simulator-devices.json',
    ])
      expect((await get(url, { authorization: admin.token })).statusCode).toBe(404);
  });
});
