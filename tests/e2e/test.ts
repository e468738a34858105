import fs from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { E2E_PORT, serverPort } from '../servers.ts';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Frame, Locator, Page, Response } from '@playwright/test';

/**
 * Every spec's `test`: each Playwright worker talks to a server of its own (its own port and
 * DATA_DIR, so its own SQLite and outbox; tests/servers.ts), so workers never see each other's
 * saved languages, settings or mail. `parallelIndex` is the worker's slot, kept by a worker
 * that replaces a failed one.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${serverPort(testInfo.parallelIndex)}`);
  },
});

/** The DATA_DIR of this worker's server (written by e2e-server.mjs beside the tests). */
export function dataDir(): string {
  const port = serverPort(test.info().parallelIndex);
  return fs.readFileSync(path.join(import.meta.dirname, '..', `.e2e-data-dir-${port}`), 'utf8').trim();
}

/** The pid of this worker's e2e-server.mjs, which restarts the API on SIGUSR2. */
export function serverPid(): number {
  const port = serverPort(test.info().parallelIndex);
  return Number(fs.readFileSync(path.join(import.meta.dirname, '..', `.e2e-server-pid-${port}`), 'utf8'));
}

export { E2E_PORT };
