import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LookupName, lookups } from '../../../domain/lookups.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

/**
 * Spec 000 §7 "Lookups" of the later modules: each answers the spec's value/label fields from
 * seeded rows, trees nest, another organisation sees none of them, bad input gets a Chinese message.
 */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Row = Record<string, unknown>;
let h: Harness;
let admin = '';
let other = '';
let nurse = '';
beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  other = (await signInOtherOrg(h.app)).token;
  nurse = (await signInNurse(h.app)).token;
});
afterAll(async () => {
  await h.close();
});

const CHINESE = /[\u4e00-\u9fa5]/;
const kids = (n?: Row): Row[] => (n?.children as Row[] | undefined) ?? [];
const asList = (result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { list?: Row[] } | null)?.list ?? []);
const query = (params?: Record<string, string | number>) =>
  params ? `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}` : '';
async function lookup(name: LookupName, token = admin) {
  const def = lookups[name];
  const params = 'params' in def ? def.params : undefined;
  const res = await call(h.app, token, 'GET', `${def.url}${query(params)}`);
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
  return asList(res.body.result);
}

/** The flat lookups this work added, with the least rows the demonstration institution has. */
const flat: [LookupName, number][] = [
  ['locationType', 4],
  ['jobType', 7],
  ['depot', 3],
  ['supplier', 3],
  ['spec', 10],
  ['patrolLine', 2],
  ['patrolPoint', 6],
  ['patrolPointIc', 5],
  ['patrolPlan', 2],
  ['patrolExecutor', 1],
  ['shift', 4],
  ['shiftBed', 10],
  ['shiftRoom', 10],
  ['finalGrade', 12],
  ['assessCause', 5],
  ['elderNursingWorker', 1],
  ['dishCategory', 8],
];
/** Organisation-wide constants, the same for everyone. */
const constant = new Set<LookupName>(['locationType', 'jobType']);

describe('flat lookups', () => {
  it.each(flat)('%s answers value and label from seeded rows', async (name, least) => {
    const list = await lookup(name);
    const def = lookups[name];
    expect(list.length).toBeGreaterThanOrEqual(least);
    for (const row of list) {
      expect(row[def.value], `${name}.${def.value}`).toBeDefined();
      expect(String(row[def.label] ?? ''), `${name}.${def.label}`).toMatch(CHINESE);
    }
  });

  it.each(flat.filter(([n]) => !constant.has(n)))(
    '%s: another organisation sees none of them',
    async (name) => {
      const mine = (await lookup(name)).map((r) => r[lookups[name].value]);
      const theirs = (await lookup(name, other)).map((r) => r[lookups[name].value]);
      for (const id of theirs) expect(mine).not.toContain(id);
      if (name !== 'patrolExecutor' && name !== 'elderNursingWorker' && !name.startsWith('shift'))
        expect(theirs).toEqual([]);
    },
  );

  it('shift/noPage carries the work period; only enabled shifts', async () => {
    const list = await lookup('shift');
    expect(list.map((s) => s.shiftName)).toContain('夜班');
    expect(list.find((s) => s.shiftName === '夜班')?.workPeriod).toBe('23:00-次日07:00');
    expect(list.map((s) => s.shiftName)).not.toContain('长白班');
  });

  it('shift/location: beds by mode 1, rooms by mode 2, with full names', async () => {
    const beds = await lookup('shiftBed');
    const rooms = await lookup('shiftRoom');
    expect(beds.every((b) => b.locationType === 4)).toBe(true);
    expect(rooms.every((r) => r.locationType === 3)).toBe(true);
    expect(String(beds[0]?.locationName)).toMatch(/号楼 \d+层 \d+ \d+床$/);
  });
});

