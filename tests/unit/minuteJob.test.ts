import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { minuteJob } from '../../server/minuteJob.js';

afterEach(() => {
  vi.useRealTimers();
});

const logger = () => {
  const errors: string[] = [];
  const log = { error: (_: unknown, text: string) => errors.push(text) } as unknown as FastifyBaseLogger;
  return { log, errors };
};

describe('a job run every minute', () => {
  it('runs at once, then each minute; a slow pass is not overtaken; stop waits for the pass under way', async () => {
    vi.useFakeTimers();
    let passes = 0;
    let release: () => void = () => {};
    const { log } = logger();
    const job = minuteJob('test job', log, async () => {
      passes++;
      if (passes === 2) await new Promise<void>((r) => (release = r));
    });
    await job.ready;
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(passes).toBe(2);
    // the second pass hangs: two more minutes start nothing
    await vi.advanceTimersByTimeAsync(120_000);
    expect(passes).toBe(2);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(180_000);
    expect(passes).toBe(2);
  });

  it('a failed pass is logged and the next minute tries again', async () => {
    vi.useFakeTimers();
    let passes = 0;
    const { log, errors } = logger();
    const job = minuteJob('test job', log, async () => {
      passes++;
      if (passes === 1) throw new Error('database busy');
    });
    await job.ready;
    expect(errors).toEqual(['test job failed']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(passes).toBe(2);
    expect(errors).toHaveLength(1);
    await job.stop();
  });
});
