import { defineConfig } from 'vitest/config';
import { adminProjects } from './admin/vitest.projects.ts';

// One `vitest run` for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['shared', 'server', ...adminProjects, 'portal', 'streaming'],
    // Vitest's default on a 2-core machine is one worker (cores − 1), which left the run at 20
    // minutes. The server suites wait on Postgres, Redis and ffmpeg much of the time, so three
    // workers keep both cores busy; VITEST_MAX_WORKERS overrides it on bigger machines.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    reporters: ['default', './scripts/vitest-unhandled-summary.ts'],
  },
});
