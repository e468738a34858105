import { expect, serverPid, test, type APIRequestContext, type Page } from './test.ts';
import config from '../playwright.config.ts';
import { adminLogin, apiToken, portalLogin } from './support.ts';

// Chromium's fake camera and microphone, granted without a prompt (the stream studio captures them)
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...base, args: [...(base.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'] },
});

const STREAM_TITLE = 'Boas-vindas ao vivo: onboarding 2026';
/** where the screens are kept to be looked at (desktop and phone) */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '';

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  for (const [label, viewport] of [['desktop', { width: 1366, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: false });
  }
  if (size) await page.setViewportSize(size);
}

async function seededWebcast(request: APIRequestContext, authorization: string): Promise<number> {
  const found = await request.get(`/api/admin_webcasts/webcasts/?search=${encodeURIComponent('Boas-vindas ao vivo')}&page_size=10`, { headers: { authorization } });
  const body = await found.json() as { results?: Array<{ id: number; title: string }> } | Array<{ id: number; title: string }>;
  const rows = Array.isArray(body) ? body : body.results ?? [];
  const seeded = rows.find((r) => r.title === STREAM_TITLE);
  expect(seeded, 'the demo seed has the browser-streaming webcast').toBeTruthy();
  return seeded!.id;
}

/**
 * Whether the page's video presents new frames now: a few frames within 4 s, counted with
 * requestVideoFrameCallback (a frozen WebRTC picture keeps its currentTime moving; frames do not
 * lie). A browser that paused the video has it played again, muted.
 */
const framesFlow = (page: Page) => page.locator('video').first().evaluate((v: HTMLVideoElement) => new Promise<boolean>((resolve) => {
  if (v.paused) {
    v.muted = true;
    void v.play().catch(() => undefined);
  }
  let frames = 0;
  const timer = setTimeout(() => resolve(false), 4000);
  const next = () => v.requestVideoFrameCallback(() => {
    frames += 1;
    if (frames >= 5) {
      clearTimeout(timer);
      resolve(true);
    } else next();
  });
  next();
}), { timeout: 10_000 }).catch(() => false);

/** The delivery the learner's player uses (`data-playback` of the video player). */
const delivery = (page: Page) => page.locator('.video-player').first().getAttribute('data-playback', { timeout: 5000 }).catch(() => null);

/** A mark in the page's window: still there at the end means the page was never reloaded. */
const markPage = (page: Page) => page.evaluate(() => {
  (window as unknown as { e2eNoReload: boolean }).e2eNoReload = true;
});
const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload === true);

/** The e2e server (tests/e2e-server.mjs) restarts the API, where the ingest lives, on the same data and port. */
function restartServer() {
  process.kill(serverPid(), 'SIGUSR2');
}

/**
 * Issue 27 items 3 and 5, over both deliveries: one learner plays WebRTC (WHEP), another whose
 * WHEP answer is refused plays the HLS fallback. A learner's chat message carries the publisher
 * time of the picture on their screen; the instructor's network drops for 5 s (CDP offline) and
 * both players carry on; the ingest (the API process) restarts, the studio reconnects by itself
 * and both players show the webcast again, without a reload. Once the node takes its offers, the
 * HLS learner's player returns to WebRTC by itself.
 */
