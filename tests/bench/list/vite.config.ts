import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Builds the list benchmark page (npm run bench builds it into .tmp/bench-list): production React,
 * in its profiling build so that <Profiler> reports render times (a little slower, not faster).
 */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
  build: {
    outDir: resolve(import.meta.dirname, '..', '..', '..', '.tmp', 'bench-list'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
});
