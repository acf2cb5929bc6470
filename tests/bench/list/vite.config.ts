import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds the list benchmark page (npm run bench builds it into .tmp/bench-list). */
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  logLevel: 'warn',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, '..', '..', '..', '.tmp', 'bench-list'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
});
