import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OLDMAN_BASE } from '../../domain/resources/oldman.js';
import { call, signInAdmin, startTestApp } from '../support/serverHarness.js';

type Page = { list: Record<string, unknown>[]; total: number };

/**
 * A list's answer is kept until a table it read changes. On PostgreSQL the tables' versions come in the
 * session's own statement (issue #43): a write another node makes, straight to the database, must still
 * show on the next read of the page.
 */
describe('a kept list answer', () => {
  let h: Awaited<ReturnType<typeof startTestApp>>;
  let admin: string;
  beforeAll(async () => {
    h = await startTestApp();
    admin = (await signInAdmin(h.app)).token;
  });
  afterAll(() => h.close());

  const page = async (url: string) => {
    const answer = await call(h.app, admin, 'GET', url);
    expect(answer.body.code).toBe(0);
    return answer.body.result as Page;
  };

  it('follows writes made behind the server, to the listed table and to a table it names from', async () => {
    const url = `${OLDMAN_BASE}?pageNum=1&pageSize=10`;
    const first = await page(url);
    expect(await page(url)).toEqual(first);
    const elder = first.list[0] as { oldmanId: number; deptId: number; oldmanName: string };
    const db = h.app.services.db;
    await sql`update oldman set oldmanName = ${'改名测试甲'} where oldmanId = ${elder.oldmanId}`.execute(db);
    const renamed = await page(url);
    expect(renamed.list[0]).toMatchObject({ oldmanId: elder.oldmanId, oldmanName: '改名测试甲' });
    expect(await page(url)).toEqual(renamed);

    const deptName = Object.entries(first.list[0] ?? {}).find(
      ([key, value]) => key !== 'deptId' && key.startsWith('dept') && typeof value === 'string',
    )?.[0];
    expect(deptName).toBeDefined();
    await sql`update dept set deptName = ${'改名测试部'} where deptId = ${elder.deptId}`.execute(db);
    const moved = await page(url);
    expect(moved.list[0]?.[deptName as string]).toBe('改名测试部');

    await sql`delete from oldmanModify where oldmanId = ${elder.oldmanId}`.execute(db);
    await sql`insert into oldman (orgId, deptId, oldmanName, oldmanIdcard, sex, birthday, phone, oldmanStatus, nursingLevel, createTime, updateTime)
      values (1, ${elder.deptId}, ${'新来的长者'}, ${'11010519491231002X'}, 0, ${'1949-12-31'}, '', 3, '', ${'2026-01-01 08:00:00'}, '')`.execute(
      db,
    );
    const grown = await page(url);
    expect(grown.total).toBe(first.total + 1);
    expect(grown.list[0]?.oldmanName).toBe('新来的长者');
  });
});
