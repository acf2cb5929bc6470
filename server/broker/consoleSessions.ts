import type { Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { satisfies } from '../../domain/authorityExpr.js';
import { Authority } from '../../domain/menus.js';
import { orgTopicPrefix, Topic } from '../../domain/topics.js';
import { authenticate } from '../auth/tokens.js';
import type { Db } from '../db/index.js';
import { holdsDept } from '../http/deptScope.js';

/** A console on the broker, as its session stood when last checked. */
export interface ConsolePeer {
  kind: 'console';
  orgId: number;
  userId: number;
  /** May read org-wide alarm and position topics: every department of the organisation. */
  orgWide: boolean;
  authority: ReadonlySet<string>;
}

/** How often connected consoles re-check their session (the same as /push). */
export const CONSOLE_SWEEP_MS = 5_000;

const ALARM_AUTHORITY = `${Authority.iotAlarm}|${Authority.iotLocateAlarm}`;

/** The console peer of a session token; throws the session code when the token is not (or no longer) valid. */
export async function consolePeer(db: Db, token: string, now: number): Promise<ConsolePeer> {
  const user = await authenticate(db, token, now, { touch: false });
  const depts = await db.selectFrom('dept').select('deptId').where('orgId', '=', user.orgId).execute();
  const orgWide = depts.every((d) => holdsDept(user, d.deptId));
  return { kind: 'console', orgId: user.orgId, userId: user.userId, orgWide, authority: user.authority };
}

/** Whether an MQTT topic filter (with + and #) matches a topic. */
export function filterMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
  }
  return f.length === t.length;
}

/**
 * Topics a console may subscribe to: its organisation's, and only with every department (the
 * org-wide feeds carry every department's devices) and some authority; alarm records also need an
 * alarm authority, as on /push.
 */
export function consoleMaySubscribe(peer: ConsolePeer, topic: string): boolean {
  if (!topic.startsWith(orgTopicPrefix(peer.orgId)) || !peer.orgWide || peer.authority.size === 0)
    return false;
  return !filterMatches(topic, Topic.alarm(peer.orgId)) || satisfies(peer.authority, ALARM_AUTHORITY);
}

/**
 * Re-checks every connected console's session, so that logout, expiry, a sign-in elsewhere (4012)
 * and changed key information or departments (4013) end its broker connection as they end /push.
 * A console whose rights narrowed is disconnected too: it reconnects and subscribes under the new rights.
 */
export function sweepConsoles(options: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  everyMs: number;
  /** The session token of each connected console. */
  consoles: Map<Client, string>;
  peers: { get(client: Client): unknown; set(client: Client, peer: ConsolePeer): unknown };
}) {
  const { db, log, consoles, peers } = options;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      for (const [client, token] of consoles) {
        const before = peers.get(client) as ConsolePeer | undefined;
        const fresh = await consolePeer(db, token, options.now()).catch((error: { code?: number }) => {
          log.info({ clientId: client.id, userId: before?.userId, code: error.code }, 'MQTT session ended');
          return null;
        });
        if (fresh && before && !narrowed(before, fresh)) {
          peers.set(client, fresh);
          continue;
        }
        consoles.delete(client);
        client.close();
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), options.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

const narrowed = (before: ConsolePeer, after: ConsolePeer) =>
  (before.orgWide && !after.orgWide) || [...before.authority].some((code) => !after.authority.has(code));
