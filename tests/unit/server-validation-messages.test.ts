import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../domain/zodLocale.js';
import { z } from 'zod';
import { idCardCheckChar, idCardMessage, idCardProblem, isValidIdCard } from '../../domain/idCard.js';
import { bodySchema, listQuerySchema } from '../../domain/resource.js';
import { PROFILE } from '../../domain/resources/oldman.js';
import { COST } from '../../features/expense/api.js';
import { allResources } from '../../features/modules.js';
import { fieldLabel, issueMessage } from '../../server/http/errors.js';
import { allRoutes } from '../../server/modules/index.js';
import { call, signInAdmin, startTestApp } from '../support/serverHarness.js';

/** A number with the right check character for any 17 leading digits. */
const withCheck = (first17: string) => first17 + idCardCheckChar(first17);
const today = new Date(2026, 5, 15, 10, 0, 0);

describe('the ID-card check names the real problem (issue #23)', () => {
  it('an impossible birth date, a future one and an unknown region, each with a right check character', () => {
    expect(idCardProblem(withCheck('11010519450230001'), today)).toBe('出生日期不存在');
    expect(idCardProblem(withCheck('11010519451301001'), today)).toBe('出生日期不存在');
    expect(idCardProblem(withCheck('11010520260616001'), today)).toBe('出生日期不能晚于今天');
    expect(idCardProblem(withCheck('00000019450101001'), today)).toBe('地区码不存在');
    expect(idCardProblem(withCheck('99010519450101001'), today)).toBe('地区码不存在');
    const good = withCheck('11010519450228001');
    expect(idCardProblem(good, today)).toBeNull();
    expect(isValidIdCard(good, today)).toBe(true);
    const wrongCheck = `${good.slice(0, 17)}${good[17] === '1' ? '2' : '1'}`;
    expect(idCardProblem(wrongCheck, today)).toBe('校验位不正确');
    expect(idCardProblem('12345', today)).toBe('应为18位，前17位为数字，末位为数字或X');
    expect(idCardMessage(withCheck('11010519450230001'), '身份证号', today)).toBe('身份证号：出生日期不存在');
    // a baby born today is fine; the lower-case x of a typed number is the check character X
    const born = withCheck('11010520260615002');
    expect(idCardProblem(born, today)).toBeNull();
  });
});

describe('refusals name their field in Chinese, never the wire name', () => {
  it('every field of every call and resource has a Chinese name', () => {
    const missing = new Set<string>();
    const walk = (schema: unknown, seen = new Set<unknown>()) => {
      if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
      seen.add(schema);
      const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
      if (!def) return;
      if (def.type === 'object')
        for (const [key, inner] of Object.entries(def.shape as Record<string, unknown>)) {
          if (!fieldLabel(key)) missing.add(key);
          walk(inner, seen);
        }
      for (const k of ['innerType', 'in', 'out', 'element', 'schema']) walk(def[k], seen);
      if (Array.isArray(def.options)) for (const o of def.options) walk(o, seen);
    };
    for (const r of allRoutes({ loginRatePerMinute: 30 }))
      for (const part of [r.query, r.body, r.params]) walk(part);
    for (const def of allResources) {
      walk(bodySchema(def, 'create'));
      walk(bodySchema(def, 'update'));
      walk(listQuerySchema(def));
    }
    expect([...missing].sort()).toEqual([]);
  });

  it('a general message follows the field name; a message written for the field stands alone', () => {
    const schema = z.object({
      amount: z.coerce.number().int().max(10, '金额过大'),
      pageSize: z.coerce.number().int().min(1),
      items: z.array(z.object({ oldmanId: z.number() })).min(1, '请至少选择一位长者'),
    });
    const first = (value: unknown) => {
      const r = schema.safeParse(value);
      if (r.success) throw new Error('accepted');
      return issueMessage(r.error.issues[0] as z.core.$ZodIssue);
    };
    expect(first({ amount: 99, pageSize: 1, items: [{ oldmanId: 1 }] })).toBe('金额过大');
    expect(first({ amount: 1, pageSize: 'x', items: [{ oldmanId: 1 }] })).toBe('每页条数应为数字');
    expect(first({ amount: 1, pageSize: 0, items: [{ oldmanId: 1 }] })).toBe('每页条数不能小于1');
    expect(first({ amount: 1, pageSize: 1, items: [] })).toBe('请至少选择一位长者');
    expect(first({ amount: 1, pageSize: 1, items: [{}] })).toBe('长者不能为空');
  });
});

describe('refused calls, as the console sees them', () => {
  let h: Awaited<ReturnType<typeof startTestApp>>;
  let admin: string;
  beforeAll(async () => {
    h = await startTestApp();
    admin = (await signInAdmin(h.app)).token;
  });
  afterAll(async () => {
    await h.close();
  });
  const refusal = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await call(h.app, admin, method, url, body);
    expect(res.body.code).toBe(10001);
    return res.body.msg;
  };

  it('收款 of 99999999999 元 answers 金额过大 (it answered "amount: 金额过大")', async () => {
    const elders = (await call(h.app, admin, 'GET', `${COST}/account?pageSize=1`)).body.result as {
      list: { oldmanId: number }[];
    };
    const oldmanId = elders.list[0]?.oldmanId;
    expect(await refusal('POST', `${COST}/account/1/0`, { oldmanId, amount: 9999999999900, payWay: 2 })).toBe(
      '金额过大',
    );
    expect(await refusal('POST', `${COST}/account/1/0`, { oldmanId, amount: 100, payWay: 99 })).toBe(
      '支付方式无效',
    );
    expect(await refusal('GET', `${COST}/account?pageSize=abc`)).toBe('每页条数无效');
  });

  it('a profile with an impossible birth date in its ID card says so', async () => {
    const depts = (await call(h.app, admin, 'GET', '/passport/web-rbac/logins/getDataDeptInfoList')).body
      .result as { deptId: number }[];
    const msg = await refusal('POST', PROFILE, {
      oldmanName: '王五',
      oldmanIdcard: withCheck('11010519450230001'),
      deptId: depts[0]?.deptId,
    });
    expect(msg).toBe('身份证号：出生日期不存在');
    expect(
      await refusal('POST', PROFILE, {
        oldmanName: '王五',
        oldmanIdcard: withCheck('00000019450101001'),
        deptId: depts[0]?.deptId,
      }),
    ).toBe('身份证号：地区码不存在');
  });
});
