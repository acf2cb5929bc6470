import type { Db } from '../../db/index.js';
import { readScopeKey } from '../../http/deptScope.js';
import { tableVersions } from '../../resources/fastRead.js';
import type { Reader } from './scope.js';

interface Kept {
  versions: number[];
  value: unknown;
}
const MAX_KEPT = 2000;
const kept = new WeakMap<Db, Map<string, Kept>>();

/**
 * A dashboard figure kept until one of the tables it adds up changes (a trigger bumps each table's
 * version, server/resources/fastRead.ts): every console of a home shows the same figures and asks
 * again on each push, so each is computed once per change. The key names everything else a figure
 * depends on: organisation, the departments read (server/http/deptScope.ts), the day, the call.
 */
export async function keptFigure<T>(
  r: Reader,
  name: string,
  tables: readonly string[],
  compute: () => Promise<T>,
): Promise<T> {
  const versions = tableVersions(r.db, tables);
  if (!versions) return compute();
  let entries = kept.get(r.db);
  if (!entries) {
    entries = new Map();
    kept.set(r.db, entries);
  }
  const key = `${r.user.orgId}|${readScopeKey(r.user)}|${r.today}|${name}`;
  const hit = entries.get(key);
  if (hit?.versions.every((v, i) => v === versions[i])) return hit.value as T;
  const value = await compute();
  // versions read before computing: a write in between is seen by the next read, never hidden
  if (entries.size >= MAX_KEPT) entries.delete(entries.keys().next().value as string);
  entries.set(key, { versions, value });
  return value;
}
