import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // integration suites share one Postgres; each file uses its own schema. The unit run
    // (scripts/test-unit.mjs) runs beside the other projects' run: on CI's loaded 2 cores a
    // test of 13–15 s on a quiet machine went past 30 s, so a hang is caught at 60 s
    testTimeout: 60_000,
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
