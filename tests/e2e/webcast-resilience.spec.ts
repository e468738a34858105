import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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

/** The video's current time, played again (muted) when a browser paused it. */
const playhead = (page: Page) => page.locator('video').first().evaluate((v: HTMLVideoElement) => {
  if (v.paused) {
    v.muted = true;
    void v.play().catch(() => undefined);
  }
  return v.currentTime;
});

/**
 * Issue 27 items 3 and 5: a learner's chat message carries the publisher time of the picture on
 * their screen; the instructor's network drops for 5 s (CDP offline) and the learner's player
 * carries on without a reload.
 */
test("the chat carries the picture's publisher time; a 5 s network drop at the studio does not stop the viewer", async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const instructor = `Bearer ${await apiToken(request, 'instructor@demo.local', 'Instructor#2026!')}`;
  const id = await seededWebcast(request, instructor);
  const current = await (await request.get(`/api/admin_webcasts/webcasts/${id}/streaming_state/`, { headers: { authorization: instructor } })).json() as { live_stream: { state: string } };
  if (current.live_stream.state !== 'stopped') expect((await request.get(`/api/admin_webcasts/webcasts/${id}/stop_streaming/`, { headers: { authorization: instructor } })).ok()).toBe(true);

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
  await expect.poll(async () => {
    await learner.goto(`/webcasts/${id}`);
    return learner.locator('video').first().waitFor({ timeout: 8000 }).then(() => true, () => false);
  }, { timeout: 60_000, intervals: [1000] }).toBe(true);
  await expect.poll(() => playhead(learner), { timeout: 30_000 }).toBeGreaterThan(1);

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

  // the learner's picture carries on (no reload): the playhead moves on by several seconds
  const before = await playhead(learner);
  await expect.poll(() => playhead(learner), { timeout: 60_000 }).toBeGreaterThan(before + 4);
  await expect(page.getByText('AO VIVO', { exact: true })).toBeVisible({ timeout: 60_000 });
  await shoot(page, 'studio-after-drop');

  expect((await request.get(`/api/admin_webcasts/webcasts/${id}/stop_streaming/`, { headers: { authorization: instructor } })).ok()).toBe(true);
  await learnerContext.close();
});
