import type { Db } from './index.js';
import { isSeeded } from './seed.js';

/**
 * How an installation was first set up: `demo` (the demonstration institutions, their accounts,
 * residents and simulated devices) or `production` (SEED_DEMO=off: one institution, its
 * administrator, the reference data and nothing made up).
 */
export type SetupMode = 'demo' | 'production';

/**
 * The setup of this database, decided once on its first start and kept: a later start with another
 * SEED_DEMO never adds demonstration residents to a real home (nor strips a demo). A database from
 * before the setting was kept is a demo.
 */
export async function setupMode(db: Db, wanted: SetupMode): Promise<SetupMode> {
  const row = await db.selectFrom('instance').select('value').where('key', '=', 'setup').executeTakeFirst();
  if (row) return row.value === 'production' ? 'production' : 'demo';
  const mode: SetupMode = (await isSeeded(db)) ? 'demo' : wanted;
  await db.insertInto('instance').values({ key: 'setup', value: mode }).execute();
  return mode;
}
