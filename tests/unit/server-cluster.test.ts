import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../server/auth/tokens.js';
import { onOneNode } from '../../server/cluster/exclusive.js';
import { type ClusterOp, type ClusterPeers, clusterEnvelope } from '../../server/cluster/ops.js';
import { dialectOf } from '../../server/db/index.js';
import { databaseRateStore } from '../../server/http/rateStore.js';
import { type PushClient, PushHub } from '../../server/push/hub.js';
import { type AlarmSubject, raiseAlarm } from '../../server/rules/alarms.js';
import { startTestApp } from '../support/serverHarness.js';

/**
 * What several server nodes share (issue #21), on the database the suite runs on (SQLite, and
 * PostgreSQL with TEST_DATABASE_URL, where the races are real: the pool's connections run at once).
 * The nodes themselves, behind nginx, are tests/cluster/nodes.test.ts.
 */
let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('an alarm raised by two nodes at once', () => {
  it('is stored once and counted twice', async () => {
    const db = t.app.services.db;
    const devices = await db
      .selectFrom('device')
      .select(['deviceId', 'orgId', 'deptId', 'deviceCode', 'deviceName'])
      .where('kind', '=', 'watch')
      .where('orgId', '=', 1)
      .orderBy('deviceId', 'desc')
      .limit(5)
      .execute();
    // connections of the pool open beforehand, so the two raises really run at once
    if (dialectOf(db) === 'postgres')
      await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.02)`.execute(db)));
    for (const device of devices) {
      const subject: AlarmSubject = {
        ...device,
        oldmanId: null,
        oldmanName: null,
        bedId: null,
        bedName: null,
        roomName: null,
        buildingId: null,
        floorNo: null,
      };
      const raise = {
        source: 'pnt' as const,
        alarmType: 'sos',
        content: '长者按下 SOS 求助',
        at: Date.now(),
      };
      const results = await Promise.all([raiseAlarm(db, subject, raise), raiseAlarm(db, subject, raise)]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const rows = await db
        .selectFrom('alarmRecord')
        .select(['recordId', 'count'])
        .where('deviceId', '=', device.deviceId)
        .where('alarmType', '=', 'sos')
        .where('status', '=', 0)
        .execute();
      expect(rows).toEqual([{ recordId: results[0]?.record.recordId, count: 2 }]);
    }
  });
});

describe('a scheduled pass', () => {
  it('runs on one node at a time: a second start meanwhile is skipped on PostgreSQL', async () => {
    const db = t.app.services.db;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const first = onOneNode(db, 'test pass', async () => {
      runs++;
      await held;
    });
    // the first pass has its lock (or, on SQLite, has started) before the second asks
    while (runs === 0) await new Promise((r) => setTimeout(r, 5));
    const second = onOneNode(db, 'test pass', async () => {
      runs++;
    });
    if (dialectOf(db) === 'postgres') {
      expect(await second).toBe(false);
      release();
      expect(await first).toBe(true);
      expect(runs).toBe(1);
      // and once it is over, the next pass runs
      expect(await onOneNode(db, 'test pass', async () => undefined)).toBe(true);
    } else {
      // one process: nothing to share the pass with
      release();
      expect([await first, await second]).toEqual([true, true]);
      expect(runs).toBe(2);
    }
  });
});

describe('rate limits in the database', () => {
  it('count one address’s requests on every node together', async () => {
    const node = async () => {
      const app = Fastify();
      await app.register(rateLimit, { global: false, store: databaseRateStore(t.app.services.db) });
      app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({
        ok: true,
      }));
      app.get('/other', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({
        ok: true,
      }));
      return app;
    };
    const [a, b] = [await node(), await node()];
    const hit = (app: typeof a, url = '/limited', remoteAddress = '10.0.0.7') =>
      app.inject({ method: 'GET', url, remoteAddress }).then((r) => r.statusCode);
    expect(await hit(a)).toBe(200);
    expect(await hit(b)).toBe(200);
    // the third on either node is over the limit
    expect(await hit(a)).toBe(429);
    expect(await hit(b)).toBe(429);
    // another address, another route: counted apart
    expect(await hit(b, '/limited', '10.0.0.8')).toBe(200);
    expect(await hit(a, '/other')).toBe(200);
    await a.close();
    await b.close();
  });
});

describe('what nodes tell each other', () => {
  const user = (userId: number): SessionUser => ({
    tokenHash: `hash-${userId}`,
    userId,
    orgId: 1,
    empId: userId,
    loginName: `user${userId}`,
    isAdmin: false,
    authority: new Set(['x']),
    kind: 'console',
    dataDeptIds: [1],
    selectedDeptId: 1,
    mustChangePassword: false,
  });
  const client = (userId: number) => {
    const sent: string[] = [];
    const pushClient = {
      socket: { send: (text: string) => sent.push(text), close: () => undefined, bufferedAmount: 0 },
      token: 't',
      user: user(userId),
      wantsPositions: false,
      pendingPositions: new Map(),
    } as unknown as PushClient;
    return { pushClient, sent };
  };
  const peers = () => {
    const sent: ClusterOp[] = [];
    let handler: (op: ClusterOp) => void = () => undefined;
    const link: ClusterPeers = {
      nodeId: 'a',
      send: (op) => sent.push(op),
      onOp: (h) => {
        handler = h;
      },
    };
    return { link, sent, receive: (op: ClusterOp) => handler(op) };
  };

  it('a push made here goes to this node’s consoles and to the other nodes', () => {
    const p = peers();
    const hub = new PushHub(null, p.link);
    const mine = client(5);
    hub.add(mine.pushClient);
    hub.toUser(1, 5, { type: 'inbox.changed', data: {} });
    expect(mine.sent).toEqual([JSON.stringify({ type: 'inbox.changed', data: {} })]);
    expect(p.sent).toEqual([
      { op: 'toUser', orgId: 1, userId: 5, message: { type: 'inbox.changed', data: {} } },
    ]);
  });

  it('a push another node made reaches this node’s consoles, and is not sent on again', () => {
    const p = peers();
    const hub = new PushHub(null, p.link);
    const mine = client(5);
    const other = client(6);
    hub.add(mine.pushClient);
    hub.add(other.pushClient);
    p.receive({ op: 'toUser', orgId: 1, userId: 5, message: { type: 'inbox.changed', data: {} } });
    expect(mine.sent).toHaveLength(1);
    expect(other.sent).toHaveLength(0);
    expect(p.sent).toEqual([]);
  });

  it('a message that is not one of theirs is refused', () => {
    expect(clusterEnvelope.safeParse({ from: 'b', ops: [{ op: 'reload' }] }).success).toBe(true);
    expect(clusterEnvelope.safeParse({ from: 'b', ops: [{ op: 'shutdown' }] }).success).toBe(false);
    expect(
      clusterEnvelope.safeParse({
        from: 'b',
        ops: [{ op: 'toUser', orgId: 1, userId: 5, message: { type: 'x' } }],
      }).success,
    ).toBe(false);
    expect(clusterEnvelope.safeParse({ ops: [] }).success).toBe(false);
  });
});
