import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .gz and .br beside every text asset, served by @fastify/static's preCompressed option. */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  let outDir = resolve(import.meta.dirname, 'dist');
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle(error) {
      // A failed build leaves nothing to compress; its own error is the one to show.
      if (error || !existsSync(outDir)) return;
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data));
      }
    },
  };
}

const target = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
const apiPrefixes = [
  '/passport',
  '/pims',
  '/omms',
  '/ifms',
  '/tdms',
  '/wnms',
  '/api',
  '/loms',
  '/ecms',
  '/tams',
  '/bmms',
  '/homecare',
  '/ptms',
  '/abc',
  '/files',
];

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        login: resolve(import.meta.dirname, 'login.html'),
        error: resolve(import.meta.dirname, 'error.html'),
        fullchart: resolve(import.meta.dirname, 'fullchart.html'),
        settleIn: resolve(import.meta.dirname, 'settleIn.html'),
      },
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(apiPrefixes.map((p) => [p, { target }])),
      '/push': { target, ws: true },
      '/mqtt': { target, ws: true },
    },
  },
});
