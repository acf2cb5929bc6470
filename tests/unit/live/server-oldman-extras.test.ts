import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { OLDMAN_BASE, PROFILE } from '../../../domain/resources/oldman.js';
import { call, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

type Page = { list: Record<string, unknown>[]; total: number };
const firstLiving = async (token: string) =>
  ((await call(h.app, token, 'GET', `${OLDMAN_BASE}?oldmanStatuses=1&pageSize=1`)).body.result as Page)
    .list[0] as Record<string, unknown>;

describe('elder profile extras', () => {
  it('invites a family member by SMS with a code and lists the invitation as waiting', async () => {
    const { token } = await signInAdmin(h.app);
    const elder = await firstLiving(token);
    const added = await call(h.app, token, 'POST', '/pims/web-pi/family', {
      oldmanId: elder.oldmanId,
      familyName: '李明',
      relation: 2,
      phone: '13811112222',
    });
    expect(added.body.code).toBe(0);
    const familyId = (added.body.result as { familyId: number }).familyId;
    const sent = await call(h.app, token, 'POST', `${PROFILE}/sendInvitationInfo`, {
      oldmanId: elder.oldmanId,
      familyId,
    });
    expect(sent.body.code).toBe(0);
    expect(h.sms.at(-1)?.phoneNum).toBe('13811112222');
    expect(h.sms.at(-1)?.text).toMatch(
      new RegExp(`李明您好，邀请您关注${String(elder.oldmanName)}.*邀请码\\d{6}`),
    );
    const list = (
      await call(h.app, token, 'GET', `${PROFILE}/invitationFamily?oldmanId=${String(elder.oldmanId)}`)
    ).body.result as { familyName: string; state: string }[];
    expect(list).toEqual([expect.objectContaining({ familyName: '李明', state: '待接受' })]);
    h.clock.now += 8 * 24 * 3600_000;
    const again = await signInAdmin(h.app); // the old session expired meanwhile
    const later = (
      await call(h.app, again.token, 'GET', `${PROFILE}/invitationFamily?oldmanId=${String(elder.oldmanId)}`)
    ).body.result as { state: string }[];
    expect(later[0]?.state).toBe('已过期');
    const wrong = await call(h.app, again.token, 'POST', `${PROFILE}/sendInvitationInfo`, {
      oldmanId: elder.oldmanId,
      familyId: 999999,
    });
    expect(wrong.body).toMatchObject({ code: Code.notFound, msg: '家属不存在' });
  });

  it('attaches only uploaded files, lists and deletes them; the bed tree holds only the user’s departments', async () => {
    const { token } = await signInAdmin(h.app);
    const elder = await firstLiving(token);
    const fake = await call(h.app, token, 'POST', `${OLDMAN_BASE}/file`, {
      oldmanId: elder.oldmanId,
      fileName: '体检报告',
      urlPath: '/files/documents/none.pdf',
    });
    expect(fake.body).toMatchObject({ code: Code.invalidInput, msg: '文件不存在，请先上传' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2])]), '体检.pdf');
    const encoded = new Response(form);
    const up = await h.app.inject({
      method: 'POST',
      url: '/pims/web-pi/file/stream',
      headers: { authorization: token, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    const uploaded = (up.json() as { result: Record<string, unknown> }).result;
    const urlPath = String(Object.values(uploaded).find((v) => String(v).startsWith('/files/')));
    const ok = await call(h.app, token, 'POST', `${OLDMAN_BASE}/file`, {
      oldmanId: elder.oldmanId,
      fileName: '体检报告',
      urlPath,
    });
    expect(ok.body.code).toBe(0);
    const files = (await call(h.app, token, 'GET', `${OLDMAN_BASE}/file?oldmanId=${String(elder.oldmanId)}`))
      .body.result as { fileId: number; fileName: string }[];
    expect(files.map((f) => f.fileName)).toEqual(['体检报告']);
    expect((await call(h.app, token, 'DELETE', `${OLDMAN_BASE}/file/${files[0]?.fileId}`)).body.code).toBe(0);
    const none = (await call(h.app, token, 'GET', `${OLDMAN_BASE}/file?oldmanId=${String(elder.oldmanId)}`))
      .body.result as unknown[];
    expect(none).toEqual([]);

    const nurse = await signInNurse(h.app);
    const tree = (await call(h.app, nurse.token, 'GET', '/pims/web-pi/common/org/roomBed')).body.result as {
      children: { children: { children: { type: string; oldmanName: string | null }[] }[] }[];
    }[];
    const beds = tree.flatMap((b) => b.children.flatMap((f) => f.children.flatMap((r) => r.children)));
    expect(beds.length).toBeGreaterThan(0);
    expect(beds.every((b) => b.type === 'bed')).toBe(true);
    const adminTree = (await call(h.app, token, 'GET', '/pims/web-pi/common/org/roomBed')).body
      .result as typeof tree;
    const adminBeds = adminTree.flatMap((b) =>
      b.children.flatMap((f) => f.children.flatMap((r) => r.children)),
    );
    expect(adminBeds.length).toBeGreaterThan(beds.length);
  });

  it('keeps the profile menus per organisation; a bad list is refused and changes nothing', async () => {
    const { token } = await signInAdmin(h.app);
    const url = '/pims/web-org/setting/oldmanMenus';
    expect(((await call(h.app, token, 'GET', url)).body.result as { menus: string[] }).menus).toContain(
      'base',
    );
    const saved = await call(h.app, token, 'POST', url, { menus: ['base', 'health', 'family'] });
    expect(saved.body.code).toBe(0);
    const bad = await call(h.app, token, 'POST', url, { menus: ['base', 'base'] });
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '档案菜单不能重复' });
    expect((await call(h.app, token, 'GET', url)).body.result).toEqual({
      menus: ['base', 'health', 'family'],
    });
    const sales = (await call(h.app, token, 'GET', '/pims/web-pi/personnel/sale?pageHelper=0')).body
      .result as Page;
    expect(sales.list[0]).toEqual(
      expect.objectContaining({ saleId: expect.any(Number), saleName: expect.any(String) }),
    );
  });
});
