import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase, sqliteOf } from '../../server/db/index.js';
import { cachedCount, readRows, versionTriggers } from '../../server/resources/fastRead.js';

let db: Db;
beforeEach(async () => {
  db = await openDatabase(':memory:');
  await sql
    .raw('create table pet (petId integer primary key, orgId integer, name text, age integer)')
    .execute(db);
  for (const s of versionTriggers('pet')) await sql.raw(s).execute(db);
});
afterEach(async () => {
  await db.destroy();
});

const countOf = (orgId: number) => sql`select count(*) from pet where orgId = ${orgId}`;

describe('list reads', () => {
  it('a kept count follows every insert, update and delete, however it was written', async () => {
    expect(cachedCount(db, 'pet', countOf(1))).toBe(0);
    sqliteOf(db).prepare('insert into pet (orgId, name) values (1, ?), (1, ?), (2, ?)').run('a', 'b', 'c');
    expect(cachedCount(db, 'pet', countOf(1))).toBe(2);
    expect(cachedCount(db, 'pet', countOf(1))).toBe(2);
    await sql`update pet set orgId = 1 where name = 'c'`.execute(db);
    expect(cachedCount(db, 'pet', countOf(1))).toBe(3);
    await db.transaction().execute((trx) => sql`delete from pet where name = 'a'`.execute(trx));
    expect(cachedCount(db, 'pet', countOf(1))).toBe(2);
    // inside a transaction nothing is kept: the caller counts through Kysely
    await db.transaction().execute(async (trx) => expect(cachedCount(trx, 'pet', countOf(1))).toBeNull());
    // nor while another request's transaction holds the connection: its rows are not committed yet
    await db.transaction().execute(async (trx) => {
      await sql`insert into pet (orgId, name) values (1, 'uncommitted')`.execute(trx);
      expect(cachedCount(db, 'pet', countOf(1))).toBeNull();
      expect(readRows(db, sql`select * from pet`)).toBeNull();
    });
  });

  it('rows read as arrays come back as the same objects Kysely gives, and the statement is left as it was', async () => {
    sqliteOf(db)
      .prepare('insert into pet (orgId, name, age) values (1, ?, ?), (1, ?, null)')
      .run('咪咪', 3, '旺财');
    const query = sql<Record<string, unknown>>`select * from pet where orgId = ${1} order by petId`;
    const fast = readRows(db, query);
    const slow = (await query.execute(db)).rows;
    expect(fast).toEqual(slow);
    expect(fast?.[1]).toEqual({ petId: 2, orgId: 1, name: '旺财', age: null });
    expect(cachedCount(db, 'pet', countOf(1))).toBe(2);
    expect((await countOf(1).execute(db)).rows).toEqual([{ 'count(*)': 2 }]);
  });
});
