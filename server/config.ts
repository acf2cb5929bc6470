import { type ConfigEntries, type ConfigKey, configDefaults } from '../domain/configEntries.js';
import type { Db } from './db/index.js';

/** The organisation whose settings a signed-out visitor sees (login page, photo-code rule). */
export async function defaultOrgId(db: Db): Promise<number> {
  const row = await db.selectFrom('org').select('orgId').orderBy('orgId').limit(1).executeTakeFirst();
  return row?.orgId ?? 1;
}

export async function readConfig<K extends ConfigKey>(
  db: Db,
  orgId: number,
  key: K,
): Promise<ConfigEntries[K]> {
  const row = await db
    .selectFrom('configEntry')
    .select('value')
    .where('orgId', '=', orgId)
    .where('configKey', '=', key)
    .executeTakeFirst();
  const fallback = configDefaults('')[key];
  if (!row) return fallback;
  return { ...fallback, ...(JSON.parse(row.value) as Partial<ConfigEntries[K]>) } as ConfigEntries[K];
}

export async function writeConfig<K extends ConfigKey>(
  db: Db,
  orgId: number,
  key: K,
  value: ConfigEntries[K],
) {
  const text = JSON.stringify(value);
  await db
    .insertInto('configEntry')
    .values({ orgId, configKey: key, value: text })
    .onConflict((oc) => oc.columns(['orgId', 'configKey']).doUpdateSet({ value: text }))
    .execute();
}
