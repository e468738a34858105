import { expect, test, type APIRequestContext, type Page } from './test.ts';
import config from '../playwright.config.ts';
import { adminLogin, portalLogin } from './support.ts';

// Chromium's fake camera and microphone, granted without a prompt (the stream studio captures them)
const base = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...base, args: [...(base.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'] },
});

const STREAM_TITLE = 'Boas-vindas ao vivo: onboarding 2026';
/** the admin's origin when it is not the server's (the admin's Vite dev server); empty in the suite */
const ADMIN = process.env.E2E_ADMIN_ORIGIN ?? '';
const BASIC = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;

async function token(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/api/o/token/', { headers: { authorization: BASIC }, form: { grant_type: 'password', username, password } });
  expect(res.ok()).toBe(true);
  return (await res.json()).access_token as string;
}

/** The seeded browser-streaming webcast (from the demo seed), or a new one for the learner's group. */
async function streamingWebcast(request: APIRequestContext, headers: { authorization: string }): Promise<number> {
  const found = await request.get(`/api/admin_webcasts/webcasts/?search=${encodeURIComponent('Boas-vindas ao vivo')}&page_size=10`, { headers });
  if (found.ok()) {
    const body = await found.json() as { results?: Array<{ id: number; title: string }> } | Array<{ id: number; title: string }>;
    const rows = Array.isArray(body) ? body : body.results ?? [];
    const seeded = rows.find((r) => r.title === STREAM_TITLE);
    if (seeded) return seeded.id;
  }
  const groups = await (await request.get('/api/lookups/user_groups/', { headers })).json() as Array<{ id: number; name: string }>;
  const created = await request.post('/api/admin_webcasts/webcasts/', {
    headers,
    data: {
      title: `${STREAM_TITLE} (e2e)`, description: '<p>Transmissão pelo navegador</p>', webcast_type: 2, embed: 'none',
      transmission_date: new Date(Date.now() + 3600_000).toISOString().replace(/\.\d+Z$/, 'Z'), timezone: 'America/Sao_Paulo', workload: 1,
      score: 0, use_chat: true, chat_moderated: true, tags: [], areas: [], profiles: [],
      user_groups: groups.filter((g) => g.name === 'Onboarding 2026').map((g) => g.id),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id as number;
}

/** The page's video plays: its currentTime moves on by at least `seconds`. */
async function expectPlaying(page: Page, seconds: number) {
  const video = page.locator('video').first();
  await expect(video).toBeAttached({ timeout: 30_000 });
  // play() again while it is paused: a call made before the player attached its source is undone by the load
  const time = () => video.evaluate((v: HTMLVideoElement) => {
    if (v.paused) {
      v.muted = true;
      void v.play().catch(() => undefined);
    }
    return v.currentTime;
  });
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0);
  const start = await time();
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(start + seconds);
}

/**
 * Issue 6 (spec 2 §2.1, §2.6, §4.14, §7.3): the instructor broadcasts the type-2 webcast from the
 * stream tab with Chromium's fake camera — WebRTC to the ingest, live HLS to the learner, who
 * watches it; the instructor ends the transmission and saves the video, and the learner plays
 * the recording.
 */
test('an instructor streams a webcast from the browser; a learner watches it live and then the recording', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const instructor = { authorization: `Bearer ${await token(request, 'instructor@demo.local', 'Instructor#2026!')}` };
  const id = await streamingWebcast(request, instructor);
  // a failed earlier attempt (CI retries) may have left its transmission on air: end it first
  const current = await (await request.get(`/api/admin_webcasts/webcasts/${id}/streaming_state/`, { headers: instructor })).json() as { live_stream: { state: string } };
  if (current.live_stream.state !== 'stopped') expect((await request.get(`/api/admin_webcasts/webcasts/${id}/stop_streaming/`, { headers: instructor })).ok()).toBe(true);

  // the instructor's stream studio
  await adminLogin(page, 'instructor@demo.local', 'Instructor#2026!', `${ADMIN}/admin/`);
  await expect(page.getByLabel('Senha')).toBeHidden();
  await page.goto(`${ADMIN}/admin/webcasts/${id}/stream`);
  await expect(page.getByText(/^Início do webinar: \d{4}-\d\d-\d\d \d\d:\d\d$/)).toBeVisible();
  await page.getByRole('button', { name: 'Criar transmissão' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Transmissão criada. Escolha a câmera ou a tela e entre ao vivo.' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Iniciar com a câmera' }).click();
  await expect(page.getByRole('button', { name: 'Compartilhar tela' })).toBeVisible();
  await page.getByRole('button', { name: 'Entrar ao vivo' }).click();
  await expect(page.getByText('AO VIVO', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Você está ao vivo')).toBeVisible();

  // a learner watches it live
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await portalLogin(learner, 'learner@demo.local', 'Learner#2026!');
  // the page shows the player once the first segments exist: reload until it does
  await expect.poll(async () => {
    await learner.goto(`/webcasts/${id}`);
    return learner.locator('video').first().waitFor({ timeout: 8000 }).then(() => true, () => false);
  }, { timeout: 60_000, intervals: [1000] }).toBe(true);
  await expectPlaying(learner, 3);

  // spec 2 §4.13: the learner's message waits for moderation (chat_moderated), the instructor
  // approves it from the chat tab in another window, and it reaches the learner's public chat
  const text = `Pergunta ao vivo ${Date.now()}`;
  await learner.getByPlaceholder('Escreva uma mensagem').fill(text);
  await learner.getByRole('button', { name: 'Enviar', exact: true }).click();
  const mine = learner.getByRole('list', { name: 'Mensagens do chat' }).getByRole('listitem').filter({ hasText: text });
  await expect(mine.getByText('Aguardando moderação')).toBeVisible();
  const moderation = await page.context().newPage();
  await moderation.goto(`${ADMIN}/admin/webcasts/${id}/chat_moderation`);
  await moderation.getByRole('region', { name: 'Moderação' }).getByText(text).click();
  await moderation.getByRole('dialog').getByRole('button', { name: 'Aprovar', exact: true }).click();
  await expect(moderation.getByRole('region', { name: 'Público' }).getByText(text)).toBeVisible();
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Aguardando moderação')).toBeHidden();
  await moderation.close();

  // the instructor ends the transmission (confirmed) and saves the video
  await page.getByRole('button', { name: 'Encerrar transmissão' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Encerrar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Transmissão encerrada. Salve o vídeo' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('O vídeo só fica disponível para os participantes depois de salvo', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar vídeo do webinar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'O vídeo está disponível para os participantes' })).toBeVisible({ timeout: 60_000 });

  // the learner plays the recording from its start
  await learner.goto(`/webcasts/${id}`);
  await expectPlaying(learner, 2);
  await learnerContext.close();
});
