/**
 * Map: main-thread milliseconds per position batch with 10,000 moving markers, the console's
 * FloorMap (deck.gl binary attributes) side by side with maplibre's GeoJSON setData; and the frame
 * rate with 1,000 moving markers. WebGL here is SwiftShader (software), so frame rates are a floor
 * check only; the screenshots are for a person to look at.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from '../support/chromium.js';
import { CHROMIUM_ARGS, percentile } from './util.js';

const root = resolve(import.meta.dirname, '..', '..');
const out = join(root, '.tmp', 'bench-map');
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

interface Bench {
  ready: Promise<void>;
  run(batches: number): Promise<{ sync: number[]; elapsedMs: number; redraws: number }>;
}

export async function benchMap(): Promise<string[]> {
  spawnSync('npx', ['vite', 'build', '--config', 'tests/bench/map/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (!existsSync(join(out, 'index.html'))) throw new Error('map benchmark page did not build');
  const server = createServer((req, res) => {
    const path = join(out, new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html'));
    if (!path.startsWith(out) || !existsSync(path)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  });
  await new Promise<void>((r) => server.listen(18_190, '127.0.0.1', r));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--enable-unsafe-swiftshader'],
  });
  const lines: string[] = [];
  try {
    for (const [mode, n, batches, labels] of [
      ['deck', 10_000, 60, 0],
      ['geojson', 10_000, 30, 0],
      ['deck', 1_000, 60, 0],
      ['geojson', 1_000, 60, 0],
      // a busy floor's residents with their names, placed without overlaps (issue #19)
      ['deck', 1_000, 60, 300],
    ] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.goto(`http://127.0.0.1:18190/index.html?mode=${mode}&n=${n}&labels=${labels}`);
      await page.evaluate(() => (window as unknown as { __bench: Bench }).__bench.ready);
      await page.evaluate(() => (window as unknown as { __bench: Bench }).__bench.run(10));
      const task = async () =>
        (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
      const before = await task();
      const r = await page.evaluate((b) => (window as unknown as { __bench: Bench }).__bench.run(b), batches);
      const mainMs = ((await task()) - before) * 1000;
      if (n === 10_000 || mode === 'deck')
        await page.screenshot({
          path: join(root, '.tmp', `bench-map-${mode}-${n}${labels ? `-${labels}names` : ''}.png`),
        });
      const name =
        mode === 'deck'
          ? `deck.gl 二进制属性 (控制台)${labels ? `, ${labels} names decluttered` : ''}`
          : 'maplibre GeoJSON setData';
      lines.push(
        `map ${name}, ${n} markers: apply p50 ${percentile(r.sync, 50).toFixed(2)} ms, p95 ${percentile(r.sync, 95).toFixed(2)} ms; ` +
          `main thread ${(mainMs / batches).toFixed(1)} ms/batch incl. rendering; ${((r.redraws * 1000) / r.elapsedMs).toFixed(1)} fps` +
          (mode === 'deck' && n === 10_000 ? '  (target p95 ≤ 2 ms)' : '') +
          (mode === 'deck' && n === 1_000 ? '  (floor ≥ 8 fps)' : ''),
      );
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  lines.push(`  screenshots: .tmp/bench-map-*.png`);
  return lines;
}
