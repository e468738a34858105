import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'streaming',
    include: ['src/**/*.test.ts'],
    // the ingest suite runs werift and ffmpeg for real
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
