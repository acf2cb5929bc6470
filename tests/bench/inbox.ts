/**
 * The bell's figures (issue #14), against a server started as in production, with 1,000 staff
 * accounts each holding unread messages:
 * - an announcement published to 500 recipients, each with an open console (a push socket): the
 *   time until every console has the push, and until every console has loaded its bell again as
 *   the console does on that push (target ≤ 1 s);
 * - the bell's unread count (GET inbox) under 50 connections spread over the 1,000 users, p99
 *   (target ≤ 20 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { AdminPaths } from '../../domain/api/administration.js';
import { Code } from '../../domain/codes.js';
import { PUSH_PATH } from '../../domain/push.js';
import { buildApp } from '../../server/app.js';
import { createSession } from '../../server/auth/tokens.js';
import { DemoAccounts } from '../../server/db/seed.js';
import { percentile, startBenchServer } from './util.js';

const PORT = 18_194;
const base = `http://127.0.0.1:${PORT}`;
const USERS = 1_000;
const RECIPIENTS = 500;
const MESSAGES_EACH = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 1,000 nurses like the demo's restricted one (same role), each with unread messages. */
export function addUsers(file: string): number[] {
  const db = new Database(file);
  const model = db
    .prepare('select * from users where loginName = ?')
    .get(DemoAccounts.restricted.loginName) as Record<string, unknown>;
  const columns = Object.keys(model).filter((c) => c !== 'userId' && c !== 'loginName' && c !== 'phoneNum');
  const insert = db.prepare(
    `insert into users (loginName, phoneNum, ${columns.join(', ')}) values (?, ?, ${columns.map(() => '?').join(', ')})`,
  );
  const roles = db.prepare('select roleId from userRole where userId = ?').all(model.userId) as {
    roleId: number;
  }[];
  const grant = db.prepare('insert into userRole (userId, roleId) values (?, ?)');
  const messageColumns = new Set(
    (db.prepare('pragma table_info(msgMessage)').all() as { name: string }[]).map((c) => c.name),
  );
  const wanted: Record<string, (userId: number, i: number) => unknown> = {
    orgId: () => model.orgId,
    userId: (userId) => userId,
    title: (_, i) => `排班调整通知（${i + 1}）`,
    msgType: () => 1,
    content: () => '下周起夜班交接时间提前至 19:30，请相互转告。',
    isRead: () => 0,
    createTime: (_, i) => `2026-11-0${i + 1} 09:00:00`,
    updateTime: () => '',
  };
  const present = Object.keys(wanted).filter((c) => messageColumns.has(c));
  const message = db.prepare(
    `insert into msgMessage (${present.join(', ')}) values (${present.map(() => '?').join(', ')})`,
  );
  const ids: number[] = [];
  db.transaction(() => {
    for (let n = 0; n < USERS; n++) {
      const userId = Number(
        insert.run(`bench${n}`, `139${String(n).padStart(8, '0')}`, ...columns.map((c) => model[c]))
          .lastInsertRowid,
      );
      for (const { roleId } of roles) grant.run(userId, roleId);
      for (let i = 0; i < MESSAGES_EACH; i++) message.run(...present.map((c) => wanted[c]?.(userId, i)));
      ids.push(userId);
    }
  })();
  db.close();
  return ids;
}

interface Console {
  socket: WebSocket;
  pushedAt: Promise<number>;
}

