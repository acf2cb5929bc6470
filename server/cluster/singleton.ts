import type pg from 'pg';
import { pgDriver } from '../db/postgres.js';

/** How often a node that does not hold the lock tries again (the holder may have died). */
const RETRY_MS = 5_000;

export interface Singleton {
  /** Whether this node runs it now. */
  held(): boolean;
  stop(): Promise<void>;
}

/**
 * Something that runs on one node of a cluster, and moves to another when that node dies: the node
 * holding PostgreSQL's session advisory lock `name` (on a connection of its own) runs it; the others
 * try every few seconds. A node whose connection breaks stops it at once, since another node may be
 * about to take the lock. The simulated devices run so (issue #21: "the simulator runs once").
 */
export function onOneNodeAtATime(
  databaseUrl: string,
  name: string,
  run: () => Promise<{ stop(): Promise<void> }>,
  log: { info(message: string): void; warn(message: string): void },
): Singleton {
  let client: pg.Client | null = null;
  let running: { stop(): Promise<void> } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const release = async () => {
    const was = running;
    running = null;
    await was?.stop();
  };
  const attempt = async () => {
    if (stopped) return;
    try {
      if (!client) {
        const c = new (pgDriver().Client)({
          connectionString: databaseUrl,
          application_name: `eldercare ${name}`,
        });
        c.on('error', () => {
          if (client !== c) return;
          client = null;
          log.warn(`${name}: database connection lost; stopping it here`);
          void release().then(() => {
            if (!stopped) timer = setTimeout(() => void attempt(), RETRY_MS);
          });
        });
        await c.connect();
        client = c;
      }
      const { rows } = await client.query<{ got: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as got',
        [name],
      );
      if (rows[0]?.got && !running && !stopped) {
        log.info(`${name}: runs on this node`);
        running = await run();
        return;
      }
    } catch (error) {
      log.warn(`${name}: ${(error as Error).message}`);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
      await release();
    }
    if (!stopped) timer = setTimeout(() => void attempt(), RETRY_MS);
  };
  void attempt();
  return {
    held: () => running !== null,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await release();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
