import { defineConfig } from 'vitest/config';

// One `vitest run` for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['shared', 'server', 'admin', 'portal'],
  },
});
