import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import { call, signInAdmin, startTestApp } from '../support/serverHarness.js';

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
  it('PUT proFile/{oldmanId}/health saves the section of the elder in the path, and refuses another in the body', async () => {
    const elder = await first('/pims/web-pi/oldmans?oldmanStatuses=1&pageSize=1');
    const id = Number(elder.oldmanId);
    await ok('PUT', `/pims/web-pi/oldmans/proFile/${id}/health`, { bloodType: 'AB', allergies: '花粉' });
    expect(await ok('GET', `/pims/web-pi/oldmans/proFile/${id}/health`)).toMatchObject({
      bloodType: 'AB',
      allergies: '花粉',
    });
    const other = await call(h.app, token, 'PUT', `/pims/web-pi/oldmans/proFile/${id}/health`, {
      oldmanId: id + 1,
      allergies: '青霉素',
    });
    expect(other.body).toMatchObject({ code: Code.invalidInput, msg: '路径与请求中的长者不一致' });
    expect((await ok('GET', `/pims/web-pi/oldmans/proFile/${id}/health`)).allergies).toBe('花粉');
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
