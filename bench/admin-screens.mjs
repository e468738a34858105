// Admin screen timings (issue "control panel quality", item "Speed": the training editor's form in
// ≤ 1 s). Figures, not pass/fail; the machine is shared, so compare ratios within one run.
//
// Needs the built admin (npm run build) and Debian chromium (CHROMIUM_PATH, default
// /usr/bin/chromium). Runs with tsx (`node --import tsx bench/admin-screens.mjs`) for the shared
// contract's paths. Starts the real server like tests/e2e-server.mjs on a temporary DATA_DIR with
// the demo data, logs into /admin/ as the demo superuser, and for each heavy screen prints, median
// of 3 (after one warm-up that fills the HTTP cache with the screen's chunks):
// - full load: page.goto of the screen's URL until its first field (or first row) is visible;
// - in app: the same screen opened by the panel's router from another screen, as a click does;
// - full load again with the CPU 4× slower (CDP throttling): what a slower or busier machine sees;
// and for each, the API requests started before that moment (count and summed duration) and all
// the API requests the screen makes until the network is quiet.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { DEMO } from '../server/src/seed/demo.ts';

const RUNS = 3;
const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'admin/dist/index.html'))) {
  console.log('admin screens: admin not built (run npm run build)');
  process.exit(0);
}
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.log(`admin screens: no Chromium at ${chromium} (set CHROMIUM_PATH)`);
  process.exit(0);
}

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-admin-screens-'));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/server.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), CONTENT_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: origin,
    // one browser reloading the panel a few dozen times: more room than a person needs
    RATE_LIMITS: 'api_user=6000/60,token_ip=600/60' },
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

/** The first editable field of the screen's main area that is on screen, or a list's first row. */
const FIELD = 'main form input:not([type=hidden]), main form textarea, main form [contenteditable=true]';
const ROW = 'main .RaDatagrid-row';

