import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import { installErrorHandlers } from '../../server/http/errors.js';
import { installSchemaCompilers } from '../../server/http/openapi.js';
import { registerRoutes } from '../../server/http/route.js';
import {
  buildRegionTree,
  isRegion,
  ROOT_REGION,
  regionChildren,
  regionCounts,
  regionName,
  regionPath,
} from '../../server/regions/data.js';
import { regionRoutes } from '../../server/routes/org/regions.js';
import { signInAdmin, startTestApp } from '../support/serverHarness.js';

describe('region tree (server/regions/data.ts)', () => {
  it('holds every province, city and county of the package with 6-digit codes', () => {
    const counts = regionCounts();
    expect(counts.provinces).toBe(31);
    expect(counts.cities).toBeGreaterThan(330);
    expect(counts.counties).toBeGreaterThan(2800);
    const provinces = regionChildren(ROOT_REGION);
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市', parentCode: '000000', leaf: false });
    expect(provinces.map((p) => p.name)).toContain('浙江省');
    for (const p of provinces) {
      expect(p.code).toMatch(/^\d{2}0000$/);
      for (const c of regionChildren(p.code)) {
        expect(c.code).toMatch(/^\d{4}00$/);
        expect(c.code.slice(0, 2)).toBe(p.code.slice(0, 2));
      }
    }
  });

  it('gives children, paths and full names', () => {
    expect(regionChildren('330100').map((r) => r.name)).toContain('西湖区');
    expect(regionChildren('330106')).toEqual([]);
    expect(regionChildren('999999')).toEqual([]);
    expect(regionPath('330106')).toEqual([
      { code: '330000', name: '浙江省', parentCode: '000000', leaf: false },
      { code: '330100', name: '杭州市', parentCode: '330000', leaf: false },
      { code: '330106', name: '西湖区', parentCode: '330100', leaf: true },
    ]);
    expect(regionPath('000000')).toEqual([]);
    expect(regionName('330106')).toBe('浙江省杭州市西湖区');
    expect(regionName('330100')).toBe('浙江省杭州市');
    expect(regionName('330000')).toBe('浙江省');
    expect(regionName('123456')).toBeNull();
    expect(regionName('000000')).toBeNull();
  });

  it('keeps the official 市辖区 level of municipalities but leaves it out of full names', () => {
    expect(regionChildren('110000')[0]).toMatchObject({ code: '110100', name: '市辖区' });
    expect(regionPath('110101').map((r) => r.code)).toEqual(['110000', '110100', '110101']);
    expect(regionName('110101')).toBe('北京市东城区');
    expect(regionName('500229')).toBe('重庆市城口县');
    expect(regionName('419001')).toBe('河南省济源市');
  });

  it('makes cities without counties leaves', () => {
    const dongguan = regionChildren('440000').find((r) => r.name === '东莞市');
    expect(dongguan).toEqual({ code: '441900', name: '东莞市', parentCode: '440000', leaf: true });
    expect(regionPath('441900')).toHaveLength(2);
    expect(regionName('441900')).toBe('广东省东莞市');
  });

  it('knows which codes are divisions', () => {
    expect(isRegion('330106')).toBe(true);
    expect(isRegion('330000')).toBe(true);
    expect(isRegion('000000')).toBe(false);
    expect(isRegion('330199')).toBe(false);
    expect(isRegion('33010')).toBe(false);
    expect(isRegion('')).toBe(false);
  });

  it('normalises short codes and skips orphans and repeats', () => {
    const tree = buildRegionTree({
      provinces: [{ code: '44', name: '广东省' }],
      cities: [
        { code: '4401', name: '广州市', provinceCode: '44' },
        { code: '4419', name: '东莞市', provinceCode: '44' },
        { code: '9901', name: '无主市', provinceCode: '99' },
      ],
      areas: [
        { code: '440106', name: '天河区', cityCode: '4401' },
        { code: '441900', name: '东莞市', cityCode: '4419' },
      ],
    });
    expect([...tree.byCode.keys()]).toEqual(['440000', '440100', '441900', '440106']);
    expect(tree.children.get('441900')).toBeUndefined();
    expect(tree.byCode.get('440106')).toEqual({ code: '440106', name: '天河区', parentCode: '440100' });
    expect(() => buildRegionTree({ provinces: [{ code: 44 }], cities: [], areas: [] })).toThrow();
  });
});

describe('GET /pims/web-org/common/pcd', () => {
  // The region routes on a bare Fastify, signed in through the real app's sessions.
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    harness = await startTestApp();
    token = (await signInAdmin(harness.app)).token;
    app = Fastify();
    installErrorHandlers(app);
    installSchemaCompilers(app, true);
    registerRoutes(app, harness.app.services, regionRoutes());
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await harness.close();
  });
  const get = async (url: string, withToken = true) => {
    const res = await app.inject({ method: 'GET', url, headers: withToken ? { authorization: token } : {} });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; result: unknown } };
  };

  it('lists provinces by default and children of a parent code', async () => {
    const root = await get('/pims/web-org/common/pcd');
    expect(root.status).toBe(200);
    expect(root.body.code).toBe(Code.ok);
    expect(root.body.result).toHaveLength(31);
    expect(root.body.result).toEqual(regionChildren(ROOT_REGION));
    const empty = await get('/pims/web-org/common/pcd?parentCode=');
    expect(empty.body.result).toHaveLength(31);
    const cities = await get('/pims/web-org/common/pcd?parentCode=330000');
    expect(cities.body.result).toContainEqual({
      code: '330100',
      name: '杭州市',
      parentCode: '330000',
      leaf: false,
    });
    expect((await get('/pims/web-org/common/pcd?parentCode=999999')).body.result).toEqual([]);
  });

  it('returns the path of a code', async () => {
    const path = await get('/pims/web-org/common/pcd?code=330106');
    expect((path.body.result as { name: string }[]).map((r) => r.name)).toEqual([
      '浙江省',
      '杭州市',
      '西湖区',
    ]);
    expect((await get('/pims/web-org/common/pcd?code=123456')).body.result).toEqual([]);
  });

  it('refuses bad codes with a Chinese message and callers without a session', async () => {
    const bad = await get('/pims/web-org/common/pcd?parentCode=33');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(Code.invalidInput);
    expect(bad.body.msg).toBe('区划编码应为6位数字');
    const twice = await get('/pims/web-org/common/pcd?code=330106&code=330100');
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toContain('区划编码应为6位数字');
    const anonymous = await get('/pims/web-org/common/pcd', false);
    expect(anonymous.body.code).toBe(Code.loginExpired);
  });
});
