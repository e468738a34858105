import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, serverPort } from './servers.ts';

const STREAMING_SPECS = /webcast-(stream|resilience)\.spec\.ts$/;

/**
 * End-to-end against the real server (built admin + portal), one server per worker, each on a
 * temporary DATA_DIR of its own (tests/e2e/test.ts gives each worker its server's baseURL).
 */
export default defineConfig({
  testDir: './e2e',
  // patience, not speed limits: two servers and two browsers share two cores here, and a full run
  // has seen an admin list or a click take past 10 s (and a journey past 60 s) that pass alone in a fraction
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // the two webcast specs (ffmpeg, the fake camera, two browsers each) never run beside each other
  projects: [
    { name: 'app', testIgnore: STREAMING_SPECS },
    // ffmpeg and two decoding browsers on two cores: a picture can stall past a poll's patience
    // under load (streaming/README "resilience"), so these two get one retry wherever they run
    { name: 'streaming', testMatch: STREAMING_SPECS, workers: 1, retries: 1 },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => ({
    command: `node e2e-server.mjs`,
    url: `http://127.0.0.1:${serverPort(slot)}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(serverPort(slot)) },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