function visible(selector) {
  return [...document.querySelectorAll(selector)].some((node) => {
    const box = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && box.top < innerHeight;
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** API requests of the page, with when each started and ended (ms, performance clock of Node). */
function watchApi(page) {
  const seen = new Map();
  page.on('request', (request) => {
    if (request.url().startsWith(`${origin}/api/`)) seen.set(request, { start: performance.now(), end: null, url: request.url() });
  });
  const done = (request) => {
    const entry = seen.get(request);
    if (entry) entry.end = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    since(t0) {
      return [...seen.values()].filter((r) => r.start >= t0);
    },
    /** every request answered (a stream open for over 3 s, such as the notifications', is left out) for quietMs, at most 15 s */
    async quiet(t0, quietMs = 600) {
      const limit = performance.now() + 15_000;
      for (;;) {
        const now = performance.now();
        const entries = this.since(t0).filter((r) => r.end !== null || now - r.start < 3_000);
        const last = Math.max(0, ...entries.map((r) => r.end ?? Infinity));
        if ((entries.every((r) => r.end !== null) && now - last >= quietMs) || now > limit) return entries;
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** One opening of a screen: how long until its first field, and the API requests around it. */
async function measure(page, api, open, selector) {
  const t0 = performance.now();
  await open();
  try {
    await page.waitForFunction(visible, { timeout: 30_000, polling: 'raf' }, selector);
  } catch (error) {
    if (process.env.BENCH_SHOTS) await page.screenshot({ path: path.join(process.env.BENCH_SHOTS, `timeout-${Date.now()}.png`) });
    throw new Error(`${page.url()}: no visible ${selector} after 30 s`, { cause: error });
  }
  const shown = performance.now();
  const before = api.since(t0).filter((r) => r.start <= shown);
  const all = await api.quiet(t0);
  return {
    ms: shown - t0,
    before: before.length,
    beforeMs: before.reduce((n, r) => n + ((r.end ?? shown) - r.start), 0),
    total: all.length,
    urls: all.map((r) => `${Math.round(r.start - t0)}–${r.end === null ? '…' : Math.round(r.end - t0)} ${decodeURIComponent(r.url.replace(origin, '')).slice(0, 90)}`),
  };
}

let browser;
try {
  for (let i = 0; ; i += 1) {
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 1200 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }

  // the records the editors open: the demo client's first training, the demo learner, an appointment
  const tokens = await fetch(`${origin}/api/o/token/`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: DEMO.superuser.email, password: DEMO.superuser.password }).toString(),
  }).then((r) => r.json());
  const auth = { Authorization: `Bearer ${tokens.access_token}` };
  const firstId = async (apiPath, query = '') => {
    const body = await fetch(`${origin}/api${apiPath}?page=1&page_size=5${query}`, { headers: auth }).then((r) => (r.ok ? r.json() : null));
    const rows = body?.results ?? body?.data ?? (Array.isArray(body) ? body : []);
    return rows[0]?.id ?? null;
  };
  const R = ADMIN_RESOURCES;
  const trainingId = await firstId(R.trainings.apiPath);
  const userId = await firstId(R.users.apiPath, `&search=${encodeURIComponent(DEMO.learner.email)}`);
  const appointmentId = await firstId(R.presential_appointments.apiPath);
  const screens = [
    ['training editor', trainingId && `/admin/${R.trainings.name}/${trainingId}`, FIELD],
    ['user editor', userId && `/admin/${R.users.name}/${userId}`, FIELD],
    ['appointment editor', appointmentId && `/admin/${R.presential_appointments.name}/${appointmentId}`, FIELD],
    ['trainings list', `/admin/${R.trainings.name}`, ROW],
  ];

  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    defaultViewport: { width: 1440, height: 900 },
  });
  const page = await browser.newPage();
  const api = watchApi(page);
  page.on('dialog', (dialog) => dialog.accept());
  await page.goto(`${origin}/admin/`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('input[type=password]', { timeout: 30_000 });
  await page.type('input[name=username], input[type=email], input[autocomplete=username]', DEMO.superuser.email);
  await page.type('input[type=password]', DEMO.superuser.password);
  await page.keyboard.press('Enter');
  await page.waitForSelector('main', { timeout: 30_000 });
  await page.waitForFunction(() => !location.pathname.includes('login'), { timeout: 30_000 });

  // in app: the router of the panel moves to the URL (what a menu or row click does), from the dashboard
  const inApp = (url) => async () => {
    await page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, url);
  };
  // a fresh dashboard each time (leaving a form through the router may meet its unsaved-changes guard)
  const toDashboard = async () => {
    const t0 = performance.now();
    await page.goto(`${origin}/admin/`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('main', { timeout: 30_000 });
    await api.quiet(t0);
  };

  console.log(`admin screens (median of ${RUNS}; first field visible; API requests before it / summed ms / all until quiet):`);
  for (const [label, url, selector] of screens) {
    if (!url) {
      console.log(`  ${label}: no record in the demo data, skipped`);
      continue;
    }
    const full = () => page.goto(`${origin}${url}`, { waitUntil: 'domcontentloaded' });
    await measure(page, api, full, selector); // warm-up: the screen's chunks into the HTTP cache
    const loads = [];
    for (let i = 0; i < RUNS; i += 1) loads.push(await measure(page, api, full, selector));
    const moves = [];
    for (let i = 0; i < RUNS; i += 1) {
      await toDashboard();
      moves.push(await measure(page, api, inApp(url), selector));
    }
    // a slower machine (or this one shared by several jobs): the same full load with the CPU 4× slower
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slow = [];
    for (let i = 0; i < RUNS; i += 1) slow.push(await measure(page, api, full, selector));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    const line = (runs) => `${Math.round(median(runs.map((r) => r.ms)))} ms (runs ${runs.map((r) => Math.round(r.ms)).join(', ')}), `
      + `${median(runs.map((r) => r.before))} requests before / ${Math.round(median(runs.map((r) => r.beforeMs)))} ms summed / ${median(runs.map((r) => r.total))} in all`;
    console.log(`  ${label} ${url}`);
    console.log(`    full load: ${line(loads)}`);
    console.log(`    in app:    ${line(moves)}`);
    console.log(`    full load, CPU 4× slower: ${line(slow)}`);
    if (process.env.BENCH_VERBOSE) {
      for (const [kind, runs] of [['full load', loads], ['in app', moves]]) {
        console.log(`    ${kind}, last run, field at ${Math.round(runs.at(-1).ms)} ms; API requests (ms from navigation):`);
        for (const request of runs.at(-1).urls) console.log(`      ${request}`);
      }
    }
  }
} finally {
  await browser?.close();
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
