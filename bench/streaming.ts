// Browser streaming: a headless Chromium with a fake camera publishes
// through the stream studio's own code (@lp/streaming: §7.3 SDP rewriting, the sendOffer
// signalling, the §4.14 timers) to the real server, which ingests with werift + ffmpeg; a
// second Chromium plays the live HLS with hls.js. Prints the time from go_live to the first
// playable segment, the player's distance to the live edge (glass-to-glass as the issue
// measures it), and how long after the end the saved video plays. Goals: live ≤ 10 s, replay
// ≤ 60 s after the end. A figure, not pass/fail: compare runs on the same machine.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import puppeteer, { type Page } from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-stream-bench-'));
const WATCH_SECONDS = Number(process.env.STREAM_BENCH_WATCH_SECONDS ?? 20);
const BASIC = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/server.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), CONTENT_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: origin, STATIC_ROOT: '' },
});
const stopServer = () => new Promise<void>((resolve) => {
  if (server.exitCode !== null) return resolve();
  const hard = setTimeout(() => server.kill('SIGKILL'), 15_000);
  server.once('exit', () => {
    clearTimeout(hard);
    resolve();
  });
  server.kill('SIGTERM');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The page scripts: the studio and hls.js, bundled once for the two pages. */
async function pageScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import { StreamStudio } from './streaming/src/index.ts';
        import Hls from 'hls.js';
        window.StreamStudio = StreamStudio;
        window.Hls = Hls;`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

/** Serves `html` at `url` on the server's origin (so the page's calls are same-origin). */
async function openAt(page: Page, url: string, html: string) {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.url() === url) void request.respond({ status: 200, contentType: 'text/html', body: html });
    else void request.continue();
  });
  await page.goto(url);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

try {
  await until('the server', async () => fetch(`${origin}/api/health`).then((r) => r.ok, () => false), 120_000, 200);
  const tokenRes = await fetch(`${origin}/api/o/token/`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'instructor@demo.local', password: 'Instructor#2026!' }),
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const auth = { authorization: `Bearer ${token}` };
  const groups = await (await fetch(`${origin}/api/lookups/user_groups/`, { headers: auth })).json() as Array<{ id: number }>;
  const created = await fetch(`${origin}/api/admin_webcasts/webcasts/`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Streaming benchmark', description: '', webcast_type: 2, embed: 'none', transmission_date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      timezone: 'UTC', workload: 1, score: 0, use_chat: false, chat_moderated: false, tags: [], areas: [], profiles: [], user_groups: groups.slice(0, 1).map((g) => g.id),
    }),
  });
  if (created.status !== 201) throw new Error(`webcast not created: ${created.status} ${await created.text()}`);
  const id = ((await created.json()) as { id: number }).id;
  const webcast = async () => (await fetch(`${origin}/api/admin_webcasts/webcasts/${id}/`, { headers: auth })).json() as Promise<{
    transmission_downloaded: boolean; webcast_player_hls_playback_url: string | null;
  }>;
  const script = await pageScript();

  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required',
      // the bench pages are answered by request interception, which Chromium places outside the
      // loopback address space: its Local Network Access checks would then refuse the signalling socket
      '--disable-features=LocalNetworkAccessChecks',
    ],
  });
  try {
    // ---- the publisher: the studio as the stream tab drives it ----
    const studioPage = await browser.newPage();
    await openAt(studioPage, `${origin}/bench/studio`, `<!doctype html><html><body><script>${script}</script><script>
      const W = '/api/admin_webcasts/webcasts/${id}/';
      const headers = { authorization: ${JSON.stringify(auth.authorization)} };
      const get = async (p) => { const r = await fetch(W + p, { headers }); if (!r.ok) throw new Error(p + ' ' + r.status); return r.json(); };
      window.notices = [];
      window.studio = new StreamStudio({
        webcast: { status: 1, transmission_completed: false, transmission_downloaded: false },
        notify: (n) => window.notices.push(n.key || n.text),
        api: {
          startStreaming: () => get('start_streaming/'), streamingState: () => get('streaming_state/'), streamingIsLive: () => get('streaming_is_live/'),
          stopStreaming: () => get('stop_streaming/'),
          downloadStreaming: async () => { const r = await fetch(W + 'download_streaming/', { headers }); return { status: r.status, body: await r.json() }; },
          configStreaming: async (fields) => { const body = new FormData(); for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
            const r = await fetch(W + 'config_streaming/', { method: 'POST', headers, body }); if (!r.ok) throw new Error('config ' + r.status); },
          sdp: async () => (await get('streaming_sdp/')).webcast_wowza_sdp,
        },
      });
    </script></body></html>`);
    await studioPage.evaluate(async () => {
      const w = window as unknown as { studio: { open(): Promise<void>; configure(c: object): Promise<boolean>; createTransmission(): Promise<void>; startWithCamera(): Promise<void>; getSnapshot(): { audioDeviceId: string; videoDeviceId: string } } };
      await w.studio.open();
      const s = w.studio.getSnapshot();
      await w.studio.configure({ audioDeviceId: s.audioDeviceId, videoDeviceId: s.videoDeviceId, preset: 2 });
      await w.studio.createTransmission();
      await w.studio.startWithCamera();
    });
    const goLiveAt = Date.now();
    await studioPage.evaluate(() => void (window as unknown as { studio: { goLive(): Promise<void> } }).studio.goLive());
    // the playback URL appears with the first segment in the live playlist
    const livePlaylist = await until('the first segment', async () => {
      const url = (await webcast()).webcast_player_hls_playback_url;
      const res = url ? await fetch(url).catch(() => null) : null;
      return res?.ok && (await res.text()).includes('.ts') && url;
    }, 60_000);
    const firstSegmentMs = Date.now() - goLiveAt;

    // ---- the viewer: hls.js with the portal's live settings ----
    const context = await browser.createBrowserContext();
    const viewer = await context.newPage();
    await openAt(viewer, `${origin}/bench/viewer`, `<!doctype html><html><body><video id="v" muted playsinline></video><script>${script}</script><script>
      window.play = (url, live) => new Promise((resolve) => {
        const video = document.getElementById('v');
        if (window.hls) window.hls.destroy();
        const hls = new Hls(live ? { liveSyncDurationCount: 3, liveMaxLatencyDurationCount: 6, maxLiveSyncPlaybackRate: 1.5 } : {});
        window.hls = hls;
        hls.on(Hls.Events.ERROR, (_e, d) => { if (d.fatal && d.type === Hls.ErrorTypes.NETWORK_ERROR) setTimeout(() => hls.startLoad(), 1000); });
        hls.loadSource(url);
        hls.attachMedia(video);
        hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
        video.addEventListener('timeupdate', function started() { if (video.currentTime > 0.5) { video.removeEventListener('timeupdate', started); resolve(); } });
      });
    </script></body></html>`);
    const viewStart = Date.now();
    await viewer.evaluate((url) => (window as unknown as { play(u: string, l: boolean): Promise<void> }).play(url, true), livePlaylist);
    const firstFrameMs = Date.now() - viewStart;
    const latencies: number[] = [];
    for (let i = 0; i < WATCH_SECONDS; i += 1) {
      await sleep(1000);
      const latency = await viewer.evaluate(() => (window as unknown as { hls: { latency: number } }).hls.latency);
      if (Number.isFinite(latency) && latency > 0) latencies.push(latency);
    }
    const advanced = await viewer.evaluate(() => (document.getElementById('v') as HTMLVideoElement).currentTime);

    // ---- the end, the save, the replay ----
    const endAt = Date.now();
    await studioPage.evaluate(() => (window as unknown as { studio: { endTransmission(): void } }).studio.endTransmission());
    await until('the end of the transmission', () => studioPage.evaluate(() => (window as unknown as { notices: string[] }).notices.includes('transmission_ended')), 30_000);
    const endedMs = Date.now() - endAt;
    await studioPage.evaluate(() => (window as unknown as { studio: { saveVideo(): Promise<void> } }).studio.saveVideo());
    const vod = await until('the saved video', async () => {
      const w = await webcast();
      return w.transmission_downloaded && w.webcast_player_hls_playback_url;
    }, 120_000, 250);
    await viewer.evaluate((url) => (window as unknown as { play(u: string, l: boolean): Promise<void> }).play(url, false), vod);
    const replayMs = Date.now() - endAt;
    const duration = await viewer.evaluate(() => (document.getElementById('v') as HTMLVideoElement).duration);
    const notices = await studioPage.evaluate(() => (window as unknown as { notices: string[] }).notices);

    const s = (ms: number) => (ms / 1000).toFixed(1);
    console.log(`browser streaming (Chromium fake camera → werift → ffmpeg → HLS, 720p preset):`);
    console.log(`  go_live → first playable segment: ${s(firstSegmentMs)} s (goal ≤ 10 s); viewer's first frame after ${s(firstFrameMs)} s`);
    console.log(`  player's distance to the live edge (hls.js latency, median of ${latencies.length} s): ${median(latencies).toFixed(1)} s`
      + ` (min ${Math.min(...latencies).toFixed(1)}, max ${Math.max(...latencies).toFixed(1)}); playback advanced ${advanced.toFixed(1)} s`);
    console.log(`  end_transmission → transmission_ended: ${s(endedMs)} s (spec: tracks stop at 7 s, stop call at 7.1 s)`);
    console.log(`  end_transmission → saved video playing: ${s(replayMs)} s (goal ≤ 60 s); recording ${duration.toFixed(1)} s long`);
    console.log(`  studio notices: ${notices.join(', ')}`);
  } finally {
    await browser.close();
  }
} finally {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
