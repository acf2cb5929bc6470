import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** Builds the map benchmark page (npm run bench builds it into .tmp/bench-map). */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  logLevel: 'warn',
  build: {
    outDir: resolve(import.meta.dirname, '..', '..', '..', '.tmp', 'bench-map'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
});
