// Browser streaming: a headless Chromium publishes through the stream studio's own code
// (@lp/streaming: §7.3 SDP rewriting, the sendOffer signalling, the §4.14 timers) to the real
// server, which ingests with werift + ffmpeg. The "camera" is a canvas carrying the wall clock as
// a machine-readable timecode (streamingTimecode.ts), so the viewers measure glass-to-glass: the
// frame shown against the wall clock. In the same run: today's HLS played by hls.js (with its
// distance to the live edge), WebRTC playback (WHEP), then many protocol-level viewers at once —
// WebRTC, or HLS when refused, offering again as the portal's player does (CPU per viewer, how
// many play which, WebRTC latency under that load), and how long after the end the saved video
// plays. Figures, not pass/fail: compare runs on the same machine.
// STREAM_BENCH_WATCH_SECONDS (60), STREAM_BENCH_VIEWERS (200), STREAM_BENCH_RETRY_SECONDS (60),
// STREAM_BENCH_LOAD_SECONDS (20), STREAM_BENCH_ENGINE (process: the server's STREAMING_ENGINE; run
// it once with `inline` to compare the API's event-loop delay with the ingest beside it); the server
// reads STREAMING_VIEWER_PROCESSES and the other STREAMING_* settings from this environment.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import puppeteer, { type Page } from 'puppeteer-core';
import { CANVAS_CAMERA_SCRIPT, g2g, percentile, TIMECODE_SCRIPT, WHEP_VIEWER_SCRIPT } from './streamingTimecode.ts';
import { apiLoopDelay, cpuShare, ingestLoopWatch, ingestProcessOf, joinCrowd, viewerRelaysOf, yieldCpu } from './streamingViewers.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-stream-bench-'));
const WATCH_SECONDS = Number(process.env.STREAM_BENCH_WATCH_SECONDS ?? 60);
const VIEWERS = Number(process.env.STREAM_BENCH_VIEWERS ?? 200);
const LOAD_SECONDS = Number(process.env.STREAM_BENCH_LOAD_SECONDS ?? 20);
// how long refused viewers keep offering again before the load is measured
const RETRY_SECONDS = Number(process.env.STREAM_BENCH_RETRY_SECONDS ?? 60);
const SEGMENT_SECONDS = Number(process.env.STREAMING_SEGMENT_SECONDS ?? 2);
// the ingest's ports and the crowd's, apart from anything else running here
const RTP_PORTS = process.env.STREAMING_RTP_PORTS ?? '21000-21499';
const ICE_PORTS = process.env.STREAMING_ICE_PORTS ?? '22000-22499';
const BASIC = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** STREAM_BENCH_BROWSER_NICE (10; 0 to compare): the browsers' priority, as ffmpeg's is the ingest's (FFMPEG_NICENESS) */
const BROWSER_NICENESS = Number(process.env.STREAM_BENCH_BROWSER_NICE ?? 10);
const ENGINE = process.env.STREAM_BENCH_ENGINE === 'inline' ? 'inline' : 'process';

