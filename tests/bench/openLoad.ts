/**
 * An open-loop load at a fixed rate (Poisson arrivals over a pool of keep-alive connections), for
 * latency figures "at N requests a second": each request's latency runs from the moment it was due,
 * not from when a free connection sent it, so a stalled server counts in full (no coordinated
 * omission). autocannon's own rate mode fires every connection at once each tick, which measures its
 * bursts rather than the server.
 */
import { Agent, request } from 'node:http';

export interface OpenLoadResult {
  /** Requests answered per second. */
  rate: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0) : 0;

export async function openLoad(options: {
  base: string;
  headers: Record<string, string>;
  /** Requests a second, on average. */
  rate: number;
  durationS: number;
  connections: number;
  path: () => string;
}): Promise<OpenLoadResult> {
  const { hostname, port } = new URL(options.base);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + options.durationS * 1000;
  const pending: Promise<void>[] = [];
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        { host: hostname, port, path: options.path(), headers: options.headers, agent },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            if (res.statusCode === 200) latencies.push(performance.now() - due);
            else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  let due = start;
  while (due < end) {
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(due));
    // exponential gaps: arrivals as independent clerks make them
    due += (-Math.log(1 - Math.random()) * 1000) / options.rate;
  }
  await Promise.all(pending);
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    rate: Math.round(latencies.length / elapsed),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    errors,
  };
}
