import './tz.js';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { redactUrl } from './broker/external.js';
import { BackupError, backupDataDir, DATABASE_FILE, discardBackup, restoreDataDir } from './db/backup.js';
import { backupPostgres, restorePostgres } from './db/backupPostgres.js';
import { isPostgresUrl } from './db/index.js';
import { migrationNames } from './db/migrations.js';

/**
 * The operator's commands (`npm run backup -- <folder>`, `npm run restore -- <folder> [--force]`),
 * on DATA_DIR like the server. Built with the server (dist-server/cli.js): no tsx in production.
 */
const usage = `用法：
  backup <备份目录>            在线备份 DATA_DIR（数据库、上传文件、密钥），服务可以在运行
  restore <备份目录> [--force]  把备份恢复到 DATA_DIR（先停止服务；--force 覆盖已有数据，原数据移到 DATA_DIR/backups/）
设置了 DATABASE_URL=postgres://… 时，数据库用 pg_dump 备份、pg_restore 恢复（目标库须为空，或加 --force）`;

export async function runCli(
  args: readonly string[],
  dataDir: string,
  databaseUrl: string | undefined = process.env.DATABASE_URL || undefined,
): Promise<string> {
  const [command, folder, ...rest] = args;
  if (!folder || (command !== 'backup' && command !== 'restore')) throw new BackupError(usage);
  const unknown = rest.filter((a) => a !== '--force');
  if (unknown.length > 0) throw new BackupError(`不认识的参数：${unknown.join(' ')}\n${usage}`);
  const onPostgres = databaseUrl !== undefined && isPostgresUrl(databaseUrl);
  if (command === 'backup') {
    const made = !existsSync(folder);
    try {
      const m = onPostgres
        ? await backupPostgres(databaseUrl, dataDir, folder)
        : await backupDataDir(dataDir, folder);
      if (onPostgres)
        return `已备份 PostgreSQL 数据库（${redactUrl(databaseUrl)}）及 ${resolve(dataDir)} 到 ${resolve(folder)}：${Object.keys(m.tables).length} 张表 ${Object.values(m.tables).reduce((a, b) => a + b, 0)} 行，另有 ${m.entries.join('、') || '无'}`;
      const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
      return `已备份 ${resolve(dataDir)} 到 ${resolve(folder)}：${Object.keys(m.tables).length} 张表 ${rows} 行，另有 ${m.entries.join('、') || '无'}`;
    } catch (e) {
      if (made) discardBackup(folder);
      throw e;
    }
  }
  if (onPostgres) {
    const m = await restorePostgres(folder, databaseUrl, dataDir, {
      force: rest.includes('--force'),
      known: migrationNames,
    });
    return `已从 ${resolve(folder)}（${m.createdAt}）恢复到 PostgreSQL 数据库（${redactUrl(databaseUrl)}）及 ${m.entries.join('、') || '无其他文件'}；核对了 ${Object.keys(m.tables).length} 张表的行数`;
  }
  const m = restoreDataDir(folder, dataDir, { force: rest.includes('--force'), known: migrationNames });
  return `已从 ${resolve(folder)}（${m.createdAt}）恢复到 ${resolve(dataDir, DATABASE_FILE)} 及 ${m.entries.join('、') || '无其他文件'}；核对了 ${Object.keys(m.tables).length} 张表的行数`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  runCli(process.argv.slice(2), dataDir).then(
    (message) => process.stdout.write(`${message}\n`),
    (e: unknown) => {
      process.stderr.write(`${e instanceof BackupError ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
