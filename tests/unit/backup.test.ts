import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { ssoSecret } from '../../server/auth/ssoMark.js';
import { runCli } from '../../server/cli.js';
import {
  BACKUPS_DIR,
  BackupError,
  backupDataDir,
  DATABASE_FILE,
  PID_FILE,
  restoreDataDir,
} from '../../server/db/backup.js';
import { openDatabase } from '../../server/db/index.js';
import { migrationNames } from '../../server/db/migrations.js';
import { idCard } from '../support/idCards.js';
import { call, multipart, signInAdmin, type TestApp } from '../support/serverHarness.js';

/**
 * Backup and restore (issue #21): a backup taken while the server runs restores every record and
 * file; a restore never overwrites silently; an upgrade keeps the database as it was before.
 */
const dirs: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `eldercare-${name}-`));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const start = (dataDir: string) => buildApp({ dataDir, pushBeatMs: 0, loginRatePerMinute: 1000 });

/** Every table's rows, hashed in key order: two databases with the same fingerprint hold the same records. */
function fingerprint(file: string): Record<string, string> {
  const db = new SQLite(file, { readonly: true });
  try {
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((t) => {
        const rows = db.prepare(`select * from "${t}" order by rowid`).raw().all();
        return [t, createHash('sha256').update(JSON.stringify(rows)).digest('hex')];
      }),
    );
  } finally {
    db.close();
  }
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7, 7]);

async function newElder(app: TestApp, token: string, name: string, n: number) {
  const { deptId } = await app.services.db
    .selectFrom('dept')
    .select('deptId')
    .where('deptName', '=', '护理一部')
    .executeTakeFirstOrThrow();
  const res = await call(app, token, 'POST', '/pims/web-pi/oldmans/proFile', {
    oldmanName: name,
    oldmanIdcard: idCard('1940-03-04', n),
    deptId,
  });
  expect(res.body.code, res.body.msg).toBe(0);
  return Number((res.body.result as { oldmanId: number }).oldmanId);
}

