import { expect, test } from './test.ts';
import { portalLogin } from './support.ts';

const LEARNER = { email: 'learner@demo.local', password: 'Learner#2026!' };
const DRILL = 'Segurança na loja: 2 perguntas por dia';
const GENERAL_TEST = 'Avaliação de produtos e trocas';

/**
 * Issue 20 items 2 and 3 (spec 3 §3 "Drill", "General test (assessment)", §4): the learner answers
 * today's question of the demo drill against its timer and sees the feedback; then takes the demo
 * general test, reloads in the middle and finds the attempt ended by the server.
 */
test("the learner answers today's drill with a timer, and a reload ends a general test's attempt", async ({ page }) => {
  test.setTimeout(120_000);
  await portalLogin(page, LEARNER.email, LEARNER.password);

  await page.goto('/drills');
  await page.getByRole('link', { name: new RegExp(DRILL) }).click();
  await expect(page.getByRole('heading', { name: DRILL })).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Confirmar resposta' }).click();
  await expect(page.getByText(/Resposta (certa|errada)/).first()).toBeVisible();
  await expect(page.getByText('1 de 2 perguntas hoje')).toBeVisible();

  await page.goto('/general_tests');
  await page.getByRole('link', { name: new RegExp(GENERAL_TEST) }).click();
  await expect(page.getByText('Não recarregue nem saia da página: isso encerra a tentativa.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar teste' }).click();
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Confirmar resposta' }).click();
  await expect(page.getByRole('radio').first()).not.toBeChecked();

  // a reload ends the attempt: starting again shows the result the server recorded
  await page.reload();
  await page.getByRole('button', { name: 'Iniciar teste' }).click();
  await expect(page.getByText(/Você acertou \d de 4 perguntas\./)).toBeVisible();
  await page.goto('/general_tests');
  await expect(page.getByRole('link', { name: new RegExp(GENERAL_TEST) })).toContainText('Reprovado');
});