const port = await new Promise<number>((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as net.AddressInfo;
    probe.close(() => resolve(free));
  });
});
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/server.ts')], {
  cwd: root,
  // STREAM_BENCH_SERVER_LOG=1: the server's log (info) on this terminal, to see why a run stalls
  stdio: ['ignore', process.env.STREAM_BENCH_SERVER_LOG ? 'inherit' : 'ignore', 'inherit'],
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), CONTENT_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: process.env.STREAM_BENCH_SERVER_LOG ? 'info' : 'warn', PUBLIC_URL: origin, STATIC_ROOT: '',
    STREAMING_RTP_PORTS: RTP_PORTS, STREAMING_ICE_PORTS: ICE_PORTS, STREAMING_ENGINE: ENGINE },
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
    // a kept-alive connection the server has just closed fails one poll (ECONNRESET): poll again
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** The page scripts: the studio, hls.js and the crowd, bundled once for the pages. */
async function pageScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import { StreamStudio } from './streaming/src/index.ts';
        import Hls from 'hls.js';
        import { startCrowd } from './bench/streamingCrowdPage.ts';
        window.StreamStudio = StreamStudio;
        window.Hls = Hls;
        window.startCrowd = startCrowd;`,
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

const median = (values: number[]) => percentile(values, 0.5);
interface Samples { delays: number[]; clockErrors: number[]; unread: number; on: boolean }
/** Starts (or restarts) reading the timecode of the frames the page's <video> shows. */
const sampleFrames = (page: Page, withClock: boolean) => page.evaluate((clock) => {
  const w = window as unknown as { samples?: Samples; watchTimecode(v: HTMLVideoElement, c: unknown): Samples };
  if (w.samples) w.samples.on = false;
  // the player's clock (webrtcPlayback.ts currentPublisherTime): the frame's captureTime in this page's clock
  const fromFrame = (m: { captureTime?: number; receiveTime?: number } | null) => {
    const at = m?.captureTime ?? m?.receiveTime;
    return at === undefined ? null : Math.round(performance.timeOrigin + at);
  };
  w.samples = w.watchTimecode(document.getElementById('v') as HTMLVideoElement, clock ? fromFrame : null);
}, withClock);
/** Whether the page's <video> presents new frames now (five within 3 s). */
const framesFlow = (page: Page) => page.evaluate(() => new Promise<boolean>((resolve) => {
  const video = document.getElementById('v') as HTMLVideoElement;
  let frames = 0;
  const timer = setTimeout(() => resolve(false), 3000);
  const next = () => video.requestVideoFrameCallback(() => {
    frames += 1;
    if (frames >= 5) {
      clearTimeout(timer);
      resolve(true);
    } else next();
  });
  next();
}));
const takeSamples = (page: Page) => page.evaluate(() => {
  const s = (window as unknown as { samples: Samples }).samples;
  s.on = false;
  return { delays: s.delays, clockErrors: s.clockErrors, unread: s.unread };
});

try {
  await until('the server', async () => fetch(`${origin}/api/health`).then((r) => r.ok, () => false), 600_000, 500); // a loaded machine starts it slowly: not what is measured
  const login = async (username: string, password: string) => {
    const tokenRes = await fetch(`${origin}/api/o/token/`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password }),
    });
    return { authorization: `Bearer ${((await tokenRes.json()) as { access_token: string }).access_token}` };
  };
  const auth = await login('instructor@demo.local', 'Instructor#2026!');
  // the learner (in the first group, the webcast's audience) watches through the watch page's addresses
  const learnerAuth = await login('learner@demo.local', 'Learner#2026!');
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
  const watchPage = async () => (await fetch(`${origin}/api/webcasts/${id}/`, { headers: learnerAuth })).json() as Promise<{
    state: string; webcast_player_hls_playback_url: string | null; webcast_player_webrtc_playback_url: string | null;
  }>;
  // tsx (esbuild, keepNames) wraps the named functions inside page.evaluate callbacks in __name(),
  // which only exists in Node: the pages get a stand-in
  const script = `window.__name = (f) => f;\n${await pageScript()}\n${TIMECODE_SCRIPT}`;

  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    // a page's call may wait minutes behind the crowd on this machine: not a hang
    protocolTimeout: 600_000,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required',
      // the bench pages are answered by request interception, which Chromium places outside the
      // loopback address space: its Local Network Access checks would then refuse the signalling socket
      '--disable-features=LocalNetworkAccessChecks',
      // the publisher's page draws its canvas while another page has the focus
      '--disable-background-timer-throttling', '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows',
    ],
  });
  // the browsers stand in for other machines: on this one they yield the CPU to the server
  const browserPid = browser.process()?.pid;
  const yieldBrowsers = () => (browserPid ? yieldCpu(browserPid, BROWSER_NICENESS) : 0);
  yieldBrowsers();
  try {
    // ---- the publisher: the studio as the stream tab drives it ----
    const studioPage = await browser.newPage();
    await openAt(studioPage, `${origin}/bench/studio`, `<!doctype html><html><body><script>${script}</script><script>${CANVAS_CAMERA_SCRIPT}</script><script>
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
    await until('the first segment', async () => {
      const url = (await webcast()).webcast_player_hls_playback_url;
      const res = url ? await fetch(url).catch(() => null) : null;
      return res?.ok && (await res.text()).includes('.ts') && url;
    }, 120_000).catch(async (error: unknown) => {
      console.error('studio notices:', await studioPage.evaluate(() => (window as unknown as { notices: string[] }).notices));
      throw error;
    });
    const firstSegmentMs = Date.now() - goLiveAt;

    // ---- the viewers: hls.js with the portal's live settings, and WebRTC (WHEP), side by side ----
    const addresses = await until('the watch page\'s addresses', async () => {
      const page = await watchPage();
      return page.webcast_player_webrtc_playback_url && page.webcast_player_hls_playback_url ? page : null;
    }, 30_000);
    const viewerHtml = (extra: string) => `<!doctype html><html><body style="margin:0"><video id="v" muted playsinline autoplay></video><script>${script}</script><script>${extra}</script></body></html>`;
    const context = await browser.createBrowserContext();
    const viewer = await context.newPage();
    await openAt(viewer, `${origin}/bench/viewer`, viewerHtml(`
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
      });`));
    const webrtcContext = await browser.createBrowserContext();
    const webrtcViewer = await webrtcContext.newPage();
    await openAt(webrtcViewer, `${origin}/bench/webrtc`, viewerHtml(WHEP_VIEWER_SCRIPT));
    yieldBrowsers();
    const viewStart = Date.now();
    await viewer.evaluate((url) => (window as unknown as { play(u: string, l: boolean): Promise<void> }).play(url, true), addresses.webcast_player_hls_playback_url!);
    const firstFrameMs = Date.now() - viewStart;
    const webrtcStart = Date.now();
    await webrtcViewer.evaluate((url) => (window as unknown as { playWhep(u: string): Promise<void> }).playWhep(url), addresses.webcast_player_webrtc_playback_url!);
    const webrtcFirstFrameMs = Date.now() - webrtcStart;
    await sampleFrames(viewer, false);
    await sampleFrames(webrtcViewer, true);
    const latencies: number[] = [];
    const serverPid = server.pid!;
    // the API, with STREAMING_ENGINE=process its ingest process, and the engine's viewer relays
    // (ffmpeg in none, as before)
    const ingestPid = ingestProcessOf(serverPid);
    const relayPids = viewerRelaysOf(ingestPid ?? serverPid);
    const serverPids = [serverPid, ...(ingestPid ? [ingestPid] : []), ...relayPids];
    const idleCpu = cpuShare(serverPids, WATCH_SECONDS * 1000);
    for (let i = 0; i < WATCH_SECONDS; i += 1) {
      await sleep(1000);
      const latency = await viewer.evaluate(() => (window as unknown as { hls: { latency: number } }).hls.latency);
      if (Number.isFinite(latency) && latency > 0) latencies.push(latency);
    }
    const oneViewerCpu = await idleCpu;
    const hlsFrames = await takeSamples(viewer);
    const webrtcFrames = await takeSamples(webrtcViewer);
    const advanced = await viewer.evaluate(() => (document.getElementById('v') as HTMLVideoElement).currentTime);

    // ---- many viewers: Chromium's peer connections on this one node, WebRTC or (refused) HLS, retrying as the player does ----
    const crowdPage = await (await browser.createBrowserContext()).newPage();
    await openAt(crowdPage, `${origin}/bench/crowd`, `<!doctype html><html><body><script>${script}</script></body></html>`);
    yieldBrowsers();
    await apiLoopDelay(origin);
    const joiningIngest = ingestLoopWatch(origin);
    const crowd = await joinCrowd(crowdPage, {
      whepUrl: addresses.webcast_player_webrtc_playback_url!, hlsUrl: addresses.webcast_player_hls_playback_url!,
      count: VIEWERS, segmentSeconds: SEGMENT_SECONDS,
    });
    const joinedCrowd = await crowd.snapshot();
    const firstRefused = Object.values(joinedCrowd.refused).reduce((sum, n) => sum + n, 0);
    const firstOffers = { taken: VIEWERS - firstRefused, refused: firstRefused, allPlayingMs: joinedCrowd.allPlayingMs, refusals: joinedCrowd.refused };
    const joiningLoop = await apiLoopDelay(origin).catch(() => null);
    const joiningIngestLoop = joiningIngest.stop();
    await sleep(RETRY_SECONDS * 1000);
    await crowd.settle();
    await until('the retried viewers\' pictures', async () => (await crowd.snapshot()).waiting === 0, 30_000, 250)
      .catch(() => undefined);
    // the browser viewer's session ends with its publish session (the studio may publish again under this load): it offers again, as the player would
    let rejoins = 0;
    if (!(await framesFlow(webrtcViewer))) {
      await until('the browser viewer back on WebRTC', async () => {
        const url = (await watchPage()).webcast_player_webrtc_playback_url;
        if (!url) return false;
        rejoins += 1;
        await webrtcViewer.evaluate((whep) => Promise.race([
          (window as unknown as { playWhep(u: string): Promise<void> }).playWhep(whep),
          new Promise((_resolve, reject) => setTimeout(() => reject(new Error('no picture')), 10_000)),
        ]), url);
        return framesFlow(webrtcViewer);
      }, 60_000, 3000).catch(() => undefined);
    }
    await sampleFrames(webrtcViewer, true);
    const before = await crowd.snapshot();
    await apiLoopDelay(origin).catch(() => null);
    const loadedIngest = ingestLoopWatch(origin);
    const crowdCpu = await cpuShare(serverPids, LOAD_SECONDS * 1000);
    const loadedLoop = await apiLoopDelay(origin).catch(() => null);
    const loadedIngestLoop = loadedIngest.stop();
    const loadedFrames = await takeSamples(webrtcViewer);
    const after = await crowd.snapshot();
    const loaded = {
      playing: after.playing, connecting: after.waiting, hls: after.hls, hlsSegments: after.hlsSegments - before.hlsSegments,
      videoFrames: after.videoFrames - before.videoFrames, retries: after.retries, drops: after.drops,
    };
    await crowd.close();

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
    const crowdSize = loaded.playing + loaded.hls;
    const perViewer = crowdSize > 0 ? (crowdCpu - oneViewerCpu) / crowdSize : NaN;
    const refusals = Object.entries(firstOffers.refusals).map(([reason, n]) => `${n}× ${reason}`).join('; ') || 'none';
    console.log(`browser streaming (Chromium, canvas camera with a timecode → studio → werift → ffmpeg → HLS | WebRTC forward, 720p preset):`);
    console.log(`  go_live → first playable segment: ${s(firstSegmentMs)} s (goal ≤ 10 s); HLS viewer's first frame after ${s(firstFrameMs)} s, WebRTC viewer's after ${s(webrtcFirstFrameMs)} s`);
    console.log(`  glass-to-glass over ${WATCH_SECONDS} s, frame shown vs wall clock (goal p50 ≤ 2 s, p95 ≤ 3 s):`);
    console.log(`    HLS (hls.js, today's player settings): ${g2g(hlsFrames.delays)}; unread frames ${hlsFrames.unread}`);
    console.log(`    WebRTC (WHEP, RTP forwarded as is):    ${g2g(webrtcFrames.delays)}; unread frames ${webrtcFrames.unread}`);
    console.log(`  HLS player's distance to the live edge (hls.js latency, median of ${latencies.length} s): ${median(latencies).toFixed(1)} s`
      + ` (min ${Math.min(...latencies).toFixed(1)}, max ${Math.max(...latencies).toFixed(1)}); playback advanced ${advanced.toFixed(1)} s`);
    const errors = webrtcFrames.clockErrors.map(Math.abs);
    console.log(`  WebRTC player's publisher clock (currentPublisherTime) vs the frame's timecode: |error| p50 ${median(errors).toFixed(0)} ms, p95 ${percentile(errors, 0.95).toFixed(0)} ms (${errors.length} frames)`);
    console.log(`  ${VIEWERS} viewers of one node (Chromium peer connections in one page, frames read undecoded; 10 offers at a time):`);
    console.log(`    first offers: ${firstOffers.taken} answered, ${firstOffers.refused} refused → HLS (${refusals}); the last WebRTC picture ${s(firstOffers.allPlayingMs)} s after the first offer`);
    console.log(`    after ${RETRY_SECONDS} s more of retries as the portal's player makes them (Retry-After, backoff, jitter): ${loaded.retries.offered} offers again, ${loaded.retries.taken} taken,`
      + ` ${loaded.drops} sessions ended and went to HLS; now ${loaded.playing} play WebRTC, ${loaded.connecting} answered without a picture yet, ${loaded.hls} play HLS`
      + `; the studio went live ${notices.filter((n) => n === 'live').length}× in the run; the browser viewer offered again ${rejoins}×`);
    console.log(`    server CPU over ${LOAD_SECONDS} s at that load: ${(oneViewerCpu * 100).toFixed(0)}% of a core with 2 browser viewers, ${(crowdCpu * 100).toFixed(0)}% with ${crowdSize} more`
      + ` → ${(perViewer * 100).toFixed(2)}% of a core per viewer (${loaded.playing} WebRTC, ${loaded.hls} HLS: ${loaded.hlsSegments} segments served;`
      + ` ${loaded.videoFrames} video frames received by the WebRTC viewers in that time; the clients run in Chromium on the same cores)`);
    console.log(`    WebRTC glass-to-glass under that load (${LOAD_SECONDS} s): ${g2g(loadedFrames.delays)}`);
    const loop = (d: { p99: number; max: number } | null) => (d ? `p99 ${d.p99.toFixed(0)} ms, max ${d.max.toFixed(0)} ms` : 'not read');
    console.log(`    API event-loop delay (STREAMING_ENGINE=${ENGINE}${ingestPid ? `, ingest pid ${ingestPid}` : ''}): while the crowd joined ${loop(joiningLoop)};`
      + ` over the ${LOAD_SECONDS} s at that load ${loop(loadedLoop)}`);
    if (ENGINE === 'process') {
      console.log(`    the ingest process's own event-loop delay (the publisher's ICE${relayPids.length ? `; the viewers' peers in ${relayPids.length} relay process(es)` : ' and the viewers\' peers share it'}; worst of its 2 s reports):`
        + ` while the crowd joined ${loop(joiningIngestLoop)}; at that load ${loop(loadedIngestLoop)}`);
    }
    console.log(`  end_transmission → transmission_ended: ${s(endedMs)} s (spec: tracks stop at 7 s, stop call at 7.1 s)`);
    console.log(`  end_transmission → saved video playing: ${s(replayMs)} s (goal ≤ 10 s); recording ${duration.toFixed(1)} s long`);
    console.log(`  studio notices: ${notices.join(', ')}`);
  } finally {
    await browser.close();
  }
} finally {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
