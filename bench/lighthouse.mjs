// Lighthouse mobile performance score of the portal's catalogue (/courses) and of a training
// detail (/courses/{id}) (goal ≥ 95). A figure, not pass/fail.
//
// Needs the built portal (npm run build) and Debian chromium (CHROMIUM_PATH, default
// /usr/bin/chromium). Runs with tsx (`node --import tsx bench/lighthouse.mjs`) so the session is
// written by the shared session store exactly as the portal writes it. Starts the real server
// like tests/e2e-server.mjs on a temporary DATA_DIR with the demo data, logs in as the demo
// learner, puts that session in localStorage, and lets Lighthouse (default mobile settings:
// emulated phone, simulated slow 4G and CPU slowdown) load each page.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
// lighthouse drives Chrome through puppeteer-core (its own dependency); the page is handed to it
import puppeteer from 'puppeteer-core';
import { DEMO } from '../server/src/seed/demo.ts';
import { SESSION_STORAGE_KEY } from '@lp/shared/rules';
import { writeSession, EMPTY_SESSION } from '@lp/shared/client';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'portal/dist/index.html'))) {
  console.log('lighthouse: portal not built (run npm run build)');
  process.exit(0);
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.log(`lighthouse: no Chromium at ${chromium} (set CHROMIUM_PATH)`);
  process.exit(0);
}

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/server.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), CONTENT_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: origin },
});
// a server that does not close within 10 s is stopped hard, so no stray process keeps the port
const stopServer = () => new Promise((resolve) => {
  if (server.exitCode !== null) return resolve();
  const hard = setTimeout(() => server.kill('SIGKILL'), 10_000);
  server.once('exit', () => {
    clearTimeout(hard);
    resolve();
  });
  server.kill('SIGTERM');
});

let browser;
try {
  for (let i = 0; ; i += 1) {
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 1200 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }

  // the demo learner's session, as the portal stores it after a login
  const tokens = await fetch(`${origin}/api/o/token/`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: DEMO.learner.email, password: DEMO.learner.password }).toString(),
  }).then((r) => r.json());
  const auth = { Authorization: `Bearer ${tokens.access_token}` };
  const user = await fetch(`${origin}/api/users/session/`, { headers: auth }).then((r) => r.json());
  const stored = new Map();
  // the non-secret part in storage; the refresh token in its HttpOnly cookie, as the login leaves them
  writeSession({ getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => stored.set(k, v), removeItem: (k) => stored.delete(k) },
    { ...EMPTY_SESSION, signed_in: true, user });
  const session = stored.get(SESSION_STORAGE_KEY);

  const catalogue = await fetch(`${origin}/api/group_trainings/?page=1&page_size=1`, { headers: auth }).then((r) => (r.ok ? r.json() : null));
  const trainingId = catalogue?.results?.[0]?.id;
  const pages = [['catalogue /courses', '/courses']];
  if (trainingId) pages.push([`training detail /courses/${trainingId}`, `/courses/${trainingId}`]);
  else console.log('lighthouse: the demo learner sees no training (is the catalogue endpoint built?); training detail skipped');

  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  // same origin as the portal: the session goes where the portal reads it
  await page.goto(`${origin}/not-a-page`, { waitUntil: 'load' });
  await page.evaluate((key, value) => localStorage.setItem(key, value), SESSION_STORAGE_KEY, session);
  await page.setCookie({ url: `${origin}/api/o/`, name: 'lp_refresh', value: tokens.refresh_token, path: '/api/o/', httpOnly: true, sameSite: 'Strict' });

  // issue "the portal on real devices": the home's main content (its data shown) on a cold load over
  // a throttled connection (150 ms RTT, 1.6 Mbps down, 750 kbps up; goal ≤ 1.5 s), median of 5
  {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8),
    });
    const times = [];
    for (let i = 0; i < 5; i += 1) {
      const start = Date.now();
      await page.goto(`${origin}/home`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('.home .home-section', { timeout: 30_000 });
      times.push(Date.now() - start);
    }
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
    times.sort((a, b) => a - b);
    console.log(`home main content ready, cold, 150 ms RTT / 1.6 Mbps: median ${times[2]} ms (goal ≤ 1500), runs ${times.join(', ')}`);
  }

  for (const [label, pathname] of pages) {
    const result = await lighthouse(`${origin}${pathname}`, {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      // keep the session put in localStorage and the cookie above
      disableStorageReset: true,
    }, undefined, page);
    const lhr = result?.lhr;
    const score = lhr?.categories.performance.score;
    const metric = (id) => lhr?.audits[id]?.displayValue ?? '?';
    const landed = lhr?.finalDisplayedUrl ?? '';
    console.log(`lighthouse mobile performance, ${label}: ${score === null || score === undefined ? 'n/a' : Math.round(score * 100)} (goal ≥ 95) — `
      + `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`
      + (landed && !landed.endsWith(pathname) ? ` [landed on ${landed}]` : ''));
    if (lhr?.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
} finally {
  await browser?.close();
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
