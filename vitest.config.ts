import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/model/**/*.test.{ts,tsx}',
      '{domain,machines,streams,src,features,server}/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    globalSetup: ['tests/support/tmpRoot.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
    // Both cores: most files wait on SQLite and sockets, not on each other.
    maxWorkers: 2,
    // Files of a worker share its module cache: each file no longer imports the server, React and
    // Blueprint again (the suite took 404 s, 207 s of it importing; 187 s without). Each file still
    // gets its own environment; a file that needs a fresh seed says so (startTestApp's databaseFile).
    isolate: false,
  },
});
