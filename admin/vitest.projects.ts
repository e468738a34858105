import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject, type TestProjectInlineConfiguration } from 'vitest/config';

const root = import.meta.dirname;
const TESTS = /\.test\.tsx?$/;

/**
 * Test files that need a module graph of their own: those that replace modules with vi.mock,
 * and those that check real CSS (emotion's cache, a module singleton, remembers the styles it
 * inserted into an earlier file's document and would not insert them again).
 */
const OWN_GRAPH = /\bvi\.mock\(|\bwithCascadedStyles\(/;
function filesNeedingOwnGraph(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesNeedingOwnGraph(file));
    else if (TESTS.test(entry.name) && OWN_GRAPH.test(fs.readFileSync(path.join(root, file), 'utf8'))) found.push(file);
  }
  return found;
}

const ownGraph = filesNeedingOwnGraph('src');
const shared = {
  environment: 'jsdom' as const,
  setupFiles: ['./src/test/setup.ts'],
  // a form test takes 2–3 s alone; three workers beside the server suites on two cores may take ten times that
  testTimeout: 45_000,
  // screens show times in the user's (the browser's) zone: one zone for the runs on every machine
  env: { TZ: 'UTC' },
};

/**
 * The admin's suites as two projects. Loading MUI and react-admin took ~2.6 s a file, a third of
 * the suite's CPU; most files share one module graph per worker (isolate: false), the few above
 * keep their own.
 */
export const adminProjects: TestProjectInlineConfiguration[] = [
  defineProject({
    root,
    plugins: [react()],
    test: { ...shared, name: 'admin', include: ['src/**/*.test.{ts,tsx}'], exclude: ownGraph, isolate: false, setupFiles: [...shared.setupFiles, './src/test/sharedDocument.ts'] },
  }),
  defineProject({
    root,
    plugins: [react()],
    test: { ...shared, name: 'admin-mocks', include: ownGraph },
  }),
];
