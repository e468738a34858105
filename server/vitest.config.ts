import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // integration suites share one Postgres; each file uses its own schema
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/globalSetup.ts'],
    // Every file builds its own app (own data dir, own Postgres schema) and nothing here mocks
    // modules, so the files of a worker can share one module graph: loading the app's graph
    // took ~5 s a file, two thirds of the suite's CPU. A suite that needs module mocks goes
    // in its own project.
    isolate: false,
    // app.ts loads the route areas with @fastify/autoload, which import()s them: inlined, that
    // import goes through vite's transform (TypeScript); external, Node would get the .ts file
    server: { deps: { inline: ['@fastify/autoload'] } },
  },
});
