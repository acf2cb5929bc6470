import { sql } from 'kysely';
import { OUTING_PRESENCE_AUDIENCE, OutStatus, type OutStatusCode } from '../../../domain/resources/outing.js';
import type { Db } from '../../../server/db/index.js';
import type { PushHub } from '../../../server/push/hub.js';

/**
 * Which elders are out (an affirmed outing not yet returned), kept in memory per database: the
 * rules engine asks for every alarm it would raise and must not query for it. The outing routes
 * forget the set after each committed change; the time limit covers changes made by another
 * server node on the same database.
 */
const PRESENCE_TTL_MS = 30_000;

interface Presence {
  out: ReadonlySet<number> | null;
  loadedAt: number;
  pending: Promise<ReadonlySet<number>> | null;
  /** Bumped by every forget: a load that started before it is not kept. */
  generation: number;
}
const byDatabase = new WeakMap<Db, Presence>();

async function load(db: Db): Promise<ReadonlySet<number>> {
  const rows = await sql<{ oldmanId: number }>`select distinct oldmanId from oldmanOut
    where outStatus = ${OutStatus.out}`.execute(db);
  return new Set(rows.rows.map((r) => Number(r.oldmanId)));
}

/** The ids of every elder out now (of all organisations: elder ids are unique). */
export function outElders(db: Db): Promise<ReadonlySet<number>> {
  let entry = byDatabase.get(db);
  if (!entry) {
    entry = { out: null, loadedAt: 0, pending: null, generation: 0 };
    byDatabase.set(db, entry);
  }
  const presence = entry;
  if (presence.out && Date.now() - presence.loadedAt < PRESENCE_TTL_MS) return Promise.resolve(presence.out);
  if (!presence.pending) {
    const generation = presence.generation;
    presence.pending = load(db).then(
      (out) => {
        if (presence.generation === generation) {
          presence.out = out;
          presence.loadedAt = Date.now();
          presence.pending = null;
        }
        return out;
      },
      (error: unknown) => {
        if (presence.generation === generation) presence.pending = null;
        throw error;
      },
    );
  }
  return presence.pending;
}

/** Whether an elder is out now (cached; see outElders). */
export async function isElderOut(db: Db, oldmanId: number | null | undefined): Promise<boolean> {
  if (oldmanId === null || oldmanId === undefined) return false;
  return (await outElders(db)).has(oldmanId);
}

/** Drops the cached set: the next question reads the database again. */
export function forgetOutElders(db: Db) {
  const entry = byDatabase.get(db);
  if (!entry) return;
  entry.generation++;
  entry.out = null;
  entry.pending = null;
}

/**
 * After a committed change that moved an elder out of the home or back (确认外出, 返院登记), tells
 * the consoles that show 外出中 (map, bed cards), so they need no reload. Nothing for other steps.
 */
export function announcePresence(
  hub: Pick<PushHub, 'toDepartment'>,
  outing: { orgId: number; deptId: number; outId: number; oldmanId: number },
  from: OutStatusCode | null,
  to: OutStatusCode | null,
) {
  const out = to === OutStatus.out;
  if ((from === OutStatus.out) === out) return;
  hub.toDepartment(outing.orgId, outing.deptId, OUTING_PRESENCE_AUDIENCE, {
    type: 'outing.presence',
    data: { outId: outing.outId, oldmanId: outing.oldmanId, out },
  });
}
