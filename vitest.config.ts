import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/model/**/*.test.{ts,tsx}',
      '{domain,machines,streams,src,features,server}/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
    testTimeout: 20000,
    hookTimeout: 60000,
    pool: 'forks',
    // Both cores: most files wait on SQLite and sockets, not on each other.
    maxWorkers: 2,
  },
});