describe('trees', () => {
  it('locations nest building → floor → room → bed with parentId', async () => {
    const tree = await lookup('location');
    expect(tree.length).toBeGreaterThan(0);
    const walk = (nodes: Row[], type: number, parent: string) => {
      for (const n of nodes) {
        expect(n.locationType).toBe(type);
        expect(n.parentId).toBe(parent);
        expect(String(n.locationName)).toMatch(/\S/);
        walk(n.children as Row[], type + 1, String(n.locationId));
      }
    };
    walk(tree, 1, '0');
    const bed = kids(kids(kids(tree[0])[0])[0])[0];
    expect(bed?.locationType).toBe(4);
    const shallow = asList(
      (await call(h.app, admin, 'GET', '/ifms/web-org/locations?locationType=2')).body.result,
    );
    expect(kids(shallow[0])[0]?.children).toEqual([]);
  });

  it('storage classify: three levels, only level 3 or parents selectable', async () => {
    const tree = await lookup('storageClassify');
    expect(tree.map((n) => n.classifyName)).toContain('护理用品');
    const all: Row[] = [];
    const walk = (nodes: Row[], level: number) => {
      for (const n of nodes) {
        expect(n.classifyLevel).toBe(level);
        all.push(n);
        walk(n.children as Row[], level + 1);
      }
    };
    walk(tree, 1);
    expect(all.find((n) => n.classifyName === '成人纸尿裤')?.selectable).toBe(true);
    expect(all.find((n) => n.classifyName === '失禁护理')?.selectable).toBe(true);
    expect(all.find((n) => n.classifyName === '文具')?.selectable).toBe(false);
    expect(await lookup('storageClassify', other)).toEqual([]);
  });

  it('a fourth classify level is refused in Chinese; a parent with children cannot be deleted', async () => {
    const tree = await lookup('storageClassify');
    const leaf = kids(kids(tree[0])[0])[0];
    const deep = await call(h.app, admin, 'POST', '/pims/web-pi/storage/classify', {
      classifyName: '第四级',
      parentId: leaf?.classifyId,
    });
    expect(deep.body.code).toBe(10001);
    expect(deep.body.msg).toBe('物品分类最多3级');
    const del = await call(
      h.app,
      admin,
      'DELETE',
      `/pims/web-pi/storage/classify/${String(tree[0]?.classifyId)}`,
    );
    expect(del.body.msg).toMatch(/下还有子分类/);
    const made = await call(h.app, admin, 'POST', '/pims/web-pi/storage/classify', {
      classifyName: '康复器具',
      parentId: kids(tree[0])[0]?.classifyId,
    });
    expect(made.body.code).toBe(0);
    const again = await lookup('storageClassify');
    const node = kids(kids(again[0])[0]).find((n) => n.classifyName === '康复器具');
    expect(node?.classifyLevel).toBe(3);
  });

  it('assess userTree: departments holding users; assessAuth 0 leaves out assessors', async () => {
    const users = (nodes: Row[]): Row[] =>
      nodes.flatMap((n) => ('userId' in n ? [n] : users((n.children as Row[]) ?? [])));
    const open = users(await lookup('assessUserTree'));
    const all = users(
      asList((await call(h.app, admin, 'GET', '/pims/web-pi/user/assess/userTree')).body.result),
    );
    const granted = users(
      asList((await call(h.app, admin, 'GET', '/pims/web-pi/user/assess/userTree?assessAuth=1')).body.result),
    );
    expect(granted.length).toBe(1);
    expect(open.every((u) => u.assessAuth === 0)).toBe(true);
    expect(open.length + granted.length).toBe(all.length);
    expect(String(open[0]?.userName)).toMatch(CHINESE);
    // Granting moves the user out of assessAuth 0; removing by userId moves them back.
    const userId = Number(open[0]?.userId);
    expect((await call(h.app, admin, 'POST', '/pims/web-pi/user/assess', { userId })).body.code).toBe(0);
    expect(users(await lookup('assessUserTree')).map((u) => u.userId)).not.toContain(userId);
    expect((await call(h.app, admin, 'DELETE', `/pims/web-pi/user/assess/${userId}`)).body.code).toBe(0);
    expect(users(await lookup('assessUserTree')).map((u) => u.userId)).toContain(userId);
    const gone = await call(h.app, admin, 'DELETE', `/pims/web-pi/user/assess/${userId}`);
    expect(gone.body.msg).toBe('评估员不存在');
  });
});

