import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase, sqliteOf } from '../../server/db/index.js';
import {
  cachedCount,
  KEPT_IDS_MAX,
  keptIds,
  listAnswers,
  readRows,
  sendAnswer,
  versionTriggers,
} from '../../server/resources/fastRead.js';

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

  it('kept ids: a list in its order follows every write, and its statement is left as it was', async () => {
    const idsOf = (orgId: number) =>
      sql`select petId from pet where orgId = ${orgId} order by age desc, petId desc`;
    expect(await keptIds(db, 'pet', idsOf(1))).toEqual([]);
    sqliteOf(db)
      .prepare('insert into pet (orgId, name, age) values (1, ?, 3), (1, ?, 5), (2, ?, 9), (1, ?, 3)')
      .run('a', 'b', 'c', 'd');
    expect(await keptIds(db, 'pet', idsOf(1))).toEqual([2, 4, 1]);
    await sql`update pet set age = 1 where name = 'b'`.execute(db);
    expect(await keptIds(db, 'pet', idsOf(1))).toEqual([4, 1, 2]);
    await sql`delete from pet where name = 'd'`.execute(db);
    expect(await keptIds(db, 'pet', idsOf(1))).toEqual([1, 2]);
    expect(await keptIds(db, 'pet', idsOf(2))).toEqual([3]);
    // the same text read for rows gets rows, not plucked ids
    expect(readRows(db, idsOf(1))).toEqual([{ petId: 1 }, { petId: 2 }]);
    await db.transaction().execute(async (trx) => {
      await sql`insert into pet (orgId, name, age) values (1, 'uncommitted', 7)`.execute(trx);
      expect(await keptIds(trx, 'pet', idsOf(1))).toBeNull();
      expect(await keptIds(db, 'pet', idsOf(1))).toBeNull();
    });
    // (SQLite gives the freed largest id again)
    expect(await keptIds(db, 'pet', idsOf(1))).toEqual([4, 1, 2]);
  });

  it('kept ids stay within their bound: a list over a quarter of it is read each time, not kept', async () => {
    const idsOf = (orgId: number) => sql`select petId from pet where orgId = ${orgId} order by petId`;
    const big = KEPT_IDS_MAX / 4 + 10; // rows of organisation 2: a quarter and 7
    sqliteOf(db).exec(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${big})
       insert into pet (orgId, name) select case when i <= 3 then 1 else 2 end, 'p' || i from n`,
    );
    const small = await keptIds(db, 'pet', idsOf(1));
    expect(small).toEqual([1, 2, 3]);
    expect(await keptIds(db, 'pet', idsOf(1))).toBe(small);
    const large = await keptIds(db, 'pet', idsOf(2));
    expect(large).toHaveLength(big - 3);
    const again = await keptIds(db, 'pet', idsOf(2));
    expect(again).toEqual(large);
    expect(again).not.toBe(large);
    // the small list is still kept beside it
    expect(await keptIds(db, 'pet', idsOf(1))).toBe(small);
  });

  it('kept answers: the least recently read go first, by count and by size together', () => {
    const v = [1];
    for (let i = 0; i < 1000; i++) listAnswers.set(db, `page${i}`, v, `{"page":${i}}`);
    // reading page0 makes it the most recent; the next answer pushes out page1 instead
    expect(listAnswers.get(db, 'page0', v)).toBe('{"page":0}');
    listAnswers.set(db, 'page1000', v, '{"page":1000}');
    expect(listAnswers.get(db, 'page0', v)).toBe('{"page":0}');
    expect(listAnswers.get(db, 'page1', v)).toBeNull();
    expect(listAnswers.get(db, 'page1000', v)).toBe('{"page":1000}');
    // a changed table version is a miss
    expect(listAnswers.get(db, 'page2', [2])).toBeNull();

    // big answers: 40 of 250,000 characters do not all stay (8 M characters together at most)
    const big = (i: number) => `${i}`.padEnd(250_000, '长');
    for (let i = 0; i < 40; i++) listAnswers.set(db, `big${i}`, v, big(i));
    expect(listAnswers.get(db, 'big39', v)).toBe(big(39));
    expect(listAnswers.get(db, 'big0', v)).toBeNull();
    const kept = Array.from({ length: 40 }, (_, i) => listAnswers.get(db, `big${i}`, v)).filter(Boolean);
    expect(kept.length).toBeGreaterThan(25);
    expect(kept.length).toBeLessThan(40);
    // one answer over 256 K characters is never kept
    listAnswers.set(db, 'huge', v, 'x'.repeat(300_000));
    expect(listAnswers.get(db, 'huge', v)).toBeNull();
  });

  it('a kept answer goes out gzip-compressed to a client that accepts it, and as it is to one that does not', async () => {
    const body = JSON.stringify({
      code: 200,
      result: { list: Array.from({ length: 300 }, (_, i) => ({ i, name: '护理长者' })) },
    });
    listAnswers.set(db, 'floor', [1], body);
    const app = Fastify();
    app.get('/kept', (req, reply) => sendAnswer(db, 'floor', req, reply, body));
    app.get('/small', (req, reply) => sendAnswer(db, 'none', req, reply, '{"code":200}'));
    try {
      const zipped = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(zipped.rawPayload.length).toBeLessThan(Buffer.byteLength(body) / 5);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(body);
      const plain = await app.inject({ url: '/kept' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(body);
      // a small answer is not worth compressing
      const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toEqual({ code: 200 });
    } finally {
      await app.close();
    }
  });
});
