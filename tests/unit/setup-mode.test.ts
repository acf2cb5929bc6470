import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import { type AppOptions, buildApp } from '../../server/app.js';
import { startBanner } from '../../server/banner.js';
import { call, signIn, signInAdmin } from '../support/serverHarness.js';

/**
 * SEED_DEMO=off (issue #21): a real home starts with one institution, its administrator (who must
 * change the given password first), its settings and reference data — no demo accounts, residents,
 * devices, money or records; and the choice made on the first start is kept.
 */
const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'eldercare-setup-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const REAL: AppOptions['firstInstitution'] = {
  orgName: '松鹤养老中心',
  admin: { loginName: 'director', password: 'Songhe2026' },
};
const start = (dataDir: string, options: Partial<AppOptions> = {}) =>
  buildApp({ dataDir, pushBeatMs: 0, loginRatePerMinute: 1000, ...options });

async function counts(app: Awaited<ReturnType<typeof buildApp>>) {
  const db = app.services.db;
  const n = async (table: 'org' | 'users' | 'oldman' | 'device' | 'building' | 'ledgerTx') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    org: await n('org'),
    users: await n('users'),
    oldman: await n('oldman'),
    devices: await n('device'),
    buildings: await n('building'),
    trades: await n('ledgerTx'),
  };
}

describe('SEED_DEMO=off', () => {
  it('sets up one institution and its administrator, who changes the password before anything else', async () => {
    const dir = temp();
    const app = await start(dir, { seedDemo: false, firstInstitution: REAL });
    try {
      expect(app.services.setup).toBe('production');
      expect(await counts(app)).toMatchObject({
        org: 1,
        users: 1,
        oldman: 0,
        devices: 0,
        buildings: 0,
        trades: 0,
      });
      // the settings to start from: charge items and care levels, without made-up discounts
      const rows = async (table: string) =>
        Number(
          (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(app.services.db))
            .rows[0]?.n,
        );
      expect(await rows('costProject')).toBeGreaterThan(0);
      expect(await rows('careLevel')).toBe(4);
      expect(await rows('discountRule')).toBe(0);
      const org = await app.services.db.selectFrom('org').select('orgName').executeTakeFirstOrThrow();
      expect(org.orgName).toBe('松鹤养老中心');
      await expect(signInAdmin(app)).rejects.toThrow('sign-in of admin failed');
      const director = await signIn(app, 'director', 'Songhe2026');
      const list = await call(app, director.token, 'GET', '/pims/web-pi/oldmans/live?pageNum=1&pageSize=10');
      expect(list.body.code).toBe(Code.passwordChangeRequired);
    } finally {
      await app.close();
    }
  });

  it('is kept: a later start with the demo on adds no made-up residents, and a demo stays a demo', async () => {
    const real = temp();
    await (await start(real, { seedDemo: false, firstInstitution: REAL })).close();
    const again = await start(real, { seedDemo: true });
    try {
      expect(again.services.setup).toBe('production');
      expect(await counts(again)).toMatchObject({ org: 1, users: 1, oldman: 0, devices: 0 });
    } finally {
      await again.close();
    }
    const demo = temp();
    await (await start(demo)).close();
    const still = await start(demo, { seedDemo: false, firstInstitution: REAL });
    try {
      expect(still.services.setup).toBe('demo');
      expect((await counts(still)).oldman).toBeGreaterThan(100);
    } finally {
      await still.close();
    }
  });

  it('a new database without the institution and administrator does not start', async () => {
    await expect(start(temp(), { seedDemo: false })).rejects.toThrow(
      'needs its institution and administrator',
    );
  });

  it('the start banner lists the demo accounts only for a demo', () => {
    const base = { ms: 1, host: '127.0.0.1', port: 8080, databaseFile: '/d/eldercare.sqlite' };
    expect(startBanner({ ...base, demo: true })).toContain('huli01');
    const real = startBanner({ ...base, demo: false });
    expect(real).not.toContain('huli01');
    expect(real).toContain('正式机构（SEED_DEMO=off）');
  });
});