describe('dictionaries, regions and elder lookups', () => {
  it.each(['deliver_type', 'activityType', 'oldman_sleep', 'drug_type', 'drug_form', 'drug_min_spec'])(
    'dictionaryDiff %s answers dictionaryId/dictionaryName',
    async (code) => {
      const res = await call(
        h.app,
        admin,
        'GET',
        `/pims/web-org/dictionarys/dictionaryDiff?dictionaryCode=${code}`,
      );
      const list = asList(res.body.result);
      expect(list.length).toBeGreaterThan(0);
      expect(String(list[0]?.dictionaryName)).toMatch(CHINESE);
    },
  );

  it.each(['oldman', 'reception', 'service'])('modelDictionarys %s', async (code) => {
    const res = await call(
      h.app,
      admin,
      'GET',
      `/pims/web-org/dictionarys/modelDictionarys?dictionaryCode=${code}`,
    );
    const list = asList(res.body.result);
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]?.dictionaryId).toBeTypeOf('number');
    expect(String(list[0]?.dictionaryName)).toMatch(CHINESE);
    const theirs = await call(
      h.app,
      other,
      'GET',
      `/pims/web-org/dictionarys/modelDictionarys?dictionaryCode=${code}`,
    );
    for (const row of asList(theirs.body.result))
      expect(list.map((r) => r.dictionaryId)).not.toContain(row.dictionaryId);
  });

  it('modelDictionarys refuses an unknown model in Chinese; dictionaryModels lists the three', async () => {
    const bad = await call(
      h.app,
      admin,
      'GET',
      '/pims/web-org/dictionarys/modelDictionarys?dictionaryCode=drug',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(CHINESE);
    const models = asList(
      (await call(h.app, admin, 'GET', '/pims/web-org/dictionarys/dictionaryModels')).body.result,
    );
    expect(models.map((m) => m.dictionaryCode).sort()).toEqual(['oldman', 'reception', 'service']);
    expect((models[0]?.values as Row[] | undefined)?.length).toBeGreaterThan(0);
  });

  it('POST /abc/sharecode answers provinces and cities (page size 9999)', async () => {
    const res = await call(h.app, admin, 'POST', '/abc/sharecode', { pageNum: 1, pageSize: 9999 });
    const list = asList(res.body.result);
    expect(list.find((r) => r.code === '110000')?.name).toBe('北京市');
    expect(list.some((r) => r.parentCode === '320000')).toBe(true);
    expect(list.every((r) => r.parentCode === '000000' || String(r.parentCode).endsWith('0000'))).toBe(true);
    const bad = await call(h.app, admin, 'POST', '/abc/sharecode', { pageSize: 10000 });
    expect(bad.body.msg).toMatch(/每页最多9999条$/);
  });

  it("an elder's carers: getNursingListByOldManId and nursingworkers/oldman", async () => {
    const elders = await lookup('oldman');
    const elderId = Number(elders[0]?.oldmanId);
    const res = await call(
      h.app,
      admin,
      'GET',
      `/pims/web-pi/nursing/getNursingListByOldManId?oldmanId=${elderId}`,
    );
    const carers = asList(res.body.result);
    expect(carers.length).toBe(1);
    expect(String(carers[0]?.realName)).toMatch(CHINESE);
    const workers = asList(
      (await call(h.app, admin, 'GET', `/pims/web-org/nursingworkers/oldman?oldmanId=${elderId}`)).body
        .result,
    );
    expect(workers.map((w) => w.nursingId)).toContain(carers[0]?.nursingId);
    const missing = await call(h.app, admin, 'GET', '/pims/web-pi/nursing/getNursingListByOldManId');
    expect(missing.body.code).toBe(10001);
    expect(missing.body.msg).toMatch(CHINESE);
    const foreign = await call(
      h.app,
      other,
      'GET',
      `/pims/web-pi/nursing/getNursingListByOldManId?oldmanId=${elderId}`,
    );
    expect(foreign.body.msg).toBe('长者不存在');
    // A second row for the same elder and carer is refused.
    const twin = await call(h.app, admin, 'POST', '/pims/web-pi/nursing/oldmanNursing', {
      oldmanId: elderId,
      nursingId: carers[0]?.nursingId,
    });
    expect(twin.body.msg).toBe('该护理员已是这位长者的责任护理员');
  });

  it('updateOldManCommand lists profile changes of the user’s elders', async () => {
    const res = await call(h.app, admin, 'GET', '/pims/web-pi/oldmans/proFile/updateOldManCommand');
    expect(res.body.code).toBe(0);
    expect(Array.isArray(asList(res.body.result))).toBe(true);
    const bad = await call(
      h.app,
      admin,
      'GET',
      '/pims/web-pi/oldmans/proFile/updateOldManCommand?since=昨天',
    );
    expect(bad.body.msg).toMatch(/起始时间格式应为YYYY-MM-DD HH:mm:ss$/);
  });
});

