import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import { call, grantNurse, signInAdmin, startTestApp } from '../support/serverHarness.js';

/**
 * Issue #39 point 3: where the spec's wording reads two ways, both are answered — each of these was a
 * route-missing 404 — and they change what the other reading changes.
 */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
let h: Harness;
let token = '';
beforeEach(async () => {
  h = await startTestApp();
  token = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const ok = async (method: 'GET' | 'PUT', url: string, body?: Rec) => {
  const res = await call(h.app, token, method, url, body);
  expect(res.body.code, `${method} ${url}: ${res.body.msg}`).toBe(0);
  return res.body.result as Rec;
};
const first = async (url: string) => ((await ok('GET', url)).list as Rec[])[0] as Rec;

describe('the spec’s paths as written (issue #39 point 3)', () => {
  const profile = '/pims/web-pi/oldmans/proFile';
  /** Two residents: the one in the path and another. */
  const twoElders = async () => {
    const list = (await ok('GET', '/pims/web-pi/oldmans?oldmanStatuses=1&pageSize=2')).list as Rec[];
    return list.map((e) => Number(e.oldmanId)) as [number, number];
  };

  // each section: a field it saves, two values, and what else the section requires (read back from GET)
  it.each([
    { section: 'base', field: 'religion', value: '佛教', other: '基督教' },
    { section: 'extra', field: 'hobbies', value: '书法', other: '象棋' },
    { section: 'health', field: 'allergies', value: '花粉', other: '青霉素' },
    { section: 'live', field: 'liveRemark', value: '按路径修改', other: '另一位长者' },
  ])(
    'PUT proFile/{oldmanId}/$section saves the section of the elder in the path, and refuses another in the body',
    async ({ section, field, value, other }) => {
      const [id, otherId] = await twoElders();
      const url = (oldmanId: number) => `${profile}/${oldmanId}/${section}`;
      const otherBefore = (await ok('GET', url(otherId)))[field] ?? null;
      // the section as GET answers it, the elder's id left out: the path names the elder
      const { oldmanId: _, ...current } = await ok('GET', url(id));
      await ok('PUT', url(id), { ...current, [field]: value });
      expect((await ok('GET', url(id)))[field]).toBe(value);
      expect((await ok('GET', url(otherId)))[field] ?? null).toBe(otherBefore);
      const refused = await call(h.app, token, 'PUT', url(id), {
        ...current,
        oldmanId: otherId,
        [field]: other,
      });
      expect(refused.body).toMatchObject({ code: Code.invalidInput, msg: '路径与请求中的长者不一致' });
      expect((await ok('GET', url(id)))[field]).toBe(value);
      expect((await ok('GET', url(otherId)))[field] ?? null).toBe(otherBefore);
    },
  );

  describe('PUT proFile/{oldmanId}/family sets the elder’s family members in one call', () => {
    const member = (familyName: string, phone: string) => ({
      familyName,
      relation: 1,
      phone,
      isEmergency: 1,
    });
    const family = async (oldmanId: number) =>
      (await ok('GET', `${profile}/${oldmanId}/family`)) as unknown as Rec[];
    const put = (oldmanId: number, members: Rec[], as = token) =>
      call(h.app, as, 'PUT', `${profile}/${oldmanId}/family`, members as unknown as Rec);

    it('adds, changes and removes members as the list says, and answers the set', async () => {
      const [id] = await twoElders();
      const start = await put(id, [member('王建国', '13900000001'), member('王丽', '13900000002')]);
      expect(start.body.code, start.body.msg).toBe(0);
      const [first, second] = await family(id);
      expect([first?.familyName, second?.familyName]).toEqual(['王建国', '王丽']);
      // the rows as GET answers them go back: the first changed, the second left out, a third added
      const saved = await put(id, [{ ...first, phone: '13900000009' }, member('王小明', '13900000003')]);
      expect(saved.body.code, saved.body.msg).toBe(0);
      const after = await family(id);
      expect(saved.body.result).toEqual(after);
      expect(after.map((f) => [f.familyName, f.phone])).toEqual([
        ['王建国', '13900000009'],
        ['王小明', '13900000003'],
      ]);
      expect(after[0]?.familyId).toBe(first?.familyId);
      expect(after.every((f) => f.oldmanId === id)).toBe(true);
    });

    it('refuses another elder’s family member, another elder in the body, and a member not valid', async () => {
      const [id, otherId] = await twoElders();
      expect((await put(otherId, [member('李四', '13900000004')])).body.code).toBe(0);
      expect((await put(id, [member('王建国', '13900000001')])).body.code).toBe(0);
      const [stranger] = await family(otherId);
      const mine = await family(id);
      // the stranger sent as this elder's: its id decides, not the elder it claims
      const refused = await put(id, [...mine, { ...stranger, oldmanId: id, phone: '13900000005' }]);
      expect(refused.body).toMatchObject({
        code: Code.invalidInput,
        msg: `家属（编号${String(stranger?.familyId)}）不是该长者的家属`,
      });
      const wrongElder = await put(id, [...mine, { ...member('李五', '13900000006'), oldmanId: otherId }]);
      expect(wrongElder.body).toMatchObject({ code: Code.invalidInput, msg: '路径与请求中的长者不一致' });
      const invalid = await put(id, [...mine, { familyName: '李六', relation: 1 }]);
      expect(invalid.body).toMatchObject({ code: Code.invalidInput, msg: '请填写联系电话' });
      const notAList = await put(id, { familyName: '李六' } as unknown as Rec[]);
      expect(notAList.body).toMatchObject({ code: Code.invalidInput, msg: '请提交家属列表' });
      // nothing of the refused calls was saved, on either elder
      expect(await family(id)).toEqual(mine);
      expect((await family(otherId)).map((f) => [f.familyId, f.phone])).toEqual([
        [stranger?.familyId, '13900000004'],
      ]);
    });

    it('asks for the family screen’s authority of each change it makes', async () => {
      const nurse = await grantNurse(h.app, 'live:family', ['live:family', 'live:family:add']);
      const elder = (
        (await call(h.app, nurse, 'GET', '/pims/web-pi/oldmans?pageSize=1')).body.result as { list: Rec[] }
      ).list[0];
      const id = Number(elder?.oldmanId);
      expect((await put(id, [member('赵一', '13900000007')], nurse)).body.code).toBe(0);
      const mine = await family(id);
      // adding needs 新增 alone, so the list sent back with one more member passes
      expect((await put(id, [...mine, member('赵二', '13900000008')], nurse)).body.code).toBe(0);
      const two = await family(id);
      const edit = await put(id, [{ ...two[0], phone: '13900000010' }, two[1] as Rec], nurse);
      expect(edit.body).toMatchObject({ code: Code.noAuthority, msg: '权限不足' });
      const remove = await put(id, [two[0] as Rec], nurse);
      expect(remove.body).toMatchObject({ code: Code.noAuthority, msg: '权限不足' });
      expect(await family(id)).toEqual(two);
      const none = await grantNurse(h.app, 'live:family', ['live:family']);
      expect((await put(id, two, none)).body.code).toBe(Code.noAuthority);
    });
  });

  it('GET and PUT levels/{levelId}', async () => {
    const level = await first('/pims/web-org/levels?pageSize=1');
    const id = Number(level.levelId);
    expect(await ok('GET', `/pims/web-org/levels/${id}`)).toMatchObject({ levelName: level.levelName });
    await ok('PUT', `/pims/web-org/levels/${id}`, { ...level, levelId: undefined, remark: '按路径修改' });
    expect((await ok('GET', `/pims/web-org/levels/${id}`)).remark).toBe('按路径修改');
  });

  it('PUT projectCategorys/{id}', async () => {
    const category = await first('/pims/web-org/projectCategorys?pageSize=1');
    const id = Number(category.projectCategoryId);
    await ok('PUT', `/pims/web-org/projectCategorys/${id}`, {
      projectCategoryName: category.projectCategoryName,
      sort: category.sort,
      remark: '按路径修改',
    });
    const after = ((await ok('GET', '/pims/web-org/projectCategorys?pageSize=100')).list as Rec[]).find(
      (c) => c.projectCategoryId === id,
    );
    expect(after?.remark).toBe('按路径修改');
  });

  it('PUT patrol/plan/planStatus stops and starts a plan, and refuses a status that is none', async () => {
    const plan = await first('/ptms/web-pt/patrol/plan?pageSize=1');
    const status = async () =>
      ((await ok('GET', '/ptms/web-pt/patrol/plan?pageSize=100')).list as Rec[]).find(
        (p) => p.planPkId === plan.planPkId,
      )?.planStatus;
    await ok('PUT', '/ptms/web-pt/patrol/plan/planStatus', { planPkId: plan.planPkId, planStatus: 1 });
    expect(await status()).toBe(1);
    await ok('PUT', '/ptms/web-pt/patrol/plan/planStatus', { planPkId: plan.planPkId, planStatus: 0 });
    expect(await status()).toBe(0);
    const bad = await call(h.app, token, 'PUT', '/ptms/web-pt/patrol/plan/planStatus', {
      planPkId: plan.planPkId,
      planStatus: 5,
    });
    expect(bad.body.code).toBe(Code.invalidInput);
    expect(await status()).toBe(0);
  });

  it('GET oldmanEasyPart/buildings/bedInfos answers the rooms buildings/bedInfos answers', async () => {
    const building = (
      (await ok('GET', '/pims/web-org/oldmans/live/buildings')) as unknown as Rec[]
    )[0] as Rec;
    const query = `?buildingId=${String(building.buildingId)}`;
    const rooms = await ok('GET', `/pims/web-org/oldmans/live/buildings/bedInfos${query}`);
    expect(await ok('GET', `/pims/web-org/oldmans/live/oldmanEasyPart/buildings/bedInfos${query}`)).toEqual(
      rooms,
    );
    expect((rooms as unknown as Rec[]).length).toBeGreaterThan(0);
  });
});
