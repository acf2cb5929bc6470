import { sql } from 'kysely';
import { type Db, dialectOf } from '../db/index.js';

/**
 * Runs a scheduled pass on one server node at a time (issue #21 "Several nodes"). On PostgreSQL the
 * pass holds a session advisory lock named after it, on a connection of its own: another node's pass
 * of the same name meanwhile is skipped (false), and a node that dies mid-pass releases the lock with
 * its connection. The passes themselves are idempotent (they make what is missing and mark what they
 * sent), so a later pass on another node finds nothing left to do. SQLite is one process: the pass runs.
 */
export async function onOneNode(db: Db, name: string, pass: () => Promise<void>): Promise<boolean> {
  if (dialectOf(db) !== 'postgres') {
    await pass();
    return true;
  }
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      got: boolean;
    }>`select pg_try_advisory_lock(hashtext(${name})) as got`.execute(conn);
    if (!rows[0]?.got) return false;
    try {
      await pass();
      return true;
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(conn);
    }
  });
}