describe('base records: bad input and rules', () => {
  it('shift times are checked and the work period derived', async () => {
    const bad = await call(h.app, admin, 'POST', '/pims/web-org/attendance/shift', {
      shiftName: '试班',
      startTime: '25:00',
      endTime: '08:00',
      scheduleMode: 1,
      status: 0,
    });
    expect(bad.body.msg).toBe('上班时间格式应为HH:mm');
    const ok = await call(h.app, admin, 'POST', '/pims/web-org/attendance/shift', {
      shiftName: '大夜班',
      startTime: '20:00',
      endTime: '08:00',
      scheduleMode: 2,
      status: 0,
    });
    expect(ok.body.code).toBe(0);
    const made = (await lookup('shift')).find((s) => s.shiftName === '大夜班');
    expect(made?.workPeriod).toBe('20:00-次日08:00');
  });

  it('patrol lines take the organisation’s points only; a point on a line stays', async () => {
    const theirs = await call(h.app, other, 'POST', '/ptms/web-pt/patrol/line', {
      lineName: '偷用路线',
      pointPkIds: String((await lookup('patrolPoint'))[0]?.pointPkId),
    });
    expect(theirs.body.msg).toBe('巡更点不存在');
    const point = (await lookup('patrolPoint'))[0];
    const del = await call(h.app, admin, 'DELETE', `/ptms/web-pt/patrol/point/${String(point?.pointPkId)}`);
    expect(del.body.msg).toMatch(/在路线“.+”中，不能删除/);
    const weekly = await call(h.app, admin, 'POST', '/ptms/web-pt/patrol/plan', {
      planName: '试计划',
      linePkId: (await lookup('patrolLine'))[0]?.linePkId,
      nursingId: (await lookup('patrolExecutor'))[0]?.nursingId,
      planType: 1,
      cycleDays: '8',
      startTime: '09:00',
      endTime: '10:00',
      startDate: '2026-01-01',
      planStatus: 0,
    });
    expect(weekly.body.msg).toBe('执行日应在1-7之间');
  });

  it('writes need the 仓储管理 screens’ codes and stay in the writer’s organisation', async () => {
    expect((await lookup('depot', nurse)).length).toBeGreaterThan(0);
    const noBody = await call(h.app, admin, 'POST', '/pims/web-pi/storage/depot', {});
    expect(noBody.body.msg).toBe('请填写仓库名称');
    const mine = await call(h.app, other, 'POST', '/pims/web-pi/storage/depot', { depotName: '长青库房' });
    expect(mine.body.code).toBe(0);
    expect((await lookup('depot')).map((d) => d.depotName)).not.toContain('长青库房');
    // Without the edit code the write is refused (the code is taken from the nurse's role here).
    await h.app.services.db
      .deleteFrom('roleAuthority')
      .where('code', '=', 'warehouse:depot:add')
      .where('roleId', 'in', (eb) => eb.selectFrom('role').select('roleId').where('name', '!=', '系统管理员'))
      .execute();
    const { forgetAuthorizations } = await import('../../../server/auth/tokens.js');
    forgetAuthorizations(h.app.services.db);
    const refused = await call(h.app, nurse, 'POST', '/pims/web-pi/storage/depot', { depotName: '新库房' });
    expect(refused.body.code).toBe(401);
  });

  it('a second seeding adds nothing (idempotent)', async () => {
    const { seedLookups } = await import('../../../server/db/seedLookups.js');
    const before = (await lookup('spec')).length;
    await seedLookups(h.app.services.db);
    expect((await lookup('spec')).length).toBe(before);
  });
});

describe('console dictionaries (src/dict) over these lookups', () => {
  it('trees keep their children in the session cache; unselectable nodes are disabled', async () => {
    const { loadDict } = await import('../../../src/dict/dictionaries.js');
    const store = new Map<string, string>();
    const cache = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const request = (async (config: { url: string; params?: Record<string, unknown> }) =>
      (
        await call(
          h.app,
          admin,
          'GET',
          `${config.url}${query(config.params as Record<string, string | number> | undefined)}`,
        )
      ).body.result) as Parameters<typeof loadDict>[1];
    const classify = await loadDict('storageClassify', request, cache);
    const stationery = kids(classify.find((n) => n.label === '办公用品') as unknown as Row).find(
      (n) => n.label === '文具',
    );
    expect(stationery?.disabled).toBe(true);
    expect(classify[0]?.children?.[0]?.children?.[0]?.disabled).toBeUndefined();
    const assessors = await loadDict('assessUserTree', request, cache);
    expect(assessors[0]?.disabled).toBe(true);
    expect(assessors[0]?.children?.length).toBeGreaterThan(0);
    // Restored from session storage on the next load: no request.
    const again = await loadDict(
      'storageClassify',
      (() => Promise.reject(new Error('offline'))) as never,
      cache,
    );
    expect(again).toEqual(classify);
    expect([...store.keys()]).toContain('dictionarystorageClassify');
  });
});
