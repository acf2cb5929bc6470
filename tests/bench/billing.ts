/**
 * Billing figures (issue #5), in-process through the real routes over a database file:
 * - month-end bill generation (POST /pims/web-pi/cost/payBack/addBill) for 1,000 residents
 *   (target ≤ 5 s), and paying all their bills from the balance in one batch;
 * - 10,000 random trades through the account, bill and void routes, then the reconciliation call:
 *   every balance adds up to the fen, and the cash the house holds per pay way equals what a plain
 *   model of the same trades says.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { idCardCheckChar } from '../../domain/idCard.js';
import { COST, RECONCILIATION } from '../../features/expense/api.js';
import { buildApp } from '../../server/app.js';
import { DemoAccounts } from '../../server/db/seed.js';

const RESIDENTS = 1_000;
const TRADES = 10_000;

type App = Awaited<ReturnType<typeof buildApp>>;
type Rec = Record<string, unknown>;

async function api(
  app: App,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Rec }),
  });
  return res.json() as { code: number; msg: string; result: Rec };
}

/** Adds residents (status 在住, in since 2025, care levels in turn) straight into the file. */
function addResidents(file: string): number[] {
  const db = new Database(file);
  const depts = db.prepare('select deptId from dept where orgId = 1').all() as { deptId: number }[];
  const insert = db.prepare(
    `insert into oldman (orgId, deptId, oldmanName, oldmanIdcard, sex, birthday, phone, oldmanStatus, nursingLevel,
       checkInDate, createTime, updateTime) values (1, ?, ?, ?, ?, ?, '13800000000', 1, ?, '2025-01-01', '2026-01-01 08:00:00', '')`,
  );
  const levels = ['自理', '半护理', '全护理', '特级护理'];
  const ids: number[] = [];
  db.transaction(() => {
    for (let i = 0; i < RESIDENTS; i++) {
      const birthday = `${1930 + (i % 25)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
      const first = `110105${birthday.replaceAll('-', '')}${String(i % 1000).padStart(3, '0')}`;
      const r = insert.run(
        depts[i % depts.length]?.deptId,
        `账单长者${i}`,
        first + idCardCheckChar(first),
        i % 2,
        birthday,
        levels[i % 4],
      );
      ids.push(Number(r.lastInsertRowid));
    }
  })();
  db.close();
  return ids;
}

export async function benchBilling(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eldercare-bill-bench-'));
  const databaseFile = join(dataDir, 'eldercare.sqlite');
  const lines: string[] = [];
  try {
    // first start creates and seeds the file; the residents are added between two starts
    await (await buildApp({ dataDir, databaseFile, loginRatePerMinute: 1000 })).close();
    const ids = addResidents(databaseFile);
    const app = await buildApp({ dataDir, databaseFile, loginRatePerMinute: 1000 });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/passport/web-rbac/logins/login',
        payload: { loginName: DemoAccounts.admin.loginName, loginPassword: DemoAccounts.admin.password },
      });
      const token = (login.json() as { result: { token: string } }).result.token;
      const month = '2026-10';
      const t0 = performance.now();
      const made = await api(app, token, 'POST', `${COST}/payBack/addBill`, { billMonth: month });
      const billMs = performance.now() - t0;
      if (made.code !== 0) throw new Error(`addBill: ${made.msg}`);
      lines.push(
        `month-end bills ${month}: ${String(made.result.created)} bills (${RESIDENTS} added residents + the demo's) in ${(billMs / 1000).toFixed(2)} s (target ≤ 5 s), payable ${String(made.result.payableSum)} fen`,
      );

      // everyone prepays their bill, then one batch pays them all from the balance
      const bills = await api(
        app,
        token,
        'GET',
        `${COST}/payBack?billMonth=${month}&billStatus=0&pageHelper=0`,
      );
      const list = (bills.result.list as { billId: number; oldmanId: number; payableFen: number }[]) ?? [];
      await api(app, token, 'POST', `${COST}/account/2/batch`, {
        tradeType: 1,
        items: list.slice(0, 1000).map((b) => ({ oldmanId: b.oldmanId, amount: b.payableFen })),
      });
      const t1 = performance.now();
      const paid = await api(app, token, 'POST', `${COST}/payBack/payBatch`, {
        billIds: list.slice(0, 1000).map((b) => b.billId),
        payWay: 1,
      });
      if (paid.code !== 0) throw new Error(`payBatch: ${paid.msg}`);
      lines.push(
        `batch payment of ${String(paid.result.count)} bills from the balance: ${((performance.now() - t1) / 1000).toFixed(2)} s`,
      );

      // 10,000 random trades: prepay, refund, transfer, deposit, pay a bill, void a trade
      let seed = 20261123;
      const rnd = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      const cash = new Map<string, number>();
      const addCash = (way: number, fen: number) => cash.set(String(way), (cash.get(String(way)) ?? 0) + fen);
      const voidable: { txId: number; way: number; fen: number }[] = [];
      let ok = 0;
      let refused = 0;
      const netByWay = async () => {
        const summary = await api(app, token, 'GET', `${RECONCILIATION}/payment?pageHelper=0`);
        return new Map(
          (summary.result.list as { payWay: string; netFen: number }[]).map((r) => [
            r.payWay,
            Number(r.netFen),
          ]),
        );
      };
      const before = await netByWay();
      const t2 = performance.now();
      for (let i = 0; i < TRADES; i++) {
        const who = ids[rnd(ids.length)] as number;
        const fen = 1 + rnd(300_000);
        const way = [2, 3, 4, 5, 7, 8][rnd(6)] as number;
        const pick = rnd(10);
        let res: { code: number; result: Rec };
        if (pick < 4) {
          res = await api(app, token, 'POST', `${COST}/account/1/0`, {
            oldmanId: who,
            amount: fen,
            payWay: way,
          });
          if (res.code === 0) {
            addCash(way, fen);
            voidable.push({ txId: Number(res.result.txId), way, fen });
          }
        } else if (pick < 6) {
          res = await api(app, token, 'POST', `${COST}/account/4/0`, {
            oldmanId: who,
            amount: fen,
            payWay: way,
            fromType: 1,
          });
          if (res.code === 0) addCash(way, -fen);
        } else if (pick < 7) {
          res = await api(app, token, 'POST', `${COST}/account/2/0`, {
            oldmanId: who,
            amount: fen,
            payWay: way,
          });
          if (res.code === 0) addCash(way, fen);
        } else if (pick < 9) {
          const to = ids[rnd(ids.length)] as number;
          res = await api(app, token, 'PUT', `${COST}/account/transfer`, {
            oldmanId: who,
            accountNumTo: to,
            amount: fen,
            tradeType: 1,
          });
        } else {
          const target = voidable.splice(rnd(Math.max(1, voidable.length)), 1)[0];
          if (!target) continue;
          res = await api(app, token, 'DELETE', `${COST}/account/obsolete/${target.txId}`);
          if (res.code === 0) addCash(target.way, -target.fen);
        }
        if (res.code === 0) ok++;
        else refused++;
      }
      const tradeMs = performance.now() - t2;
      const t3 = performance.now();
      const rec = await api(app, token, 'GET', `${RECONCILIATION}/ledger`);
      const recMs = performance.now() - t3;
      const after = await netByWay();
      const ways = new Set([...before.keys(), ...after.keys(), ...cash.keys()]);
      const mismatched = [...ways].filter(
        (w) => (after.get(w) ?? 0) - (before.get(w) ?? 0) !== (cash.get(w) ?? 0),
      );
      lines.push(
        `${TRADES} random trades through the routes: ${ok} done, ${refused} refused (balance too low, as expected) in ${(tradeMs / 1000).toFixed(1)} s (${((tradeMs / TRADES) * 1000).toFixed(0)} µs each)`,
        `reconciliation: ${rec.result.ok ? 'OK' : 'FAILED'} — ${String(rec.result.trades)} trades, ${String(rec.result.entries)} lines, ${String(rec.result.accounts)} accounts, all balances add up to ${String(rec.result.totalFen)} fen; problems: ${JSON.stringify(rec.result.problems)}; took ${recMs.toFixed(0)} ms`,
        `cash taken per pay way equals a plain model of the same trades, to the fen: ${mismatched.length === 0 ? 'yes' : `NO (${mismatched.join(', ')})`}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}
