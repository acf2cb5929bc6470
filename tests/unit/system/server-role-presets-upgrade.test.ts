import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { presetCodes, ROLE_PRESETS } from '../../../domain/rolePresets.js';
import { webMenus } from '../../../features/modules.js';
import { migrateToLatest } from '../../../server/db/migrations.js';
import { addPendingRolePresets, syncMenus } from '../../../server/db/seed.js';
import { startTestApp } from '../../support/serverHarness.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
// each test its own home, started in the hook (on PostgreSQL a database copied from the seeded
// template: seconds the test's own time should not carry)
let running: App;
beforeEach(async () => {
  running = await startTestApp();
});
afterEach(async () => {
  await running.close();
});

const presetNames = ROLE_PRESETS.map((p) => p.name);

/** The roles of the first home named like a preset: name → [authority codes, people holding it]. */
async function presetRoles(app: App) {
  const db = app.app.services.db;
  const roles = await db
    .selectFrom('role')
    .select(['roleId', 'name'])
    .where('orgId', '=', 1)
    .where('name', 'in', presetNames)
    .execute();
  const out = new Map<string, { codes: string[]; people: number }>();
  for (const r of roles) {
    const codes = (
      await db.selectFrom('roleAuthority').select('code').where('roleId', '=', r.roleId).execute()
    ).map((c) => c.code);
    const people = await db
      .selectFrom('userRole')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('roleId', '=', r.roleId)
      .executeTakeFirstOrThrow();
    if (out.has(r.name)) throw new Error(`two roles named ${r.name}`);
    out.set(r.name, { codes: codes.sort(), people: Number(people.n) });
  }
  return out;
}

describe('role presets for a home set up before them (issue #37 point 8)', () => {
  it('the upgrade adds each missing preset once, unassigned; a preset the administrator deletes stays deleted', async () => {
    const db = running.app.services.db;
    // a home of the version before: its roles have other names, and migration 0020 has not run yet
    for (const name of presetNames)
      await db
        .updateTable('role')
        .set({ name: `${name}（旧）` })
        .where('name', '=', name)
        .execute();
    expect((await presetRoles(running)).size).toBe(0);
    await sql`delete from kysely_migration where name >= '0020_role_presets_for_existing_homes'`.execute(db);
    await migrateToLatest(db as unknown as Kysely<unknown>);

    // the next start: every preset, with its job's menus and buttons, held by nobody
    await addPendingRolePresets(db, webMenus);
    const added = await presetRoles(running);
    expect([...added.keys()].sort()).toEqual([...presetNames].sort());
    for (const preset of ROLE_PRESETS)
      expect(added.get(preset.name)).toEqual({ codes: presetCodes(preset, webMenus).sort(), people: 0 });

    // the starts after: nothing added twice, and a deleted preset does not come back
    await db.deleteFrom('role').where('orgId', '=', 1).where('name', '=', '库管').execute();
    await addPendingRolePresets(db, webMenus);
    const after = await presetRoles(running);
    expect(after.has('库管')).toBe(false);
    expect(after.size).toBe(presetNames.length - 1);
  });

  it('a preset of a later version (测试员) is added alone; presets deleted since stay deleted', async () => {
    const db = running.app.services.db;
    // a home that had the first presets: its administrator removed 库管 (renamed here: people hold it),
    // and 测试员 did not exist yet
    for (const name of ['库管', '测试员'])
      await db
        .updateTable('role')
        .set({ name: `${name}（旧）` })
        .where('orgId', '=', 1)
        .where('name', '=', name)
        .execute();
    await sql`delete from kysely_migration where name >= '0022_tester_role_preset'`.execute(db);
    await migrateToLatest(db as unknown as Kysely<unknown>);
    await addPendingRolePresets(db, webMenus);
    const after = await presetRoles(running);
    const tester = ROLE_PRESETS.find((p) => p.name === '测试员');
    if (!tester) throw new Error('no 测试员 preset');
    expect(after.get('测试员')).toEqual({ codes: presetCodes(tester, webMenus).sort(), people: 0 });
    expect(after.has('库管')).toBe(false);
    // and once only: the new (unassigned) 测试员 deleted does not come back
    await db.deleteFrom('role').where('orgId', '=', 1).where('name', '=', '测试员').execute();
    await addPendingRolePresets(db, webMenus);
    expect((await presetRoles(running)).has('测试员')).toBe(false);
  });

  it('an upgraded home’s 护士 gets 今日用药 once, where its preset has it, and nothing else', async () => {
    const db = running.app.services.db;
    const codesOf = async (name: string) =>
      (
        await db
          .selectFrom('roleAuthority')
          .innerJoin('role', 'role.roleId', 'roleAuthority.roleId')
          .select('roleAuthority.code')
          .where('role.orgId', '=', 1)
          .where('role.name', '=', name)
          .execute()
      )
        .map((r) => r.code)
        .sort();
    // a home of the version before 今日用药 whose 护士 had no 药品管理 at all, and a 前台接待
    const nurse = await db
      .selectFrom('role')
      .select('roleId')
      .where('orgId', '=', 1)
      .where('name', '=', '护士')
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('roleAuthority')
      .where('roleId', '=', nurse.roleId)
      .where('code', 'like', 'drug%')
      .execute();
    await db.deleteFrom('roleAuthority').where('code', 'like', 'drug:round%').execute();
    await db.deleteFrom('menu').where('code', 'like', 'drug:round%').execute();
    const reception = await codesOf('前台接待');
    await sql`delete from kysely_migration where name >= '0024_medication_round_for_preset_roles'`.execute(
      db,
    );
    await migrateToLatest(db as unknown as Kysely<unknown>);
    // the next start: the menus synced (the screen reaches roles holding 药品管理 only), then the step
    await syncMenus(db, webMenus);
    expect(await codesOf('护士')).not.toContain('drug:round');
    await addPendingRolePresets(db, webMenus);
    const given = await codesOf('护士');
    expect(given).toEqual(expect.arrayContaining(['drug', 'drug:round', 'drug:round:do']));
    // the new screen only: the preset's other drug screens are the administrator's to give
    expect(given.filter((c) => c.startsWith('drug'))).toEqual(['drug', 'drug:round', 'drug:round:do']);
    expect(await codesOf('前台接待')).toEqual(reception);
    // once: taken away by the administrator, it does not come back at the next start
    await db
      .deleteFrom('roleAuthority')
      .where('roleId', '=', nurse.roleId)
      .where('code', 'like', 'drug%')
      .execute();
    await addPendingRolePresets(db, webMenus);
    expect((await codesOf('护士')).some((c) => c.startsWith('drug'))).toBe(false);
  });

  it('a new home is seeded with the presets and leaves no step pending', async () => {
    const db = running.app.services.db;
    const pending = await sql<{ name: string }>`select name from startupStep`.execute(db);
    expect(pending.rows).toEqual([]);
    expect((await presetRoles(running)).size).toBe(presetNames.length);
  });
});
