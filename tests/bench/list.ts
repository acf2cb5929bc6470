/**
 * ResourceList with 10,000 rows in headless Chromium: time from mounting to rows on screen, and
 * frame times while the table scrolls 400 px a frame for three seconds (Table2 renders only the
 * rows in view, so the DOM holds a screenful whatever the row count).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from '../support/chromium.js';
import { CHROMIUM_ARGS, percentile } from './util.js';

const root = resolve(import.meta.dirname, '..', '..');
const out = join(root, '.tmp', 'bench-list');
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

interface Result {
  firstRender: number;
  frames: number[];
  rowsInDom: number;
  scrolledTo: number;
}

export async function benchList(): Promise<string[]> {
  spawnSync('npx', ['vite', 'build', '--config', 'tests/bench/list/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (!existsSync(join(out, 'index.html'))) throw new Error('list benchmark page did not build');
  const server = createServer((req, res) => {
    const path = join(out, new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html'));
    if (!path.startsWith(out) || !existsSync(path)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  });
  await new Promise<void>((r) => server.listen(18_192, '127.0.0.1', r));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const runs: Result[] = [];
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto('http://127.0.0.1:18192/index.html');
      runs.push(
        await page.evaluate(() =>
          (window as unknown as { __bench: { run(): Promise<Result> } }).__bench.run(),
        ),
      );
      if (i === 0) await page.screenshot({ path: join(root, '.tmp', 'bench-list.png') });
      await page.close();
    }
    const frames = runs.flatMap((r) => r.frames);
    const renders = runs.map((r) => r.firstRender);
    return [
      `ResourceList, 10,000 rows: first render ${renders.map((r) => r.toFixed(0)).join(' / ')} ms (median ${percentile(renders, 50).toFixed(0)} ms)`,
      `  scrolling 400 px a frame: frame p50 ${percentile(frames, 50).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, ` +
        `${((100 * frames.filter((f) => f > 50).length) / frames.length).toFixed(1)} % of frames over 50 ms; ` +
        `${runs[0]?.rowsInDom ?? 0} rows in the DOM; scrolled to ${runs[0]?.scrolledTo ?? 0} px`,
      '  screenshot: .tmp/bench-list.png',
    ];
  } finally {
    await browser.close();
    server.close();
  }
}
