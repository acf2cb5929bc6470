import type { FastifyBaseLogger } from 'fastify';

export interface MinuteJob {
  /** The first pass (tests wait for it). */
  ready: Promise<void>;
  /** No more passes; resolves once the one under way has finished. */
  stop(): Promise<void>;
}

/**
 * A pass run at once and then every minute, never two at a time (a slow pass is not overtaken by
 * the next one); a failed pass is logged and the next minute tries again. The care-task and patrol
 * jobs are such passes.
 */
export function minuteJob(name: string, log: FastifyBaseLogger, pass: () => Promise<void>): MinuteJob {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= pass()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const ready = run();
  const timer = setInterval(() => void run(), 60_000);
  timer.unref?.();
  return {
    ready,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
