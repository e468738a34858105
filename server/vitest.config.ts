import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // integration suites share one Postgres; each file uses its own schema
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
