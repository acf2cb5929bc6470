/**
 * The yardsticks of the list benches, started as their own process:
 * - GET /bare: a fixed page of 20 elder rows (the same JSON the real list returns), no token, no database;
 * - GET /bare/oldmans?pageNum&pageSize (BARE_DB set: a SQLite file or a postgres:// address): the page
 *   of the elder list the way a hand-written route would answer it — the page's rows with the names the
 *   real list shows (department, receptionist, bed with its room, floor and building), the age, and the
 *   count, as two prepared statements on one driver (better-sqlite3, or pg with a pool of PG_POOL_MAX).
 *   No session, no authority, no scope: what our engine adds to the same query is what the ratio shows.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 18_191);
const page = JSON.parse(process.env.BARE_BODY ?? '{}') as unknown;
const app = Fastify({ logger: false });
app.get('/bare', async () => page);

type Row = Record<string, unknown>;
// One text for both databases (quoted names, as the PostgreSQL schema has them); ? becomes $n there.
// The page's ids first, then only their rows joined (a deferred join, as our engine does): joining
// before the offset would look up the names of every row skipped.
const PAGE = `select t.*, d."deptName", e."empName" as "saleName", b."bedName", r."roomName", f."floorName", g."buildingName"
  from oldman as t
  left join dept as d on d."deptId" = t."deptId"
  left join emp as e on e."empId" = t."saleId"
  left join bed as b on b."bedId" = t."bedId"
  left join room as r on r."roomId" = b."roomId"
  left join floor as f on f."floorId" = r."floorId"
  left join building as g on g."buildingId" = f."buildingId"
  where t."oldmanId" in (select "oldmanId" from oldman where "orgId" = ? order by "oldmanId" desc limit ? offset ?)
  order by t."oldmanId" desc`;
const COUNT = `select count(*) as total from oldman where "orgId" = ?`;

function numbered(text: string) {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

let read: ((limit: number, offset: number) => Promise<{ rows: Row[]; total: number }>) | null = null;
const target = process.env.BARE_DB;
if (target?.startsWith('postgres')) {
  const pool = new pg.Pool({ connectionString: target, max: Number(process.env.PG_POOL_MAX ?? 10) });
  read = async (limit, offset) => {
    const [rows, count] = await Promise.all([
      pool.query<Row>({ name: 'bare-page', text: numbered(PAGE), values: [1, limit, offset] }),
      pool.query<{ total: string }>({ name: 'bare-count', text: numbered(COUNT), values: [1] }),
    ]);
    return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
  };
} else if (target) {
  const db = new Database(target, { readonly: true });
  const pageOf = db.prepare(PAGE);
  const countOf = db.prepare(COUNT);
  read = async (limit, offset) => ({
    rows: pageOf.all(1, limit, offset) as Row[],
    total: (countOf.get(1) as { total: number }).total,
  });
}

if (read) {
  const pageOf = read;
  app.get<{ Querystring: { pageNum?: string; pageSize?: string } }>('/bare/oldmans', async (req) => {
    const pageNum = Math.max(1, Number(req.query.pageNum ?? 1));
    const pageSize = Math.min(100, Math.max(1, Number(req.query.pageSize ?? 20)));
    const { rows, total } = await pageOf(pageSize, (pageNum - 1) * pageSize);
    const day = new Date().toISOString().slice(0, 10);
    for (const row of rows)
      if (typeof row.birthday === 'string' && row.birthday.length === 10) {
        const years = Number(day.slice(0, 4)) - Number(row.birthday.slice(0, 4));
        row.age = day.slice(5) < row.birthday.slice(5) ? years - 1 : years;
      }
    return { code: 0, msg: '成功', result: { list: rows, total, pageNum, pageSize } };
  });
}

await app.listen({ host: '127.0.0.1', port });
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));