test("WebRTC and HLS viewers ride out a 5 s drop at the studio and an ingest restart; the chat carries the picture's publisher time", async ({ page, browser, request }) => {
  test.setTimeout(420_000);
  const instructor = `Bearer ${await apiToken(request, 'instructor@demo.local', 'Instructor#2026!')}`;
  const id = await seededWebcast(request, instructor);
  const streamingState = async () => (await (await request.get(`/api/admin_webcasts/webcasts/${id}/streaming_state/`, { headers: { authorization: instructor } })).json() as { live_stream: { state: string } }).live_stream.state;
  if (await streamingState() !== 'stopped') expect((await request.get(`/api/admin_webcasts/webcasts/${id}/stop_streaming/`, { headers: { authorization: instructor } })).ok()).toBe(true);

  await adminLogin(page, 'instructor@demo.local', 'Instructor#2026!');
  await expect(page.getByLabel('Senha')).toBeHidden();
  await page.goto(`/admin/webcasts/${id}/stream`);
  await page.getByRole('button', { name: 'Criar transmissão' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Transmissão criada.' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Iniciar com a câmera' }).click();
  await page.getByRole('button', { name: 'Entrar ao vivo' }).click();
  await expect(page.getByText('AO VIVO', { exact: true })).toBeVisible({ timeout: 20_000 });

  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await portalLogin(learner, 'learner@demo.local', 'Learner#2026!');
  // the second learner's WHEP offer is refused (as when the node's WebRTC seats are taken): HLS plays
  const hlsLearner = await learnerContext.newPage();
  await hlsLearner.route('**/api/streaming/whep/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"webrtc_viewers_full","detail":"full"}' }));
  for (const [viewer, expected] of [[learner, 'webrtc'], [hlsLearner, 'hls']] as const) {
    await expect.poll(async () => {
      await viewer.goto(`/webcasts/${id}`);
      return viewer.locator('video').first().waitFor({ timeout: 8000 }).then(() => true, () => false);
    }, { timeout: 60_000, intervals: [1000] }).toBe(true);
    // a first picture: HLS waits for its segments, and a busy machine decodes two pictures slowly
    await expect.poll(() => framesFlow(viewer), { timeout: 90_000, intervals: [1000] }).toBe(true);
    // a busy ingest may refuse the first offer (503, HLS meanwhile): the player offers again by itself
    await expect.poll(() => delivery(viewer), { timeout: 60_000, intervals: [1000] }).toBe(expected);
    await markPage(viewer);
  }

  // the message carries the publisher time on screen: a little behind the wall clock (the picture's delay)
  const text = `Em sincronia ${Date.now()}`;
  await learner.getByPlaceholder('Escreva uma mensagem').fill(text);
  const posted = learner.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/webcasts/${id}/chat/`));
  await learner.getByRole('button', { name: 'Enviar', exact: true }).click();
  const sent = (await posted).postDataJSON() as { message: string; media_time?: string };
  expect(sent.message).toBe(text);
  const behind = Date.now() - Date.parse(sent.media_time ?? '');
  expect(behind).toBeGreaterThan(0);
  expect(behind).toBeLessThan(30_000);
  await expect(learner.getByRole('list', { name: 'Mensagens do chat' }).getByText(text)).toBeVisible();
  await shoot(learner, 'watch-live-chat');

  // the instructor's network drops for 5 s and comes back
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.waitForTimeout(5000);
  await shoot(page, 'studio-during-drop');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // both pictures carry on (no reload)
  for (const viewer of [learner, hlsLearner]) await expect.poll(() => framesFlow(viewer), { timeout: 90_000, intervals: [1000] }).toBe(true);
  await expect(page.getByText('AO VIVO', { exact: true })).toBeVisible({ timeout: 60_000 });
  await shoot(page, 'studio-after-drop');

  // the ingest restarts: the studio's socket closes, it retries, opens the channel anew and publishes
  restartServer();
  await expect.poll(async () => (await request.get('/api/health').catch(() => null))?.status() ?? 0, { timeout: 120_000, intervals: [1000] }).not.toBe(200);
  await expect.poll(async () => (await request.get('/api/health').catch(() => null))?.status() ?? 0, { timeout: 120_000, intervals: [1000] }).toBe(200);
  await expect.poll(streamingState, { timeout: 90_000, intervals: [1000] }).toBe('started');
  await expect(page.getByText('AO VIVO', { exact: true })).toBeVisible({ timeout: 60_000 });
  // the watch page's refresh brings the new live addresses: both players show the webcast again
  for (const viewer of [learner, hlsLearner]) await expect.poll(() => framesFlow(viewer), { timeout: 120_000, intervals: [2000] }).toBe(true);
  // a freshly started ingest may refuse an offer while its loop is busy: the player offers again by itself
  await expect.poll(() => delivery(learner), { timeout: 90_000, intervals: [1000] }).toBe('webrtc');
  expect(await delivery(hlsLearner)).toBe('hls');
  for (const viewer of [learner, hlsLearner]) expect(await notReloaded(viewer)).toBe(true);
  await shoot(learner, 'watch-after-restart');

  // the node takes the HLS learner's offers again (seats freed): its player, which kept offering
  // while HLS played, comes back to WebRTC by itself — no reload, no remount by the page
  await hlsLearner.unroute('**/api/streaming/whep/**');
  await expect.poll(() => delivery(hlsLearner), { timeout: 90_000, intervals: [1000] }).toBe('webrtc');
  await expect.poll(() => framesFlow(hlsLearner), { timeout: 60_000, intervals: [1000] }).toBe(true);
  expect(await notReloaded(hlsLearner)).toBe(true);

  expect((await request.get(`/api/admin_webcasts/webcasts/${id}/stop_streaming/`, { headers: { authorization: instructor } })).ok()).toBe(true);
  await learnerContext.close();
});
