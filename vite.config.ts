import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const target = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
const apiPrefixes = ['/passport', '/pims', '/omms', '/ifms', '/tdms', '/wnms', '/api', '/loms', '/ecms', '/tams', '/bmms', '/homecare', '/ptms', '/abc', '/files'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    rollupOptions: {
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        login: resolve(import.meta.dirname, 'login.html'),
        error: resolve(import.meta.dirname, 'error.html'),
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