/** A console's push socket, signed in: resolves when the server said auth.ok. */
function openConsole(token: string): Promise<Console> {
  return new Promise((resolveConsole, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${PORT}${PUSH_PATH}`);
    let pushed: (t: number) => void = () => {};
    const pushedAt = new Promise<number>((r) => {
      pushed = r;
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('error', reject);
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string };
      if (message.type === 'auth.ok') resolveConsole({ socket, pushedAt });
      if (message.type === 'inbox.changed') pushed(performance.now());
    });
  });
}

/**
 * Requests at a steady pace (`perSecond`, each as the next user), each on a kept-alive socket: the
 * latency of each, not of a burst. Answers are read whole (gzip, as a browser asks).
 */
async function pacedLoad(url: string, tokens: string[], perSecond: number, durationMs: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  let errors = 0;
  const one = (token: string) =>
    new Promise<void>((done) => {
      const t0 = performance.now();
      const req = request(
        url,
        { agent, headers: { authorization: token, 'accept-encoding': 'gzip' } },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            if (res.statusCode !== 200) errors++;
            done();
          });
        },
      );
      req.on('error', () => {
        errors++;
        done();
      });
      req.end();
    });
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let n = 0; ; n++) {
    const due = start + (n * 1000) / perSecond;
    if (due - start > durationMs) break;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    pending.push(one(tokens[n % tokens.length] as string));
  }
  await Promise.all(pending);
  agent.destroy();
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

export async function benchInbox(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eldercare-inbox-bench-'));
  const databaseFile = join(dataDir, 'eldercare.sqlite');
  const lines: string[] = [];
  let server: Awaited<ReturnType<typeof startBenchServer>> | null = null;
  const consoles: Console[] = [];
  try {
    await (await buildApp({ dataDir, databaseFile, loginRatePerMinute: 1000 })).close();
    const userIds = addUsers(databaseFile);
    // a session for each (as if each had signed in), made before the server starts
    const app = await buildApp({ dataDir, databaseFile, loginRatePerMinute: 1000 });
    const tokens: string[] = [];
    try {
      for (const userId of userIds) tokens.push(await createSession(app.services.db, userId, 1, '127.0.0.1'));
    } finally {
      await app.close();
    }

    server = await startBenchServer(dataDir, PORT);
    const admin = server.token;
    const bell = async (token: string) => {
      const res = await fetch(`${base}${AdminPaths.inbox}`, {
        headers: { authorization: token, 'accept-encoding': 'gzip' },
      });
      const body = (await res.json()) as { code: number; result: { messages: number; notices: number } };
      if (body.code !== Code.ok) throw new Error(`GET inbox answered ${JSON.stringify(body)}`);
      return body.result;
    };
    if ((await bell(tokens[0] as string)).messages !== MESSAGES_EACH)
      throw new Error('the bench user does not see its unread messages');

    // 500 open consoles; the announcement goes to their users
    const recipients = tokens.slice(0, RECIPIENTS);
    // a console opening loads its bell
    for (let i = 0; i < recipients.length; i += 50)
      consoles.push(
        ...(await Promise.all(
          recipients.slice(i, i + 50).map(async (token) => {
            const opened = await openConsole(token);
            await bell(token);
            return opened;
          }),
        )),
      );
    const authorized = { authorization: admin, 'content-type': 'application/json' };
    const created = (await (
      await fetch(`${base}${AdminPaths.notices}`, {
        method: 'POST',
        headers: authorized,
        body: JSON.stringify({
          title: '冬季消防演练通知',
          content: '本周五 15:00 全院消防演练，各楼层护理员请提前熟悉疏散路线。',
          recipientIds: userIds.slice(0, RECIPIENTS),
        }),
      })
    ).json()) as { code: number; msg: string; result: { noticeId: number } };
    if (created.code !== Code.ok) throw new Error(`creating the announcement: ${created.msg}`);
    const t0 = performance.now();
    const published = (await (
      await fetch(`${base}${AdminPaths.noticePublish.replace(':id', String(created.result.noticeId))}`, {
        method: 'PUT',
        headers: { authorization: admin },
      })
    ).json()) as { code: number; msg: string };
    const answeredMs = performance.now() - t0;
    if (published.code !== Code.ok) throw new Error(`publishing: ${published.msg}`);
    // each console, on its push, loads its bell again (as NotificationBell does) and shows the notice
    const shown = await Promise.all(
      consoles.map(async (c, i) => {
        const pushed = await c.pushedAt;
        const summary = await bell(recipients[i] as string);
        if (summary.notices !== 1) throw new Error(`console ${i} shows ${summary.notices} unread notices`);
        return { pushed: pushed - t0, shown: performance.now() - t0 };
      }),
    );
    const lastPush = Math.max(...shown.map((s) => s.pushed));
    const lastShown = Math.max(...shown.map((s) => s.shown));
    lines.push(
      `announcement to ${RECIPIENTS} recipients with open consoles: publish answered in ${answeredMs.toFixed(0)} ms, ` +
        `every console pushed by ${lastPush.toFixed(0)} ms, every bell reloaded showing it by ${lastShown.toFixed(0)} ms (target ≤ 1000 ms)`,
    );
    for (const c of consoles) c.socket.close();
    consoles.length = 0;

    // the unread count, each request as another of the 1,000 users: first as they come in cold (no
    // user's answer kept, half of them never seen by the server), then with every console open
    // (each has loaded its bell once)
    if (!process.env.BENCH_PROF) {
      for (const label of ['cold: first requests of the users', 'every console open']) {
        const paced = await pacedLoad(`${base}${AdminPaths.inbox}`, tokens, 500, 8_000);
        lines.push(
          `unread count (GET inbox), ${USERS} users each with ${MESSAGES_EACH} unread messages, 500 requests a second ` +
            `(1,000 consoles each every 2 s), ${label}: p50 ${paced.p50.toFixed(1)} ms, p99 ${paced.p99.toFixed(1)} ms (target ≤ 20 ms), errors ${paced.errors}`,
        );
      }
      let next = 0;
      const r = await autocannon({
        url: `${base}${AdminPaths.inbox}`,
        connections: 50,
        duration: 8,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              headers: {
                ...request.headers,
                authorization: tokens[next++ % tokens.length] as string,
                'accept-encoding': 'gzip, deflate, br',
              },
            }),
          },
        ],
      });
      lines.push(
        `  flat out, 50 connections: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx}`,
      );
    }
  } finally {
    for (const c of consoles) c.socket.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

// `npx tsx tests/bench/inbox.ts` runs this section alone
if (import.meta.url === `file://${process.argv[1]}`) console.log((await benchInbox()).join('\n'));