describe('backup and restore', () => {
  it('a backup taken while the server runs restores every record, upload and the key', async () => {
    const live = temp('live');
    const app = await start(live);
    const { token } = await signInAdmin(app);
    const elderId = await newElder(app, token, '备份测试甲', 11);
    const upload = await multipart(app, token, '/pims/web-org/common/upload', { name: 'a.png', bytes: PNG });
    expect(upload.body.code).toBe(0);
    const imagePath = String(upload.body.result.imagePath);
    ssoSecret(live); // the signing key, made on its first use

    // the server still runs (its last writes in the WAL, not yet in the database file)
    const target = join(temp('backup'), 'b1');
    const made = await backupDataDir(live, target);
    expect(made.tables.oldman).toBeGreaterThan(0);
    expect(made.entries).toEqual(expect.arrayContaining(['files', 'secret.key']));
    const after = await newElder(app, token, '备份之后乙', 12);
    await app.close();

    const restored = temp('restored');
    restoreDataDir(target, restored, { known: migrationNames });
    const original = fingerprint(join(target, DATABASE_FILE));
    expect(fingerprint(join(restored, DATABASE_FILE))).toEqual(original);
    expect(readFileSync(join(restored, 'secret.key'))).toEqual(readFileSync(join(live, 'secret.key')));

    const again = await start(restored);
    try {
      const admin = await signInAdmin(again);
      const elder = await call(again, admin.token, 'GET', `/pims/web-pi/oldmans/proFile/${elderId}`);
      expect(elder.body.result).toMatchObject({ oldmanName: '备份测试甲' });
      const missing = await call(again, admin.token, 'GET', `/pims/web-pi/oldmans/proFile/${after}`);
      expect(missing.body.code).not.toBe(0);
      const file = await again.inject({
        method: 'GET',
        url: imagePath,
        headers: { authorization: admin.token },
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PNG)).toBe(true);
    } finally {
      await again.close();
    }
  });

  it('refuses what would lose or mix data, and says why', async () => {
    const live = temp('live');
    const app = await start(live);
    await app.close();
    const folder = temp('backup');
    writeFileSync(join(folder, 'other.txt'), 'x');
    await expect(backupDataDir(live, folder)).rejects.toThrow('备份目录不是空的');
    await expect(backupDataDir(temp('empty'), join(folder, 'x'))).rejects.toThrow('数据目录中没有数据库');

    const target = join(temp('backup'), 'b');
    await backupDataDir(live, target);
    // a data folder with a database is kept unless --force, and then moved aside, not deleted
    const existing = temp('existing');
    writeFileSync(join(existing, DATABASE_FILE), 'mine');
    expect(() => restoreDataDir(target, existing)).toThrow('数据目录已有数据库');
    expect(readFileSync(join(existing, DATABASE_FILE), 'utf8')).toBe('mine');
    restoreDataDir(target, existing, { force: true });
    const [aside] = readdirSync(join(existing, BACKUPS_DIR));
    expect(aside).toMatch(/^replaced-/);
    expect(readFileSync(join(existing, BACKUPS_DIR, String(aside), DATABASE_FILE), 'utf8')).toBe('mine');
    expect(readFileSync(join(existing, DATABASE_FILE)).subarray(0, 15).toString()).toBe('SQLite format 3');

    // not while a server runs on the folder (its process id in server.pid); a stale id does not count
    const served = temp('served');
    writeFileSync(join(served, PID_FILE), `${process.pid}\n`);
    expect(() => restoreDataDir(target, served)).toThrow(`服务正在使用该数据目录（进程 ${process.pid}）`);
    expect(existsSync(join(served, DATABASE_FILE))).toBe(false);
    writeFileSync(join(served, PID_FILE), '2147483646\n');
    restoreDataDir(target, served);
    expect(existsSync(join(served, DATABASE_FILE))).toBe(true);

    // a backup whose rows do not add up, or from a newer server, or no backup at all
    const manifest = join(target, 'manifest.json');
    const good = readFileSync(manifest, 'utf8');
    const m = JSON.parse(good);
    writeFileSync(manifest, JSON.stringify({ ...m, tables: { ...m.tables, oldman: m.tables.oldman + 1 } }));
    expect(() => restoreDataDir(target, temp('r1'))).toThrow(`表 oldman 应有 ${m.tables.oldman + 1} 行`);
    writeFileSync(manifest, JSON.stringify({ ...m, migration: '9999_future' }));
    expect(() => restoreDataDir(target, temp('r2'), { known: migrationNames })).toThrow('备份来自更新的版本');
    expect(() => restoreDataDir(temp('nothing'), temp('r3'))).toThrow('不是备份目录');
    writeFileSync(manifest, good);
    expect(existsSync(join(dirs.at(-2) ?? '', DATABASE_FILE))).toBe(false);
  });

  it('the command line backs up and restores DATA_DIR, and explains its use', async () => {
    const live = temp('live');
    await (await start(live)).close();
    const target = join(temp('backup'), 'nightly');
    expect(await runCli(['backup', target], live)).toMatch(/^已备份 .* 张表 \d+ 行，另有 .*files/);
    const into = temp('into');
    expect(await runCli(['restore', target], into)).toMatch(/^已从 .*恢复到 .*核对了 \d+ 张表的行数$/);
    await expect(runCli(['restore', target], into)).rejects.toThrow('加 --force');
    await expect(runCli(['restore', target, '--forse'], into)).rejects.toThrow('不认识的参数：--forse');
    await expect(runCli(['copy', target], into)).rejects.toThrow(BackupError);
    // a backup that failed leaves no half folder behind
    await expect(runCli(['backup', join(temp('b'), 'half')], temp('no-data'))).rejects.toThrow('没有数据库');
    expect(existsSync(join(dirs.at(-2) ?? '', 'half'))).toBe(false);
  });
});

describe('an upgrade', () => {
  it('keeps the database as it was before its first new migration; a new database needs no copy', async () => {
    const dir = temp('upgrade');
    const file = join(dir, DATABASE_FILE);
    await (await openDatabase(file)).destroy();
    expect(existsSync(join(dir, BACKUPS_DIR))).toBe(false);
    // the database of a version before 0017: the migrations from it on not yet had (0017 makes a
    // table; those after it are written to run again over a database that has part of them)
    const first = '0017_rate_limit_hits';
    expect(migrationNames).toContain(first);
    const raw = new SQLite(file);
    for (const name of migrationNames.slice(migrationNames.indexOf(first)))
      raw.prepare('delete from kysely_migration where name = ?').run(name);
    raw.exec('drop table rateLimitHit');
    raw.close();

    await (await openDatabase(file)).destroy();
    const copies = readdirSync(join(dir, BACKUPS_DIR));
    expect(copies).toEqual([expect.stringMatching(new RegExp(`^before-${first}-.*\\.sqlite$`))]);
    const before = new SQLite(join(dir, BACKUPS_DIR, String(copies[0])), { readonly: true });
    const upgraded = new SQLite(file, { readonly: true });
    const hasTable = (db: SQLite.Database) =>
      db.prepare("select count(*) from sqlite_master where name = 'rateLimitHit'").pluck().get();
    expect([hasTable(before), hasTable(upgraded)]).toEqual([0, 1]);
    before.close();
    upgraded.close();
  });
});
