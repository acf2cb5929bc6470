import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { runCli } from '../../server/cli.js';

/**
 * Backup and restore on PostgreSQL (issue #21): `npm run backup` with DATABASE_URL dumps the database
 * with pg_dump while the server runs, beside DATA_DIR's files; `npm run restore` puts both back and
 * counts every table against the backup's manifest. PostgreSQL is the test command's throwaway server.
 */
const work = mkdtempSync(join(tmpdir(), 'eldercare-pgbackup-'));
const names = { live: `backup_live_${process.pid}`, restored: `backup_restored_${process.pid}` };
let server = '';
const urlOf = (name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};
async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
/** Every table's rows, counted. */
const counts = (url: string) =>
  onServer(url, async (c) => {
    const { rows } = await c.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const result: Record<string, number> = {};
    for (const { name } of rows)
      result[name] = Number((await c.query<{ n: string }>(`select count(*) as n from "${name}"`)).rows[0]?.n);
    return result;
  });

beforeAll(async () => {
  server = process.env.TEST_DATABASE_URL ?? '';
  if (!server)
    throw new Error('TEST_DATABASE_URL is not set: the test command starts a throwaway PostgreSQL');
  await onServer(server, async (c) => {
    for (const name of Object.values(names)) {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`create database ${name}`);
    }
  });
});
afterAll(async () => {
  await onServer(server, async (c) => {
    for (const name of Object.values(names)) await c.query(`drop database if exists ${name} with (force)`);
  });
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL', () => {
  it('restores a backup taken while the server runs, with every record and file', async () => {
    const live = join(work, 'live');
    const app = await buildApp({ dataDir: live, databaseFile: urlOf(names.live), pushBeatMs: 0 });
    try {
      // a change and an uploaded file of the running server
      const { oldmanId } = await app.services.db
        .selectFrom('oldman')
        .select('oldmanId')
        .orderBy('oldmanId')
        .executeTakeFirstOrThrow();
      await app.services.db
        .updateTable('oldman')
        .set({ oldmanName: '备份测试长者' })
        .where('oldmanId', '=', oldmanId)
        .execute();
      mkdirSync(join(live, 'files'), { recursive: true });
      writeFileSync(join(live, 'files', 'proof.txt'), '入院协议');
      const said = await runCli(['backup', join(work, 'nightly')], live, urlOf(names.live));
      expect(said).toMatch(/^已备份 PostgreSQL 数据库/);
    } finally {
      await app.close();
    }
    const manifest = JSON.parse(readFileSync(join(work, 'nightly', 'manifest.json'), 'utf8')) as {
      engine: string;
      tables: Record<string, number>;
    };
    expect(manifest.engine).toBe('postgres');
    // the running server's jobs may write after the backup: the manifest counts its snapshot
    const expected = manifest.tables;
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['oldman', 'ledgerTx', 'kysely_migration']));
    expect(expected.oldman).toBeGreaterThan(100);

    const restoredDir = join(work, 'restored');
    const said = await runCli(['restore', join(work, 'nightly')], restoredDir, urlOf(names.restored));
    expect(said).toMatch(/^已从 .*恢复到 PostgreSQL 数据库/);
    // every record: each table has the rows it had, and the change is there
    expect(await counts(urlOf(names.restored))).toEqual(expected);
    const names_ = await onServer(urlOf(names.restored), (c) =>
      c.query<{ n: string }>(`select count(*) as n from oldman where "oldmanName" = '备份测试长者'`),
    );
    expect(Number(names_.rows[0]?.n)).toBe(1);
    expect(readFileSync(join(restoredDir, 'files', 'proof.txt'), 'utf8')).toBe('入院协议');

    // the restored database serves: the server starts on it and signs the administrator in
    const again = await buildApp({
      dataDir: restoredDir,
      databaseFile: urlOf(names.restored),
      pushBeatMs: 0,
    });
    try {
      const login = await again.inject({
        method: 'POST',
        url: '/passport/web-rbac/logins/login',
        payload: { loginName: 'admin', loginPassword: 'Admin@2026' },
      });
      expect((login.json() as { code: number }).code).toBe(0);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('refuses a database that has data unless told, and then keeps what it replaced', async () => {
    const restoredDir = join(work, 'restored');
    await expect(
      runCli(['restore', join(work, 'nightly')], restoredDir, urlOf(names.restored)),
    ).rejects.toThrow('目标数据库已有数据');
    await runCli(['restore', join(work, 'nightly'), '--force'], restoredDir, urlOf(names.restored));
    const aside = readdirSync(join(restoredDir, 'backups')).filter((n) => n.startsWith('replaced-'));
    expect(aside).toHaveLength(1);
    expect(existsSync(join(restoredDir, 'backups', aside[0] as string, 'eldercare.pgdump'))).toBe(true);
  }, 120_000);

  it('dumps the database before an upgrade migrates it', async () => {
    // the restored database as a server of the version before the last migration left it
    const url = urlOf(names.restored);
    // a version before 0017: the migrations from it on not yet had (0017 makes a table; those after it
    // are written to run again over a database that has part of them)
    const first = '0017_rate_limit_hits';
    const undone = await onServer(url, async (c) => {
      const { rowCount } = await c.query('delete from kysely_migration where name >= $1', [first]);
      await c.query('drop table "rateLimitHit"');
      return rowCount;
    });
    expect(undone).toBeGreaterThanOrEqual(1);
    const dataDir = join(work, 'upgraded');
    const app = await buildApp({ dataDir, databaseFile: url, pushBeatMs: 0 });
    await app.close();
    const dumps = readdirSync(join(dataDir, 'backups'));
    expect(dumps).toEqual([expect.stringMatching(/^before-0017_rate_limit_hits-.*\.pgdump$/)]);
    // and the migration ran
    expect(await counts(url)).toHaveProperty('rateLimitHit');
  }, 120_000);

  it('refuses a SQLite backup, saying so', async () => {
    const folder = join(work, 'sqlite-backup');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'manifest.json'),
      JSON.stringify({
        format: 1,
        createdAt: '2026-11-27T00:00:00Z',
        migration: null,
        tables: {},
        entries: [],
      }),
    );
    await expect(runCli(['restore', folder], join(work, 'x'), urlOf(names.restored))).rejects.toThrow(
      '这是 SQLite 的备份',
    );
  });
});
