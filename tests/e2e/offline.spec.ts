import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { expect, test } from './test.ts';
import { apiToken, copyOnboardingTraining, portalLogin } from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'lp-e2e-screenshots');

interface Activity { id: number; type: string; title: string; status: string; module: { percent: number } | null; test: { open_attempt_id: number | null } | null }

/**
 * Issue 24 item 6 (spec 2 §2.1 "download content for offline use"): on a phone, a learner
 * downloads a training, loses the connection, opens the portal again (the service worker's app
 * shell), plays the training's video and answers its test; back online, the played time and the
 * answers reach the server — the played time accepted by the completion rule because the download
 * opened the module on the server's clock (docs/api.md "Offline content").
 */
test('a downloaded training plays and is answered offline; progress and answers reach the server when back online', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const { trainingId, auth, publish } = await copyOnboardingTraining(request);
  // the test no longer waits for the video: both can be taken offline
  const hierarchyPath = `/api/admin_group_trainings/group_trainings/${trainingId}/group_training_hierarchy/`;
  const items = await (await request.get(hierarchyPath, { headers: auth })).json() as Array<{ type_id: number; type_slug: string; hierarchy_order: number }>;
  const flat = await request.post(hierarchyPath, {
    headers: auth, data: items.map((item) => ({ type_id: item.type_id, type_slug: item.type_slug, hierarchy_order: item.hierarchy_order, parent_id: null, parent_slug: null })),
  });
  expect(flat.ok(), await flat.text()).toBe(true);
  await publish();

  const learner = { authorization: `Bearer ${await apiToken(request, 'learner@demo.local', 'Learner#2026!')}` };
  const activities = async () => ((await (await request.get(`/api/group_trainings/${trainingId}/`, { headers: learner })).json()) as { activities: Activity[] }).activities;
  const before = await activities();
  const videoId = before.find((a) => a.type === 'module')!.id;
  const testId = before.find((a) => a.type === 'test')!.id;
  // a module and a test may have the same id (each kind numbers its own): an activity is its kind and id
  const theTest = (list: Activity[]) => list.find((a) => a.type === 'test' && a.id === testId)!;
  const theVideo = (list: Activity[]) => list.find((a) => a.type === 'module' && a.id === videoId)!;

  await page.setViewportSize({ width: 390, height: 844 });
  await portalLogin(page, 'learner@demo.local', 'Learner#2026!');
  await page.goto(`/courses/${trainingId}`);
  await expect(page.getByRole('heading', { name: /Boas-vindas à loja/ }).first()).toBeVisible();
  // the service worker installs after the page loaded, with the app shell precached
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });

  // ---- download: the video's file, the module opened on the server, an attempt of the test ----
  await page.getByRole('button', { name: 'Baixar para usar sem conexão' }).click();
  await expect(page.getByText(/1 conteúdo guardado neste aparelho/)).toBeVisible({ timeout: 30_000 });
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.getByRole('region', { name: 'Usar sem conexão' }).screenshot({ path: path.join(SCREENSHOTS, 'offline-panel-phone.png') });
  const downloaded = await activities();
  expect(theTest(downloaded).test!.open_attempt_id).not.toBeNull();
  const attemptId = theTest(downloaded).test!.open_attempt_id!;

  await page.goto('/profile/downloads');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Boas-vindas à loja/ }) });
  await expect(item.getByText(/Vídeo · Vídeo de boas-vindas · \d+ KB/)).toBeVisible();
  await expect(item.getByText(/Prova · Prova de boas-vindas · pronta para responder sem conexão/)).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'downloads-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'downloads-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  // ---- offline: the portal opens from the device, the video plays from it ----
  await context.setOffline(true);
  await page.goto(`/courses/${trainingId}`);
  await expect(page.getByRole('heading', { name: /Boas-vindas à loja/ }).first()).toBeVisible();
  // the download opened it on the server: it is in progress
  await page.getByRole('button', { name: 'Continuar Vídeo de boas-vindas' }).click();
  const video = page.locator('video').first();
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => new Promise<void>((resolve, reject) => {
    v.muted = true;
    v.addEventListener('ended', () => resolve(), { once: true });
    v.addEventListener('error', () => reject(new Error('the downloaded video did not play')), { once: true });
    const start = () => {
      v.currentTime = 0;
      void v.play().catch(reject);
    };
    if (v.readyState >= 1) start();
    else v.addEventListener('loadedmetadata', start, { once: true });
  }));
  await expect(page.getByText('Sem conexão: seu progresso fica guardado neste aparelho e é enviado quando a conexão voltar.')).toBeVisible();

  // ---- offline: the test, answered on the attempt the download opened ----
  await page.getByRole('link', { name: /Prova de boas-vindas/ }).first().click();
  const questions = page.getByRole('radiogroup');
  await expect(questions).toHaveCount(3);
  for (let i = 0; i < 3; i += 1) {
    // the seed's right answers (the first alternative of each question)
    await questions.nth(i).getByRole('radio', { name: /Apresentar-se|todo o expediente|líder da equipe/ }).check();
  }
  await expect(page.getByText('Sem conexão. Suas respostas estão guardadas e serão enviadas quando a conexão voltar.')).toBeVisible();
  // nothing reached the server meanwhile
  const offlineAttempt = await (await request.get(`/api/group_trainings/${trainingId}/tests/${testId}/attempts/${attemptId}/`, { headers: learner })).json() as { questions: Array<{ answer_id: number | null }> };
  expect(offlineAttempt.questions.every((q) => q.answer_id === null)).toBe(true);
  expect(theVideo(await activities()).status).not.toBe('finished');

  // ---- back online: the answers and the played time are sent, and accepted ----
  await context.setOffline(false);
  await expect(page.getByText('Todas as respostas estão salvas.')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => {
    const attempt = await (await request.get(`/api/group_trainings/${trainingId}/tests/${testId}/attempts/${attemptId}/`, { headers: learner })).json() as { questions: Array<{ answer_id: number | null }> };
    return attempt.questions.filter((q) => q.answer_id !== null).length;
  }, { timeout: 30_000 }).toBe(3);
  await expect.poll(async () => theVideo(await activities()).status, { timeout: 30_000 }).toBe('finished');

  await page.getByRole('button', { name: 'Finalizar teste' }).click();
  await expect(page.getByText('Parabéns, você foi aprovado!')).toBeVisible();
});
