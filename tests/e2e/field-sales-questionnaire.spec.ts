import path from 'node:path';
import { expect, test, type Locator, type Page } from './test.ts';
import { ADMIN, adminApi } from './presential-support.ts';
import { adminLogin } from './support.ts';

/**
 * Issue 19 "ordering by drag and drop" (spec 3 §2 questionnaire editor; admin common/sortableList):
 * an admin drags a question above another with the mouse, saves, and after a reload the
 * questionnaire keeps that order; the API answers it in that order too.
 */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** A real mouse drag of `handle` onto the upper part of `target`, in small moves as a hand does (both on screen: the target near the top). */
async function drag(page: Page, handle: Locator, target: Locator) {
  await target.evaluate((el) => { el.scrollIntoView({ block: 'start' }); window.scrollBy(0, -120); });
  const from = (await handle.boundingBox())!;
  expect(from.y + from.height, 'the dragged handle is on screen').toBeLessThan(page.viewportSize()!.height);
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 4, { steps: 20 });
  await page.mouse.up();
}

const questionValues = (page: Page) => page.getByRole('textbox', { name: /^Pergunta/ }).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));

test('an admin drags a question of a questionnaire above another; the saved order survives a reload', async ({ page, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const api = await adminApi(request);
  const texts = ['A loja está aberta?', 'Quantas frentes do produto?', 'Observações da visita'];
  const created = await api.json<{ id: number }>('POST', '/api/admin_4traders/questions/', {
    title: `Ordem E2E ${stamp}`, description: '',
    steps: [{ title: 'Loja', step_type: 'questions', questions: [
      { text: texts[0], question_type: 'yes_no', required: true },
      { text: texts[1], question_type: 'number', required: true },
      { text: texts[2], question_type: 'text', required: false },
    ] }],
  });

  await page.setViewportSize({ width: 1366, height: 800 });
  await adminLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.goto(`/admin/4traders/questions/${created.id}`);
  // the editor is a lazy chunk, loaded on this first visit
  await expect(page.getByRole('button', { name: `Arrastar para reordenar: ${texts[2]}` })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => questionValues(page)).toEqual(texts);
  await shot(page, 'questionnaire-editor-desktop');

  await drag(page, page.getByRole('button', { name: `Arrastar para reordenar: ${texts[2]}` }), page.getByRole('button', { name: `Arrastar para reordenar: ${texts[0]}` }));
  await expect.poll(() => questionValues(page)).toEqual([texts[2], texts[0], texts[1]]);
  // the saved answer, not the notice (it hides itself after a few seconds)
  const saving = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/admin_4traders/questions/${created.id}/`));
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await saving).status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('button', { name: `Arrastar para reordenar: ${texts[2]}` })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => questionValues(page)).toEqual([texts[2], texts[0], texts[1]]);
  const kept = await api.json<{ steps: Array<{ questions: Array<{ text: string }> }> }>('GET', `/api/admin_4traders/questions/${created.id}/`);
  expect(kept.steps[0]!.questions.map((q) => q.text)).toEqual([texts[2], texts[0], texts[1]]);

  // on a phone the editor and its handles fit the screen
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('button', { name: `Arrastar para reordenar: ${texts[2]}` })).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'questionnaire-editor-phone');
});
