import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigPaths } from '../../../domain/api/settingsPaths.js';
import { migrateToLatest } from '../../../server/db/migrations.js';
import { landingPath, WORKBENCH } from '../../../src/menu/landing.js';
import { call, startTestApp } from '../../support/serverHarness.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let running: App;
beforeEach(async () => {
  running = await startTestApp();
});
afterEach(async () => {
  await running.close();
});

const stored = async (orgId: number) =>
  (
    await sql<{ value: string }>`select value from configEntry
      where orgId = ${orgId} and configKey = 'loginPageConfig'`.execute(running.app.services.db)
  ).rows[0]?.value;

describe('工作台 as the landing page of a home set up before it (issue #37 point 8)', () => {
  it('the upgrade turns the blank address of its day into 工作台; an address a home chose stays', async () => {
    const db = running.app.services.db;
    const other = (
      await sql<{ orgId: number }>`select orgId from users where loginName = 'cq_admin'`.execute(db)
    ).rows[0] as { orgId: number };
    // two homes of the version before: the first kept the blank address it was seeded with, the
    // second chose a page of its own; migration 0023 has not run yet
    await sql`update configEntry set value = ${JSON.stringify({ mainFirstUrl: '' })}
      where orgId = 1 and configKey = 'loginPageConfig'`.execute(db);
    await sql`update configEntry set value = ${JSON.stringify({ mainFirstUrl: '/iot/map' })}
      where orgId = ${other.orgId} and configKey = 'loginPageConfig'`.execute(db);
    const before = await call(running.app, null, 'GET', ConfigPaths.loginPageConfig);
    expect(landingPath(before.body.result as string)).not.toBe(WORKBENCH);

    await sql`delete from kysely_migration where name >= '0023_workbench_landing_for_existing_homes'`.execute(
      db,
    );
    await migrateToLatest(db as unknown as Kysely<unknown>);

    // what the login page reads before sign-in (the first home's), and where it then goes
    const after = await call(running.app, null, 'GET', ConfigPaths.loginPageConfig);
    expect(after.body.result).toBe('/home');
    expect(landingPath(after.body.result as string)).toBe(WORKBENCH);
    expect(JSON.parse(String(await stored(other.orgId)))).toEqual({ mainFirstUrl: '/iot/map' });
    // once: an administrator who clears it afterwards keeps the welcome view at the next start
    await sql`update configEntry set value = ${JSON.stringify({ mainFirstUrl: '' })}
      where orgId = 1 and configKey = 'loginPageConfig'`.execute(db);
    await migrateToLatest(db as unknown as Kysely<unknown>);
    expect(JSON.parse(String(await stored(1)))).toEqual({ mainFirstUrl: '' });
  });
});
