import { defineConfig } from 'vitest/config';

/**
 * The several-nodes proof (tests/cluster/): real processes on PostgreSQL, Mosquitto and nginx. The
 * test command runs it beside the PostgreSQL route tests, with TEST_DATABASE_URL set.
 */
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/tmpRoot.ts', 'tests/support/builtServerSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 240_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
